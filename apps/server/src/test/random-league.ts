import { championCost } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client.ts';
import { champions, players } from '../db/schema.ts';
import { createLeague } from '../seed/factories.ts';

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

/** The player as the series MVP of the match (its first match day), beside any it has. */
export async function addSeriesMvp(db: DbOrTx, matchId: string, playerId: string) {
  await db.execute(sql`
    insert into series_mvp (match_id, player_id, league_id, week_id, match_day)
    select id, ${playerId}, league_id, week_id, 1 from matches where id = ${matchId}`);
}

/** The match's series MVP taken away and the player made it instead. */
export async function replaceSeriesMvp(db: DbOrTx, matchId: string, playerId: string) {
  await db.execute(sql`delete from series_mvp where match_id = ${matchId}`);
  await addSeriesMvp(db, matchId, playerId);
}

/** Most of the time, a series MVP for the match: one of the players at random. */
export async function maybeSeriesMvp(db: Database, r: Rng, ps: { id: string }[], matchId: string) {
  if (r.next() < 0.8) await addSeriesMvp(db, matchId, r.pick(ps).id);
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

const BASE = Date.UTC(2026, 0, 5, 18);
const HOUR = 3_600_000;

/**
 * A random league: 2 teams, a few champions, 3 weeks of matches (some sharing a start time, some not
 * completed), random stats (some without champion, some games without a winner row), a series MVP
 * (sometimes a player without stats), and rosters buying and selling players and champions at random
 * moments — often exactly at a match start, just before or just after it. `steadyRosters` more rosters buy
 * their players before the season and never sell them (a big league's common case, which some paths treat
 * apart).
 */
export async function randomPointsLeague(
  db: Database,
  seed: number,
  options: { steadyRosters?: number } = {},
) {
  const r = rng(seed);
  const tag = `${seed}-${Math.random().toString(36).slice(2, 7)}`;
  const [A, B] = [`A ${tag}`, `B ${tag}`];
  const league = await createLeague(db, { name: `Prop ${tag}`, type: 'LEC', teams: [A, B] });
  const { ps, cs } = await randomCatalogue(db, r, [A, B], tag);
  const weekIds: string[] = [];
  for (let w = 1; w <= 3; w++) {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into weeks (league_id, week_number, name, start_date, end_date)
      values (${league.id}, ${w}, ${`W${w}`}, '2026-01-01', '2026-12-31') returning id`);
    weekIds.push(rows[0]!.id);
  }
  const starts: number[] = [];
  const matchIds: string[] = [];
  for (let i = 0; i < 7; i++) {
    const at = i > 0 && r.next() < 0.2 ? starts[i - 1]! : BASE + i * 24 * HOUR + r.int(5) * HOUR;
    starts.push(at);
    const games = 2 + r.int(2);
    const winner = r.next() < 0.5 ? A : B;
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into matches (league_id, week_id, team1, team2, date, match_format, completed, games_played, winner)
      values (${league.id}, ${weekIds[Math.min(2, Math.floor(i / 3))]!}, ${A}, ${B}, ${new Date(at).toISOString()},
              3, ${r.next() < 0.85}, ${games}, ${winner}) returning id`);
    const matchId = rows[0]!.id;
    matchIds.push(matchId);
    // the match's rows are drawn in order, then written in one statement per table
    const gameRows: SQL[] = [];
    const statRows: SQL[] = [];
    for (let g = 1; g <= games; g++) {
      if (r.next() < 0.85) gameRows.push(sql`(${matchId}, ${g}, ${r.next() < 0.5 ? A : B})`);
      for (const p of ps) {
        if (r.next() < 0.1) continue; // a player missing from a game
        const champ = r.next() < 0.15 ? null : r.pick(cs).id;
        const points = Math.round((r.next() * 40 - 5) * 10) / 10;
        statRows.push(sql`(${matchId}, ${p.id}, ${g}, ${p.team}, ${champ}, ${points})`);
      }
    }
    if (gameRows.length > 0) {
      await db.execute(
        sql`insert into match_games (match_id, game_number, winner) values ${sql.join(gameRows, sql`, `)}`,
      );
    }
    await db.execute(sql`
      insert into player_stats (match_id, player_id, game_number, team_name, champion_id, points)
      values ${sql.join(statRows, sql`, `)}`);
    await maybeSeriesMvp(db, r, ps, matchId);
  }
  // a moment near a match start: exactly at it, just before, just after, or anywhere
  const moment = () => {
    const s = r.pick(starts);
    const k = r.int(4);
    return new Date(
      k === 0 ? s : k === 1 ? s - 1 : k === 2 ? s + 1 : BASE - 48 * HOUR + r.int(10 * 24) * HOUR,
    );
  };
  const interval = () => {
    const a = r.next() < 0.4 ? new Date(BASE - 72 * HOUR) : moment();
    if (r.next() < 0.5) return [a, null] as const;
    const b = moment();
    return b >= a ? ([a, b] as const) : ([b, a] as const);
  };
  // each roster's holdings of a kind in one statement, as a restore or an admin's edit writes them
  const holdings = (rosterId: string, items: { id: string }[], count: number) =>
    Array.from({ length: count }, () => {
      const [from, to] = interval();
      return sql`(${rosterId}::uuid, ${r.pick(items).id}::uuid, ${league.id}::uuid, 1, ${from.toISOString()}::timestamptz, ${to?.toISOString() ?? null}::timestamptz)`;
    });
  for (let k = 0; k < 6; k++) {
    const rosterId = await emptyRoster(db, league.id, tag, k);
    await db.execute(sql`
      insert into roster_players (roster_id, player_id, league_id, price_paid, acquired_at, released_at)
      values ${sql.join(holdings(rosterId, ps, 1 + r.int(6)), sql`, `)}
      on conflict do nothing`);
    const champs = holdings(rosterId, cs, r.int(6));
    if (champs.length > 0) {
      await db.execute(sql`
        insert into roster_champions (roster_id, champion_id, league_id, price_paid, acquired_at, released_at)
        values ${sql.join(champs, sql`, `)}
        on conflict do nothing`);
    }
  }
  for (let k = 0; k < (options.steadyRosters ?? 0); k++) {
    const rosterId = await emptyRoster(db, league.id, tag, 6 + k);
    for (let h = 0; h < 1 + r.int(4); h++) {
      await db.execute(sql`
        insert into roster_players (roster_id, player_id, league_id, price_paid, acquired_at)
        values (${rosterId}, ${r.pick(ps).id}, ${league.id}, 1, ${new Date(BASE - 72 * HOUR).toISOString()})
        on conflict do nothing`);
    }
  }
  return {
    leagueId: league.id,
    weekIds,
    matchIds,
    championIds: cs.map((c) => c.id),
    playerIds: ps.map((p) => p.id),
  };
}
