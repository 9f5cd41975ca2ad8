import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { champions, players } from '../db/schema.ts';
import { createSession } from '../modules/auth/index.ts';
import { createLeague, createUser, type LeagueFactoryInput } from '../seed/factories.ts';
import { type Agent, agent } from './http.ts';

/** A confirmed user with a live session, without going through the (slow, rate-limited) login. */
export async function userAgent(
  app: FastifyInstance,
  db: Database,
  p: { username?: string; email?: string; isAdmin?: boolean } = {},
): Promise<Agent & { userId: string; username: string }> {
  const username = p.username ?? `user_${randomUUID().slice(0, 8)}`;
  const email = p.email ?? `${username}@example.com`;
  const user = await createUser(db, { email, username, isAdmin: p.isAdmin });
  const { token } = await createSession(db, user.id, { ip: '127.0.0.1' });
  const a = agent(app);
  a.cookie = `fr_session=${token}`;
  return Object.assign(a, { userId: user.id, username });
}

const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;

/** A league of `teamCount` teams (5 players each, one per role, cost = tier cycling 1..5) and 12 champions. */
export async function marketWorld(db: Database, league: Partial<LeagueFactoryInput> = {}, teamCount = 4) {
  const tag = randomUUID().slice(0, 6);
  const teams = Array.from({ length: teamCount }, (_, i) => `Team${i + 1} ${tag}`);
  const l = await createLeague(db, {
    name: `Lega ${tag}`,
    type: 'LEC',
    teams,
    marketOpen: true,
    ...league,
  });
  const playerRows = await db
    .insert(players)
    .values(
      teams.flatMap((team, t) =>
        ROLES.map((role, r) => {
          const tier = ((t + r) % 5) + 1;
          return { name: `${team}-${role}`, team, role, tier, cost: tier };
        }),
      ),
    )
    .returning();
  const existing = await db.select().from(champions);
  const championRows =
    existing.length > 0
      ? existing
      : await db
          .insert(champions)
          .values(
            Array.from({ length: 12 }, (_, i) => {
              const tier = (i % 6) + 1;
              return { name: `Champ${i}`, tier, cost: tier === 6 ? 15 : tier, roles: [ROLES[i % 5]!] };
            }),
          )
          .returning();
  return { league: l, teams, players: playerRows, champions: championRows };
}

/** Every roster's balances equal its ledger sums and its counters equal its open holdings. */
export async function ledgerViolations(db: Database): Promise<unknown[]> {
  const result = await db.execute(sql`
    select r.id, r.panda_coin, r.burro_coin, r.player_count, r.champion_count,
      (select coalesce(sum(amount), 0) from transactions t where t.roster_id = r.id and t.currency = 'PandaCoin')::int as pc,
      (select coalesce(sum(amount), 0) from transactions t where t.roster_id = r.id and t.currency = 'BurroCoin')::int as bc,
      (select count(*) from roster_players h where h.roster_id = r.id and h.released_at is null)::int as hp,
      (select count(*) from roster_champions h where h.roster_id = r.id and h.released_at is null)::int as hc
    from rosters r`);
  return result.rows.filter(
    (r) =>
      r.panda_coin !== r.pc ||
      r.burro_coin !== r.bc ||
      r.player_count !== r.hp ||
      r.champion_count !== r.hc ||
      Number(r.panda_coin) < 0 ||
      Number(r.burro_coin) < 0 ||
      Number(r.player_count) > 5 ||
      Number(r.champion_count) > 8,
  );
}
