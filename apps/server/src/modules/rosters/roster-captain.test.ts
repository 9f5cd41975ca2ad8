import { DEFAULT_SCORING_RULES, MESSAGES } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, createMatch, thisAndNextWeek } from '../../test/admin-fixtures.ts';
import { userAgent } from '../../test/fixtures.ts';
import type { Agent } from '../../test/http.ts';
import { DAY, HOUR, leagueWorld, type ROLES } from '../../test/league-world.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import type { ExplainedRosterPoints } from '../points/explain-roster-points.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/**
 * A league of three teams (A and B play, C does not) with its own rules (the captain ×`multiplier`), one week
 * of two A–B matches tomorrow and the day after, an admin, and participants whose rosters hold the players named.
 */
async function captainLeague(multiplier: 1 | 1.5 | 2, vice = true) {
  const w = await leagueWorld(ctx, 'Capitani', ['Aqua', 'Bora', 'Cielo']);
  const [A, B, C] = w.teams as [string, string, string];
  const p = (team: 'A' | 'B' | 'C', role: (typeof ROLES)[number]) =>
    w.players.find((x) => x.team === { A, B, C }[team] && x.role === role)!;
  const admin = w.admin;
  const rules = { ...DEFAULT_SCORING_RULES, captainMultiplier: multiplier, viceCaptainEnabled: vice };
  const saved = await admin.request({
    method: 'PUT',
    url: `/api/admin/scoring-rules/league/${w.league.id}`,
    payload: rules,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const now = Date.now();
  const [week, week2] = await thisAndNextWeek(admin, w.league.id, now);
  const starts = [now + DAY, now + 2 * DAY];
  const matchIds: string[] = [];
  for (const at of starts) {
    matchIds.push(
      await createMatch(admin, week.id, {
        team1: A,
        team2: B,
        date: new Date(at).toISOString(),
        matchFormat: 1,
      }),
    );
  }
  const member = (held: { id: string }[]) => w.member(held);
  /** One game: every A and B player with 1 kill (A's Top `topKills`), A winning. */
  const save = (matchId: string, topKills = 5) =>
    w.save(matchId, { winner: A, loser: B, kills: (x) => (x.id === p('A', 'Top').id ? topKills : 1) });
  /** The week's matches begin: two and one hours ago (statistics are saved for a started match only). */
  const begin = async () => {
    const at = [Date.now() - 2 * HOUR, Date.now() - HOUR];
    await w.dateMatches(matchIds.map((matchId, i) => ({ matchId, at: at[i]! })));
    return at;
  };
  return { league: w.league, admin, p, week, week2, matchIds, member, save, rules, starts, begin };
}

const url = (leagueId: string) => `/api/leagues/${leagueId}/my-roster/captain`;
const choose = (who: Agent, leagueId: string, captainPlayerId: string, viceCaptainPlayerId: string | null) =>
  who.request({ method: 'PUT', url: url(leagueId), payload: { captainPlayerId, viceCaptainPlayerId } });

async function weekOf(who: Agent, leagueId: string) {
  const res = await who.request({ method: 'GET', url: `/api/leagues/${leagueId}/my-roster/points` });
  expect(res.statusCode, res.body).toBe(200);
  const points = res.json().points as ExplainedRosterPoints;
  for (const w of points.weeks) expect(w.unexplained).toBe(0);
  return points.weeks[0];
}

/** A player's points in one game as the engine stored them. */
async function gamePoints(matchId: string, playerId: string) {
  const { rows } = await ctx.database.db.execute<{ points: number }>(
    sql`select sum(points)::float as points from player_stats where match_id = ${matchId} and player_id = ${playerId}`,
  );
  return Number(rows[0]?.points ?? 0);
}

const totals = async (leagueId: string) =>
  (
    await ctx.database.db.execute<{ id: string; total: number }>(
      sql`select id, total_points::float as total from rosters where league_id = ${leagueId} order by id`,
    )
  ).rows;

describe('choosing a captain', () => {
  it('answers the next week not locked and its lock; refuses, in Italian, what is not allowed', async () => {
    const w = await captainLeague(2);
    const me = await w.member([w.p('A', 'Top'), w.p('A', 'Mid')]);
    const empty = await me.request({ method: 'GET', url: url(w.league.id) });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({
      captainPlayerId: null,
      viceCaptainPlayerId: null,
      weekId: w.week.id,
      locksAt: new Date(w.starts[0]!).toISOString(),
      multiplier: 2,
      viceEnabled: true,
      current: null,
    });
    const notHeld = await choose(me, w.league.id, w.p('B', 'Top').id, null);
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json().message).toBe(MESSAGES.captain.notHeld);
    const viceNotHeld = await choose(me, w.league.id, w.p('A', 'Top').id, w.p('B', 'Top').id);
    expect(viceNotHeld.json().message).toBe(MESSAGES.captain.viceNotHeld);
    const twice = await choose(me, w.league.id, w.p('A', 'Top').id, w.p('A', 'Top').id);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(MESSAGES.captain.samePlayer);
    const ok = await choose(me, w.league.id, w.p('A', 'Top').id, w.p('A', 'Mid').id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      captainPlayerId: w.p('A', 'Top').id,
      viceCaptainPlayerId: w.p('A', 'Mid').id,
      weekId: w.week.id,
    });

    // a league without the option
    const off = await captainLeague(1);
    const other = await off.member([off.p('A', 'Top')]);
    const refused = await choose(other, off.league.id, off.p('A', 'Top').id, null);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.captain.notEnabled);
    expect((await other.request({ method: 'GET', url: url(off.league.id) })).json().multiplier).toBe(1);

    // without a roster in the league
    const stranger = await userAgent(ctx.app, ctx.database.db);
    expect((await stranger.request({ method: 'GET', url: url(w.league.id) })).statusCode).toBe(404);
  });

  it('the scoring rules carry the option, and saving it is audited', async () => {
    const w = await captainLeague(1.5, false);
    const read = await w.admin.request({
      method: 'GET',
      url: `/api/admin/scoring-rules/league/${w.league.id}`,
    });
    expect(read.json().rules).toMatchObject({ captainMultiplier: 1.5, viceCaptainEnabled: false });
    const { rows } = await ctx.database.db.execute<{ id: string }>(
      sql`select id from scoring_rules where league_id = ${w.league.id}`,
    );
    const audit = await auditRows(ctx.database.db, rows[0]!.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'UPDATE_SCORING_RULES',
      newValues: expect.objectContaining({ captainMultiplier: 1.5, viceCaptainEnabled: false }),
    });
    const bad = await w.admin.request({
      method: 'PUT',
      url: `/api/admin/scoring-rules/league/${w.league.id}`,
      payload: { ...w.rules, captainMultiplier: 3 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a choice after the lock counts for the next week, never for the locked one', async () => {
    const w = await captainLeague(2);
    const me = await w.member([w.p('A', 'Top'), w.p('A', 'Mid')]);
    await choose(me, w.league.id, w.p('A', 'Mid').id, null);
    // the week's first match has started
    await w.begin();
    const late = await choose(me, w.league.id, w.p('A', 'Top').id, null);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({
      captainPlayerId: w.p('A', 'Top').id,
      weekId: w.week2.id,
      current: { weekId: w.week.id, captainPlayerId: w.p('A', 'Mid').id },
    });
    await w.save(w.matchIds[0]!);
    // week 1 multiplies the Mid chosen before the lock, not the Top chosen after it
    const week = await weekOf(me, w.league.id);
    expect(week?.captain).toMatchObject({ role: 'captain', playerId: w.p('A', 'Mid').id });
    expect(week?.captain?.bonus).toBe(await gamePoints(w.matchIds[0]!, w.p('A', 'Mid').id));
  });

  it('two choices at once: each answers 200 and exactly one stays', async () => {
    const w = await captainLeague(2);
    const me = await w.member([w.p('A', 'Top'), w.p('A', 'Mid'), w.p('A', 'Jungle')]);
    const [one, two] = await Promise.all([
      choose(me, w.league.id, w.p('A', 'Top').id, w.p('A', 'Mid').id),
      choose(me, w.league.id, w.p('A', 'Jungle').id, w.p('A', 'Top').id),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const { rows } = await ctx.database.db.execute<{ captain: string }>(
      sql`select captain_player_id as captain from roster_captains where roster_id = ${me.rosterId}`,
    );
    expect(rows).toHaveLength(1);
    expect([w.p('A', 'Top').id, w.p('A', 'Jungle').id]).toContain(rows[0]!.captain);
  });
});

describe('the captain in the points', () => {
  it('multiplies the captain who plays; the vice only once the week is over; neither when neither plays; a recalculation from scratch gives the same totals', async () => {
    const w = await captainLeague(2);
    const top = w.p('A', 'Top');
    const mid = w.p('A', 'Mid');
    const captainPlays = await w.member([top, mid]);
    const viceTakesOver = await w.member([w.p('C', 'Top'), mid]);
    const neither = await w.member([w.p('C', 'Top'), w.p('C', 'Mid'), top]);
    const none = await w.member([top]);
    expect((await choose(captainPlays, w.league.id, top.id, mid.id)).statusCode).toBe(200);
    expect((await choose(viceTakesOver, w.league.id, w.p('C', 'Top').id, mid.id)).statusCode).toBe(200);
    expect((await choose(neither, w.league.id, w.p('C', 'Top').id, w.p('C', 'Mid').id)).statusCode).toBe(200);
    const started = await w.begin();

    await w.save(w.matchIds[0]!, 7);
    const topPoints = await gamePoints(w.matchIds[0]!, top.id);
    const midPoints = await gamePoints(w.matchIds[0]!, mid.id);
    let week = await weekOf(captainPlays, w.league.id);
    expect(week?.captain).toMatchObject({
      role: 'captain',
      multiplier: 2,
      bonus: topPoints,
      label: `Capitano ×2 (${top.name})`,
    });
    expect(week?.points).toBe(Math.round((2 * topPoints + midPoints) * 100) / 100);
    // the week has a match to play: no vice yet
    expect((await weekOf(viceTakesOver, w.league.id))?.captain).toBeNull();
    await w.save(w.matchIds[1]!, 7);
    week = await weekOf(viceTakesOver, w.league.id);
    expect(week?.captain).toMatchObject({ role: 'vice', playerId: mid.id, bonus: midPoints * 2 });
    expect((await weekOf(neither, w.league.id))?.captain).toBeNull();
    expect((await weekOf(none, w.league.id))?.captain).toBeNull();

    const before = await totals(w.league.id);
    const recalc = await w.admin.request({
      method: 'POST',
      url: '/api/admin/recalculate',
      payload: { leagueId: w.league.id, mode: 'full' },
    });
    expect(recalc.statusCode, recalc.body).toBe(200);
    expect(recalc.json().rostersUpdated).toBe(0);
    expect(await totals(w.league.id)).toEqual(before);

    // a match added to the over week takes the vice's bonus out until it is played
    const third = await createMatch(w.admin, w.week.id, {
      team1: `Cielo ${w.league.name.split(' ')[1]}`,
      team2: w.p('A', 'Top').team,
      date: new Date(started[1]! + 2 * HOUR).toISOString(),
      matchFormat: 1,
    });
    expect((await weekOf(viceTakesOver, w.league.id))?.captain).toBeNull();
    expect(third).toBeTruthy();

    // the option off: a recalculation gives the spec's points
    await w.admin.request({
      method: 'PUT',
      url: `/api/admin/scoring-rules/league/${w.league.id}`,
      payload: { ...w.rules, captainMultiplier: 1 },
    });
    await w.admin.request({
      method: 'POST',
      url: '/api/admin/recalculate',
      payload: { leagueId: w.league.id, mode: 'full' },
    });
    const off = await totals(w.league.id);
    const byId = new Map(off.map((r) => [r.id, r.total]));
    expect(byId.get(captainPlays.rosterId)).toBe(Math.round((2 * topPoints + 2 * midPoints) * 100) / 100);
    expect(byId.get(viceTakesOver.rosterId)).toBe(2 * midPoints);
  });

  it('a captain sold mid-week counts for the matches he was held at the start of, and is cleared from the choice', async () => {
    const w = await captainLeague(2);
    const top = w.p('A', 'Top');
    const me = await w.member([top, w.p('A', 'Mid')]);
    await choose(me, w.league.id, top.id, null);
    const started = await w.begin();
    await w.save(w.matchIds[0]!, 3);
    // sold between the two matches
    await ctx.database.db.execute(sql`
      update roster_players set released_at = ${new Date(started[0]! + HOUR / 2).toISOString()}
      where roster_id = ${me.rosterId} and player_id = ${top.id}`);
    await w.save(w.matchIds[1]!, 9);
    const week = await weekOf(me, w.league.id);
    expect(week?.captain).toMatchObject({ role: 'captain', bonus: await gamePoints(w.matchIds[0]!, top.id) });
    const answer = (await me.request({ method: 'GET', url: url(w.league.id) })).json();
    expect(answer.captainPlayerId).toBeNull();
  });
});
