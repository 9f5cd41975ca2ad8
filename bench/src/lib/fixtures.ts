import type { Database } from '@fantarift/server/src/db/client.ts';
import { players } from '@fantarift/server/src/db/schema.ts';
import { createSession, SESSION_COOKIE } from '@fantarift/server/src/modules/auth/index.ts';
import { openRoster } from '@fantarift/server/src/modules/rosters/index.ts';
import { createLeague, createUser } from '@fantarift/server/src/seed/factories.ts';

const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;

/** An open-market LEC league of `teamCount` teams with 5 players each (cost = tier, cycling 1..5). */
export async function marketLeague(db: Database, name: string, teamCount: number) {
  const teams = Array.from({ length: teamCount }, (_, i) => `${name} Team ${i + 1}`);
  const league = await createLeague(db, { name, type: 'LEC', teams, marketOpen: true, status: 'Active' });
  const playerRows = await db
    .insert(players)
    .values(
      teams.flatMap((team, t) =>
        ROLES.map((role, r) => {
          const tier = ((t + r) % 5) + 1;
          return { name: `${team} ${role}`, team, role, tier, cost: tier };
        }),
      ),
    )
    .returning({ id: players.id, cost: players.cost });
  return { league, players: playerRows };
}

export interface BenchUser {
  userId: string;
  username: string;
  /** the Cookie header value that signs this user in */
  cookie: string;
}

/** A confirmed user (real argon2 hash, via the shared factory) with a live session, as the tests make them. */
export async function userWithSession(db: Database, username: string): Promise<BenchUser> {
  const user = await createUser(db, { email: `${username}@bench.invalid`, username });
  return { userId: user.id, username, cookie: await sessionCookie(db, user.id) };
}

export async function sessionCookie(db: Database, userId: string): Promise<string> {
  const { token } = await createSession(db, userId, { ip: '127.0.0.1', userAgent: 'fantarift-bench' });
  return `${SESSION_COOKIE}=${token}`;
}

/** Joins the league the way the server does (starting balance written to the ledger). */
export async function joinLeague(db: Database, userId: string, leagueId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await openRoster(tx, { userId, leagueId, leagueType: 'LEC' });
  });
}

/** Runs `fn` over `items` with at most `concurrency` at a time. */
export async function mapLimit<T, R>(
  items: T[],
  concurrency: number,
  fn: (item: T, i: number) => Promise<R>,
) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}
