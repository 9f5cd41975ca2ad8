import type { LeagueType } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { champions, players } from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { createMatch, createWeek } from '../../test/admin-fixtures.ts';
import { userAgent } from '../../test/fixtures.ts';
import { emptyRoster, maybeSeriesMvp, randomCatalogue, rng } from '../../test/random-league.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { openRoster } from '../rosters/index.ts';
import type { ExplainedRosterPoints } from './explain-roster-points.ts';
import { recomputeWeeks } from './roster-points.ts';
import { scoreMatches } from './score-match.ts';
import { rulesForLeague } from './scoring-rules.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
const HOUR = 3_600_000;
const cents = (v: number) => Math.round(v * 100);
const sumCents = (values: number[]) => values.reduce((a, v) => a + cents(v), 0);

/** Every figure of a breakdown adds up: lines → game, games + MVP → player, players → match → week → total. */
function expectConsistent(p: ExplainedRosterPoints) {
  for (const week of p.weeks) {
    for (const match of week.matches) {
      for (const player of match.players) {
        if (player.status === 'boughtAfterStart') {
          expect(player.points).toBe(0);
          expect(player.games).toEqual([]);
          continue;
        }
        for (const game of player.games) {
          expect(sumCents(game.lines.map((l) => l.points))).toBe(cents(game.gamePoints));
          const bonus = game.championBonus ? game.championBonus.matchBonus + game.championBonus.winBonus : 0;
          expect(cents(game.points)).toBe(cents(game.gamePoints) + cents(bonus));
        }
        expect(cents(player.points)).toBe(
          sumCents(player.games.map((g) => g.points)) + cents(player.seriesMvpPoints ?? 0),
        );
      }
      expect(cents(match.points)).toBe(sumCents(match.players.map((x) => x.points)));
    }
    expect(week.unexplained).toBe(0);
    expect(cents(week.points)).toBe(sumCents(week.matches.map((m) => m.points)));
  }
  expect(cents(p.weeksTotal)).toBe(sumCents(p.weeks.map((w) => w.points)));
  expect(cents(p.totalPoints)).toBe(cents(p.weeksTotal) + cents(p.adjustment));
}

