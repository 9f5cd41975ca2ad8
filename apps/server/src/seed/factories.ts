import { DEFAULT_PHASES, type LeagueType } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { leaguePhases, leagues, users } from '../db/schema.ts';
import { canonicalEmail } from '../lib/email.ts';
import { hashPassword } from '../lib/password.ts';

/** Seed factories shared by tests, e2e fixtures and the demo data. */

export async function createUser(
  db: DbOrTx,
  p: { email: string; username: string; password?: string; isAdmin?: boolean; confirmed?: boolean },
) {
  const [user] = await db
    .insert(users)
    .values({
      email: canonicalEmail(p.email),
      username: p.username,
      passwordHash: await hashPassword(p.password ?? 'segreta123'),
      isAdmin: p.isAdmin ?? false,
      emailConfirmedAt: p.confirmed === false ? null : sql`now()`,
    })
    .returning();
  return user!;
}

export interface LeagueFactoryInput {
  name: string;
  type: LeagueType;
  status?: 'Upcoming' | 'Active' | 'Completed';
  startDate?: string;
  endDate?: string;
  teams?: string[];
  marketOpen?: boolean;
  rulesRequired?: boolean;
  rulesText?: string | null;
  marketBlockTimezone?: string;
  marketBlockStartTime?: string | null;
  marketBlockEndTime?: string | null;
  /** phase names with their team counts; default: the type's default phases, the first one current */
  phases?: { name: string; teamCount: number; participatingTeams?: string[] }[];
}

export async function createLeague(db: DbOrTx, p: LeagueFactoryInput) {
  const [league] = await db
    .insert(leagues)
    .values({
      name: p.name,
      type: p.type,
      status: p.status ?? 'Active',
      startDate: p.startDate ?? '2026-01-01',
      endDate: p.endDate ?? '2026-12-31',
      teams: p.teams ?? [],
      marketOpen: p.marketOpen ?? true,
      rulesRequired: p.rulesRequired ?? false,
      rulesText: p.rulesText ?? null,
      marketBlockTimezone: p.marketBlockTimezone ?? 'UTC',
      marketBlockStartTime: p.marketBlockStartTime ?? null,
      marketBlockEndTime: p.marketBlockEndTime ?? null,
    })
    .returning();
  const phases = p.phases ?? DEFAULT_PHASES[p.type].phases.map((ph) => ({ ...ph, participatingTeams: [] }));
  if (phases.length > 0) {
    await db.insert(leaguePhases).values(
      phases.map((ph, i) => ({
        leagueId: league!.id,
        phaseName: ph.name,
        phaseOrder: i + 1,
        teamCount: ph.teamCount,
        participatingTeams: ph.participatingTeams ?? [],
        isCurrent: i === 0,
      })),
    );
  }
  return league!;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, canonicalEmail(email)));
  return user;
}
