import { championCost } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { champions, players } from '../db/schema.ts';

const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;

/** A small PRNG (xorshift) so that one fast-check seed gives one whole random league. */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(a: T[]) => a[Math.floor(next() * a.length)]!,
  };
}

export type Rng = ReturnType<typeof rng>;

/** A random league's catalogue: each team's five players (tier and cost 1) and five champions of random tiers. */
export async function randomCatalogue(db: Database, r: Rng, teams: string[], tag: string) {
  const ps = await db
    .insert(players)
    .values(
      teams.flatMap((team) =>
        ROLES.map((role) => ({ name: `${team} ${role}`, team, role, tier: 1, cost: 1 })),
      ),
    )
    .returning();
  const cs = await db
    .insert(champions)
    .values(
      Array.from({ length: 5 }, (_, i) => {
        const tier = 1 + r.int(6);
        return { name: `C${i} ${tag}`, tier, cost: championCost(tier), roles: ['Top'] };
      }),
    )
    .returning();
  return { ps, cs };
}

/** Most of the time, a series MVP for the match: one of the players at random. */
export async function maybeSeriesMvp(db: Database, r: Rng, ps: { id: string }[], matchId: string) {
  if (r.next() < 0.8) {
    await db.execute(sql`
      insert into series_mvp (match_id, player_id, league_id, week_id, match_day)
      select id, ${r.pick(ps).id}, league_id, week_id, 1 from matches where id = ${matchId}`);
  }
}

/** The k-th participant of a random league, with an empty roster and no coins; returns the roster's id. */
export async function emptyRoster(db: Database, leagueId: string, tag: string, k: number) {
  const { rows } = await db.execute<{ id: string }>(sql`
      insert into users (email, username, password_hash) values (${`p${k}-${tag}@x.invalid`}, ${`p${k}-${tag}`}, 'x')
      returning id`);
  const roster = await db.execute<{ id: string }>(sql`
      insert into rosters (user_id, league_id, username, panda_coin, burro_coin)
      values (${rows[0]!.id}, ${leagueId}, ${`p${k}-${tag}`}, 0, 0) returning id`);
  return roster.rows[0]!.id;
}