describe('why these points, on a match saved through the editor', () => {
  it('explains each line, champion bonus and series MVP, and says 0 for what was bought after the start', async () => {
    const db = ctx.database.db;
    const tag = Math.random().toString(36).slice(2, 7);
    const [A, B] = [`Azure ${tag}`, `Blaze ${tag}`];
    const league = await createLeague(db, { name: `Perché ${tag}`, type: 'LEC', teams: [A, B] });
    const ps = await db
      .insert(players)
      .values(
        [A, B].flatMap((team) =>
          ROLES.map((role) => ({ name: `${team} ${role}`, team, role, tier: 1, cost: 1 })),
        ),
      )
      .returning();
    const [C, D] = await db
      .insert(champions)
      .values([
        { name: `Tre ${tag}`, tier: 3, cost: 3, roles: ['Top'] },
        { name: `Due ${tag}`, tier: 2, cost: 2, roles: ['Top'] },
      ])
      .returning();
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const me = await userAgent(ctx.app, db);
    const other = await userAgent(ctx.app, db);
    const rosterOf = async (userId: string) =>
      (await db.transaction((tx) =>
        openRoster(tx, { userId, leagueId: league.id, leagueType: 'LEC' as LeagueType }),
      ))!;
    const myRoster = await rosterOf(me.userId);
    const otherRoster = await rosterOf(other.userId);

    const week = await createWeek(admin, {
      leagueId: league.id,
      weekNumber: 1,
      name: 'Week 1',
      startDate: '2026-01-05',
      endDate: '2026-01-11',
    });
    const start = new Date('2026-01-08T18:00:00Z');
    const matchId = await createMatch(admin, week.id, {
      team1: A,
      team2: B,
      date: start.toISOString(),
      matchFormat: 3,
    });

    const top = ps.find((p) => p.name === `${A} Top`)!;
    const mid = ps.find((p) => p.name === `${A} Mid`)!;
    const hold = async (
      table: 'roster_players' | 'roster_champions',
      rosterId: string,
      id: string,
      at: Date,
    ) => {
      const column = table === 'roster_players' ? sql`player_id` : sql`champion_id`;
      await db.execute(sql`
        insert into ${sql.identifier(table)} (roster_id, ${column}, league_id, price_paid, acquired_at)
        values (${rosterId}, ${id}, ${league.id}, 1, ${at.toISOString()})`);
    };
    const before = new Date(start.getTime() - 24 * HOUR);
    const after = new Date(start.getTime() + HOUR);
    await hold('roster_players', myRoster.id, top.id, before);
    await hold('roster_players', myRoster.id, mid.id, after); // bought after the start
    await hold('roster_champions', myRoster.id, C!.id, before);
    await hold('roster_champions', myRoster.id, D!.id, after); // bought after the start
    await hold('roster_players', otherRoster.id, mid.id, before);

    const stat = (playerId: string, championId: string | null, kills: number) => ({
      playerId,
      championId,
      kills,
      deaths: 1,
      assists: 3,
      cs: 215,
    });
    const save = await admin.request({
      method: 'PUT',
      url: `/api/admin/matches/${matchId}/statistics`,
      payload: {
        gamesPlayed: 2,
        winner: A,
        seriesMvpPlayerId: top.id,
        games: [1, 2].map((gameNumber) => ({
          gameNumber,
          winner: gameNumber === 1 ? A : B,
          players: [stat(top.id, gameNumber === 1 ? C!.id : D!.id, 5), stat(mid.id, C!.id, 2)],
          objectives: [{ teamName: A, dragons: 2, towers: 3, firstBlood: true }],
        })),
      },
    });
    expect(save.statusCode, save.body).toBe(200);

    const res = await me.request({ method: 'GET', url: `/api/leagues/${league.id}/my-roster/points` });
    expect(res.statusCode, res.body).toBe(200);
    const points = res.json().points as ExplainedRosterPoints;
    expectConsistent(points);
    const [w] = points.weeks;
    const [m] = w!.matches;
    const topLine = m!.players.find((p) => p.playerId === top.id)!;
    const midLine = m!.players.find((p) => p.playerId === mid.id)!;
    expect(midLine).toMatchObject({ status: 'boughtAfterStart', points: 0 });
    expect(topLine.status).toBe('held');
    expect(topLine.seriesMvpPoints).toBe(10);
    const [g1, g2] = topLine.games;
    expect(g1!.lines).toContainEqual({ kind: 'kills', label: 'Uccisioni', count: 5, per: 2, points: 10 });
    // game 1: C (tier 3) held at the start, his team won → match bonus 3 + win bonus 3
    expect(g1).toMatchObject({ champion: { id: C!.id, tier: 3 }, championStatus: 'held', teamWon: true });
    expect(g1!.championBonus).toEqual({ matchBonus: 3, winBonus: 3 });
    // game 2: D bought after the start → no bonus, and the reason is listed with the player who played it
    expect(g2).toMatchObject({ championStatus: 'boughtAfterStart', championBonus: null, teamWon: false });
    expect(m!.lateChampions).toEqual([{ championId: D!.id, name: D!.name, playerName: top.name }]);
    const stored = await db.execute<{ points: number; total: number }>(sql`
      select w.points::float as points, r.total_points::float as total from roster_week_points w
      join rosters r on r.id = w.roster_id where w.roster_id = ${myRoster.id}`);
    expect(w!.points).toBe(stored.rows[0]!.points);
    expect(points.totalPoints).toBe(stored.rows[0]!.total);
    expect(points.totalPoints).toBe(topLine.points);

    // the other participant's roster, seen from the leaderboard: his Mid counts for him
    const seen = await me.request({
      method: 'GET',
      url: `/api/leagues/${league.id}/rosters/${otherRoster.id}/points`,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    const theirsPoints = seen.json().points as ExplainedRosterPoints;
    expectConsistent(theirsPoints);
    expect(theirsPoints.weeks[0]!.matches[0]!.players).toMatchObject([{ playerId: mid.id, status: 'held' }]);
    // C is not his: no champion bonus, and no "bought after" note
    expect(theirsPoints.weeks[0]!.matches[0]!.players[0]!.games[0]!.championStatus).toBe('notHeld');

    // an admin adjustment is its own line; the total still adds up
    await db.execute(sql`
      update rosters set points_adjustment = -2.5, total_points = total_points - 2.5 where id = ${myRoster.id}`);
    const adjusted = (
      await me.request({ method: 'GET', url: `/api/leagues/${league.id}/my-roster/points` })
    ).json().points as ExplainedRosterPoints;
    expect(adjusted.adjustment).toBe(-2.5);
    expectConsistent(adjusted);
  });

  it('explains a week numbered past 10,000 and an admin total near a billion over negative week points', async () => {
    const db = ctx.database.db;
    const tag = Math.random().toString(36).slice(2, 7);
    const [A, B] = [`Alta ${tag}`, `Bassa ${tag}`];
    const league = await createLeague(db, { name: `Limiti ${tag}`, type: 'LEC', teams: [A, B] });
    const [top] = await db
      .insert(players)
      .values({ name: `${A} Top`, team: A, role: 'Top', tier: 1, cost: 1 })
      .returning();
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const me = await userAgent(ctx.app, db);
    const roster = (await db.transaction((tx) =>
      openRoster(tx, { userId: me.userId, leagueId: league.id, leagueType: 'LEC' }),
    ))!;
    // the admin numbers weeks freely, up to int4
    const week = await createWeek(admin, {
      leagueId: league.id,
      weekNumber: 2_000_000_000,
      name: 'Settimana lontana',
      startDate: '2026-01-05',
      endDate: '2026-01-11',
    });
    const matchId = await createMatch(admin, week.id, {
      team1: A,
      team2: B,
      date: '2026-01-08T18:00:00Z',
      matchFormat: 1,
    });
    await db.execute(sql`
      insert into roster_players (roster_id, player_id, league_id, price_paid, acquired_at)
      values (${roster.id}, ${top!.id}, ${league.id}, 1, '2026-01-01')`);
    // ten deaths and nothing else: −5 points with the default rules
    const save = await admin.request({
      method: 'PUT',
      url: `/api/admin/matches/${matchId}/statistics`,
      payload: {
        gamesPlayed: 1,
        winner: B,
        games: [{ gameNumber: 1, winner: B, players: [{ playerId: top!.id, deaths: 10 }], objectives: [] }],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const edit = await admin.request({
      method: 'PATCH',
      url: `/api/admin/rosters/${roster.id}`,
      payload: { totalPoints: 999_999_999 },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const res = await me.request({ method: 'GET', url: `/api/leagues/${league.id}/my-roster/points` });
    expect(res.statusCode, res.body).toBe(200);
    const points = res.json().points as ExplainedRosterPoints;
    expect(points.weeks.map((w) => [w.weekNumber, w.points])).toEqual([[2_000_000_000, -5]]);
    expect(points).toMatchObject({ weeksTotal: -5, adjustment: 1_000_000_004, totalPoints: 999_999_999 });
    expectConsistent(points);
  });

  it('answers 404 for a roster of another league or none, 401 without a session', async () => {
    const db = ctx.database.db;
    const tag = Math.random().toString(36).slice(2, 7);
    const l1 = await createLeague(db, { name: `Uno ${tag}`, type: 'LEC' });
    const l2 = await createLeague(db, { name: `Due ${tag}`, type: 'LEC' });
    const u = await userAgent(ctx.app, db);
    const roster = (await db.transaction((tx) =>
      openRoster(tx, { userId: u.userId, leagueId: l1.id, leagueType: 'LEC' }),
    ))!;
    const get = (url: string, who = u) => who.request({ method: 'GET', url });
    expect((await get(`/api/leagues/${l1.id}/rosters/${roster.id}/points`)).statusCode).toBe(200);
    const wrong = await get(`/api/leagues/${l2.id}/rosters/${roster.id}/points`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Roster non trovato per questa lega');
    expect((await get(`/api/leagues/${l1.id}/rosters/${crypto.randomUUID()}/points`)).statusCode).toBe(404);
    expect((await get(`/api/leagues/${l2.id}/my-roster/points`)).statusCode).toBe(404);
    expect((await get(`/api/leagues/${l1.id}/rosters/not-a-uuid/points`)).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/leagues/${l1.id}/rosters/${roster.id}/points`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

/**
 * A random league scored by the engine: real statistics (kills, cs, multi-kills, MVPs), objectives,
 * game winners, series MVPs, matches some not completed, and rosters whose holdings (one after the other,
 * as trades make them) start and end at random moments, often exactly at a match start or just around it.
 */
async function randomScoredLeague(seed: number) {
  const db = ctx.database.db;
  const r = rng(seed);
  const tag = `${seed}-${Math.random().toString(36).slice(2, 7)}`;
  const [A, B] = [`A ${tag}`, `B ${tag}`];
  const league = await createLeague(db, { name: `Prop ${tag}`, type: 'LEC', teams: [A, B] });
  if (r.next() < 0.5) {
    // a league's own rules (DECISIONS 16), in tenths and quarters
    await db.execute(sql`
      insert into scoring_rules (league_id, kill_points, assist_points, cs_points_per_10, series_mvp_points,
        champion_win_bonus_enabled, dragon_points, larva_points)
      values (${league.id}, ${1 + r.int(30) / 10}, ${r.int(8) / 4}, ${r.int(5) / 10}, ${r.int(40) / 4},
        ${r.next() < 0.5}, ${r.int(12) / 4}, ${r.int(4) / 4})`);
  }
  const { ps, cs } = await randomCatalogue(db, r, [A, B], tag);
  const weekIds: string[] = [];
  for (let w = 1; w <= 2; w++) {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into weeks (league_id, week_number, name, start_date, end_date)
      values (${league.id}, ${w}, ${`W${w}`}, ${`2026-01-0${w * 4 - 3}`}, ${`2026-01-0${w * 4}`}) returning id`);
    weekIds.push(rows[0]!.id);
  }
  const base = Date.UTC(2026, 0, 1, 18);
  const starts: number[] = [];
  const matchIds: string[] = [];
  for (let i = 0; i < 5; i++) {
    const at = i > 0 && r.next() < 0.2 ? starts[i - 1]! : base + i * 36 * HOUR;
    starts.push(at);
    const winner = r.next() < 0.5 ? A : B;
    const games = r.next() < 0.5 ? 2 : 3;
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into matches (league_id, week_id, team1, team2, date, match_format, completed, games_played, winner)
      values (${league.id}, ${weekIds[i < 3 ? 0 : 1]!}, ${A}, ${B}, ${new Date(at).toISOString()}, 3,
              ${r.next() < 0.85}, ${games}, ${winner}) returning id`);
    const matchId = rows[0]!.id;
    matchIds.push(matchId);
    const values = [];
    for (let g = 1; g <= games; g++) {
      const gameWinner = g === games ? winner : r.next() < 0.5 ? A : B;
      if (r.next() < 0.9) {
        await db.execute(
          sql`insert into match_games (match_id, game_number, winner) values (${matchId}, ${g}, ${gameWinner})`,
        );
      }
      for (const team of [A, B]) {
        if (r.next() < 0.8) {
          await db.execute(sql`
            insert into team_objectives (match_id, game_number, team_name, dragons, barons, towers, larvas, first_blood, first_tower)
            values (${matchId}, ${g}, ${team}, ${r.int(5)}, ${r.int(2)}, ${r.int(11)}, ${r.int(4)}, ${r.next() < 0.5}, ${r.next() < 0.5})`);
        }
      }
      for (const p of ps) {
        if (r.next() < 0.1) continue;
        values.push(sql`(${matchId}, ${p.id}, ${g}, ${p.team}, ${r.next() < 0.15 ? null : r.pick(cs).id},
          ${r.int(9)}, ${r.int(7)}, ${r.int(15)}, ${r.int(400)}, ${r.int(2)}, ${r.next() < 0.1 ? 1 : 0}, ${r.int(2)}, ${r.next() < 0.1})`);
      }
    }
    await db.execute(sql`
      insert into player_stats (match_id, player_id, game_number, team_name, champion_id, kills, deaths, assists, cs,
        double_kills, triple_kills, jungle_steals, mvp)
      values ${sql.join(values, sql`, `)}`);
    await maybeSeriesMvp(db, r, ps, matchId);
  }
  const moment = () => {
    const s = r.pick(starts);
    const k = r.int(4);
    return k === 0 ? s : k === 1 ? s - 1 : k === 2 ? s + 1 : base - 24 * HOUR + r.int(8 * 24) * HOUR;
  };
  const rosterIds: string[] = [];
  for (let k = 0; k < 5; k++) {
    const rosterId = await emptyRoster(db, league.id, tag, k);
    rosterIds.push(rosterId);
    // per item, one or two holdings one after the other (buy, sell, buy again), as trades make them
    const holdings = (items: { id: string }[], n: number) =>
      Array.from({ length: n }, () => r.pick(items).id)
        .filter((id, i, all) => all.indexOf(id) === i)
        .flatMap((id) => {
          const cuts = [moment(), moment(), moment()].sort((a, b) => a - b);
          const open = r.next() < 0.5;
          const spans: [number, number | null][] = [[cuts[0]!, r.next() < 0.5 && !open ? null : cuts[1]!]];
          if (spans[0]![1] !== null && r.next() < 0.5) spans.push([cuts[2]!, null]);
          return spans.map(([from, to]) => ({ id, from, to }));
        });
    for (const h of holdings(ps, 1 + r.int(6))) {
      await db.execute(sql`
        insert into roster_players (roster_id, player_id, league_id, price_paid, acquired_at, released_at)
        values (${rosterId}, ${h.id}, ${league.id}, 1, ${new Date(h.from).toISOString()}, ${h.to === null ? null : new Date(h.to).toISOString()})`);
    }
    for (const h of holdings(cs, r.int(6))) {
      await db.execute(sql`
        insert into roster_champions (roster_id, champion_id, league_id, price_paid, acquired_at, released_at)
        values (${rosterId}, ${h.id}, ${league.id}, 1, ${new Date(h.from).toISOString()}, ${h.to === null ? null : new Date(h.to).toISOString()})`);
    }
    if (r.next() < 0.4) {
      await db.execute(
        sql`update rosters set points_adjustment = ${r.int(40) / 4 - 5} where id = ${rosterId}`,
      );
    }
  }
  // the engine: game points from the statistics, then every roster's weeks and totals
  await db.transaction(async (tx) => {
    const rules = await rulesForLeague(tx, league.id);
    await scoreMatches(tx, matchIds, rules);
    await recomputeWeeks(tx, league.id, rules, weekIds);
  });
  return { leagueId: league.id, rosterIds };
}

describe('why these points on random leagues', () => {
  it('every breakdown adds up to the stored week points and totals', async () => {
    const viewer = await userAgent(ctx.app, ctx.database.db);
    let nonZero = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const { leagueId, rosterIds } = await randomScoredLeague(seed);
        for (const rosterId of rosterIds) {
          const res = await viewer.request({
            method: 'GET',
            url: `/api/leagues/${leagueId}/rosters/${rosterId}/points`,
          });
          expect(res.statusCode, res.body).toBe(200);
          const p = res.json().points as ExplainedRosterPoints;
          expectConsistent(p);
          const { rows } = await ctx.database.db.execute<{
            total: number;
            weeks: { week_id: string; points: number }[];
          }>(sql`
            select r.total_points::float as total,
              coalesce((select json_agg(json_build_object('week_id', w.week_id, 'points', w.points::float))
                from roster_week_points w where w.roster_id = r.id), '[]') as weeks
            from rosters r where r.id = ${rosterId}`);
          expect(p.totalPoints).toBe(rows[0]!.total);
          const storedWeeks = Object.fromEntries(rows[0]!.weeks.map((w) => [w.week_id, w.points]));
          for (const w of p.weeks) expect(w.points).toBe(storedWeeks[w.weekId] ?? 0);
          for (const [weekId, points] of Object.entries(storedWeeks)) {
            if (points !== 0) expect(p.weeks.some((w) => w.weekId === weekId)).toBe(true);
          }
          if (p.weeksTotal !== 0) nonZero++;
        }
      }),
      { numRuns: 5 },
    );
    // the property was not vacuous: rosters did score
    expect(nonZero).toBeGreaterThan(0);
  }, 180_000);
});
