import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWeek } from '../../test/admin-fixtures.ts';
import { DAY, day, type FantaUser, fantaAgents, fantaSeason, ROLES } from '../../test/fanta-fixtures.ts';
import { marketWorld, userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { rulesForLeague } from '../points/scoring-rules.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

type User = FantaUser;
const agents = fantaAgents(() => ctx, 'fs');
const { user, call, ok } = agents;
const season = () => fantaSeason(() => ctx, agents);

/** The reference: each player's stored game points of the week's completed matches plus his series MVP points. */
async function weekPoints(leagueId: string, weekId: string) {
  const rules = await rulesForLeague(ctx.database.db, leagueId);
  const { rows } = await ctx.database.db.execute<{ player_id: string; points: string }>(sql`
    select s.player_id, sum(s.points) + ${rules.seriesMvpPoints}::numeric *
      (select count(*) from series_mvp sm join matches m on m.id = sm.match_id
       where m.week_id = ${weekId} and m.completed and sm.player_id = s.player_id) as points
    from player_stats s join matches m on m.id = s.match_id
    where m.week_id = ${weekId} and m.completed group by s.player_id`);
  const byId = new Map(rows.map((r) => [r.player_id, Number(r.points)]));
  return (playerId: string) => byId.get(playerId) ?? 0;
}

const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x, 0) * 100) / 100;

async function standings(u: User, id: string) {
  const body = await ok(u, 'GET', `/api/fanta-leagues/${id}/standings`);
  return body as {
    weeks: { id: string; complete: boolean }[];
    standings: { userId: string; position: number; totalPoints: number; weekPoints: number[] }[];
  };
}
const totalOf = async (u: User, id: string, who: User) =>
  (await standings(u, id)).standings.find((s) => s.userId === who.userId)!.totalPoints;

const lineupRows = (id: string) =>
  ctx.database.db.execute(
    sql`select user_id, week_id, starters::text, bench::text, captain_player_id, vice_player_id, updated_at
        from fanta_lineups where fanta_league_id = ${id} order by user_id, week_id`,
  );

describe('Lega Fanta season: the line-up', () => {
  it('answers an empty squad before the auction ends: nothing to field, nothing to save', async () => {
    const world = await marketWorld(ctx.database.db, {}, 2);
    const admin = await userAgent(ctx.app, ctx.database.db, { isAdmin: true });
    const week = await createWeek(admin, {
      leagueId: world.league.id,
      weekNumber: 1,
      name: 'Settimana 1',
      startDate: day(Date.now()),
      endDate: day(Date.now() + 3 * DAY),
    });
    const owner = await user();
    const created = await ok(
      owner,
      'POST',
      `/api/leagues/${world.league.id}/fanta-leagues`,
      { name: 'Presto' },
      201,
    );
    const url = `/api/fanta-leagues/${created.fantaLeague.id}/lineup`;
    const answer = (await ok(owner, 'GET', url)).lineup;
    expect(answer).toMatchObject({ editable: false, players: [], lineup: { starters: [], bench: [] } });
    const res = await call(owner, 'PUT', url, {
      weekId: week.id,
      starters: [world.players[0]!.id],
      bench: [],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SEASON_NOT_STARTED' });
  });

  it('defaults to the dearest player of each role, saves a valid line-up, refuses every bad one changing nothing', async () => {
    const s = await season();
    const url = `/api/fanta-leagues/${s.id}/lineup`;
    const first = (await ok(s.other, 'GET', url)).lineup;
    expect(first.week.id).toBe(s.week1.id);
    // the week picker: nothing played yet, only the next week to set
    expect(first.weeks).toEqual([{ id: s.week1.id, weekNumber: 1, name: 'Settimana 1', locked: false }]);
    expect(first.editable).toBe(true);
    expect(first.savedForWeek).toBe(false);
    expect(new Set(first.lineup.starters)).toEqual(new Set(s.team(2).map((x) => x.id)));
    expect(new Set(first.lineup.bench)).toEqual(new Set(s.team(3).map((x) => x.id)));
    expect(first.week.locksAt).toBe(first.week.locksAt && new Date(first.week.locksAt).toISOString());

    // the captain option, set while no week of the season has locked
    await ok(s.owner, 'PATCH', `/api/fanta-leagues/${s.id}`, { captainMultiplier: 2 });
    const mine = {
      weekId: s.week1.id,
      starters: [...s.team(2).filter((x) => x.role !== 'ADC'), s.p(3, 'ADC')].map((x) => x.id),
      bench: [s.p(2, 'ADC'), ...s.team(3).filter((x) => x.role !== 'ADC')].map((x) => x.id),
      captainPlayerId: s.p(2, 'Mid').id,
      viceCaptainPlayerId: s.p(2, 'Top').id,
    };
    const saved = await ok(s.other, 'PUT', url, mine);
    expect(saved.message).toBe('Formazione salvata');
    expect(saved.lineup.savedForWeek).toBe(true);
    expect(saved.lineup.lineup.captainPlayerId).toBe(s.p(2, 'Mid').id);
    const before = (await lineupRows(s.id)).rows;

    const refused = async (who: User, body: unknown, status: number, code: string, message: RegExp) => {
      const res = await call(who, 'PUT', url, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code });
      expect(res.json().message).toMatch(message);
    };
    const twoTops = {
      ...mine,
      starters: [s.p(2, 'Top'), s.p(3, 'Top'), s.p(2, 'Mid'), s.p(2, 'ADC'), s.p(2, 'Support')].map(
        (x) => x.id,
      ),
      bench: [s.p(2, 'Jungle'), ...s.team(3).filter((x) => x.role !== 'Top')].map((x) => x.id),
    };
    await refused(s.other, twoTops, 400, 'TWO_OF_ROLE', /Due titolari nel ruolo Top/);
    const notMine = { ...mine, starters: [s.p(0, 'Top').id, ...mine.starters.slice(1)] };
    await refused(s.other, notMine, 400, 'NOT_IN_SQUAD', /non è nella tua rosa/);
    await refused(
      s.other,
      { ...mine, captainPlayerId: s.p(3, 'Top').id },
      400,
      'CAPTAIN_NOT_STARTER',
      /capitano/,
    );
    await refused(s.other, { ...mine, bench: mine.bench.slice(1) }, 400, 'BENCH_INCOMPLETE', /panchina/);
    const stranger = await user();
    await refused(stranger, mine, 404, 'FANTA_LEAGUE_NOT_FOUND', /non trovata/);
    const elsewhere = await marketWorld(ctx.database.db, {}, 2);
    const foreignWeek = await createWeek(s.admin, {
      leagueId: elsewhere.league.id,
      weekNumber: 1,
      name: 'Altrove',
      startDate: day(Date.now()),
      endDate: day(Date.now() + 3 * DAY),
    });
    await refused(s.other, { ...mine, weekId: foreignWeek.id }, 404, 'WEEK_NOT_FOUND', /Settimana/);
    // the owner's line-up is his own: the other's players are not in his squad
    await refused(s.owner, mine, 400, 'NOT_IN_SQUAD', /rosa/);

    await s.begin();
    await refused(s.other, mine, 409, 'WEEK_LOCKED', /bloccata/);
    const patch = await call(s.owner, 'PATCH', `/api/fanta-leagues/${s.id}`, { captainMultiplier: 1.5 });
    expect(patch.statusCode, patch.body).toBe(409);
    expect(patch.json()).toMatchObject({ code: 'CAPTAIN_LOCKED' });
    expect((await lineupRows(s.id)).rows).toEqual(before);
    const league = (await ok(s.owner, 'GET', `/api/fanta-leagues/${s.id}`)).fantaLeague;
    expect(league).toMatchObject({ captainMultiplier: 2, viceCaptainEnabled: true, captainLocked: true });

    // week 2 carries week 1's line-up until the manager sets one
    const next = (await ok(s.other, 'GET', url)).lineup;
    expect(next.week.id).toBe(s.week2.id);
    expect(next.savedForWeek).toBe(false);
    expect(next.lineup).toEqual(saved.lineup.lineup);
  });
});

describe('Lega Fanta season: substitutes, points and the table', () => {
  it('brings in the bench once the week is over, multiplies the captain, moves with corrections and recalculations', async () => {
    const s = await season();
    const id = (t: number, r: (typeof ROLES)[number]) => s.p(t, r).id;
    await ok(s.owner, 'PATCH', `/api/fanta-leagues/${s.id}`, { captainMultiplier: 2 });
    // the owner: T0's Mid (who will not play) and T1's others, captain T0's Mid, vice T1's Top
    const ownerStarters = [id(0, 'Mid'), ...ROLES.filter((r) => r !== 'Mid').map((r) => id(1, r))];
    await ok(s.owner, 'PUT', `/api/fanta-leagues/${s.id}/lineup`, {
      weekId: s.week1.id,
      starters: ownerStarters,
      bench: [id(1, 'Mid'), ...ROLES.filter((r) => r !== 'Mid').map((r) => id(0, r))],
      captainPlayerId: id(0, 'Mid'),
      viceCaptainPlayerId: id(1, 'Top'),
    });
    // the other: T2 but T3's ADC, captain T2's Mid (who plays), no vice
    const otherStarters = [...ROLES.filter((r) => r !== 'ADC').map((r) => id(2, r)), id(3, 'ADC')];
    await ok(s.other, 'PUT', `/api/fanta-leagues/${s.id}/lineup`, {
      weekId: s.week1.id,
      starters: otherStarters,
      bench: [id(2, 'ADC'), ...ROLES.filter((r) => r !== 'ADC').map((r) => id(3, r))],
      captainPlayerId: id(2, 'Mid'),
    });
    expect((await standings(s.owner, s.id)).weeks).toEqual([]);
    // before the lock the other's line-up is secret
    const breakdownUrl = (who: User) =>
      `/api/fanta-leagues/${s.id}/weeks/${s.week1.id}/managers/${who.userId}`;
    const secret = await call(s.owner, 'GET', breakdownUrl(s.other));
    expect(secret.statusCode, secret.body).toBe(409);
    expect(secret.json()).toMatchObject({ code: 'WEEK_NOT_PLAYED' });
    await s.begin();

    // match A (T2 beats T1), T2's Mid the series MVP: the week is not over, nobody comes in, no vice yet
    await s.save(s.matchA, 2, 1, { mvp: id(2, 'Mid') });
    let pts = await weekPoints(s.world.league.id, s.week1.id);
    let table = await standings(s.owner, s.id);
    expect(table.weeks).toEqual([expect.objectContaining({ id: s.week1.id, complete: false })]);
    expect(await totalOf(s.owner, s.id, s.owner)).toBe(sum(ownerStarters.map(pts)));
    expect(pts(id(0, 'Mid'))).toBe(0);
    // the captain played: his points twice; T3's ADC has not played yet
    const otherSoFar = sum([...otherStarters.map(pts), pts(id(2, 'Mid'))]);
    expect(await totalOf(s.owner, s.id, s.other)).toBe(otherSoFar);
    expect(pts(id(3, 'ADC'))).toBe(0);

    // match B (T3–T4) completes the week: T1's Mid comes in for T0's Mid, and the vice (T1's Top) is multiplied
    await s.save(s.matchB, 3, 4);
    pts = await weekPoints(s.world.league.id, s.week1.id);
    const ownerFielded = [id(1, 'Mid'), ...ROLES.filter((r) => r !== 'Mid').map((r) => id(1, r))];
    const ownerWeek = (f: (p: string) => number) => sum([...ownerFielded.map(f), f(id(1, 'Top'))]);
    const otherWeek = (f: (p: string) => number) => sum([...otherStarters.map(f), f(id(2, 'Mid'))]);
    table = await standings(s.owner, s.id);
    expect(table.weeks[0]?.complete).toBe(true);
    expect(await totalOf(s.owner, s.id, s.owner)).toBe(ownerWeek(pts));
    expect(await totalOf(s.owner, s.id, s.other)).toBe(otherWeek(pts));
    expect(pts(id(3, 'ADC'))).toBeGreaterThan(0);
    const leader = ownerWeek(pts) >= otherWeek(pts) ? s.owner : s.other;
    expect(table.standings[0]).toMatchObject({ userId: leader.userId, position: 1 });

    // the page shows who came in for whom, and the vice's line
    const page = (await ok(s.owner, 'GET', `/api/fanta-leagues/${s.id}/lineup?weekId=${s.week1.id}`)).lineup;
    expect(page.editable).toBe(false);
    // the picker offers the week played (read-only) and the next one to set
    expect(page.weeks.map((w: { id: string; locked: boolean }) => [w.id, w.locked])).toEqual([
      [s.week1.id, true],
      [s.week2.id, false],
    ]);
    expect(page.result.substitutions).toEqual([
      { role: 'Mid', outPlayerId: id(0, 'Mid'), inPlayerId: id(1, 'Mid') },
    ]);
    expect(page.result.captain).toMatchObject({ role: 'vice', playerId: id(1, 'Top'), multiplier: 2 });
    expect(page.result.points).toBe(ownerWeek(pts));

    // the breakdown: each fielded player's games and series MVP add up to his points, and all to the week
    for (const who of [s.owner, s.other]) {
      const b = (await ok(s.owner, 'GET', breakdownUrl(who))) as {
        points: number;
        fielded: { points: number; games: { points: number }[]; seriesMvpPoints: number }[];
        captain: { bonus: number } | null;
        substitutions: { inName: string }[];
      };
      for (const f of b.fielded)
        expect(f.points).toBeCloseTo(sum([...f.games.map((g) => g.points), f.seriesMvpPoints]), 6);
      expect(b.points).toBe(sum([...b.fielded.map((f) => f.points), b.captain?.bonus ?? 0]));
      expect(b.points).toBe(
        (await standings(s.owner, s.id)).standings.find((x) => x.userId === who.userId)!.weekPoints[0],
      );
    }
    const ownerBreakdown = await ok(s.other, 'GET', breakdownUrl(s.owner));
    expect(ownerBreakdown.substitutions).toEqual([
      expect.objectContaining({ role: 'Mid', inPlayerId: id(1, 'Mid'), inName: s.p(1, 'Mid').name }),
    ]);
    expect(
      ownerBreakdown.fielded.find((f: { playerId: string }) => f.playerId === id(1, 'Mid')).games,
    ).toHaveLength(1);
    const otherBreakdown = await ok(s.owner, 'GET', breakdownUrl(s.other));
    expect(
      otherBreakdown.fielded.find((f: { playerId: string }) => f.playerId === id(2, 'Mid')).seriesMvpPoints,
    ).toBeGreaterThan(0);
    const nobody = await call(
      s.owner,
      'GET',
      `/api/fanta-leagues/${s.id}/weeks/${s.week1.id}/managers/${s.admin.userId}`,
    );
    expect(nobody.statusCode).toBe(404);

    // a late correction: T1's Mid (the substitute) had 9 kills, not 2
    await s.save(s.matchA, 2, 1, { mvp: id(2, 'Mid'), kills: (p) => (p === id(1, 'Mid') ? 9 : 2) });
    const corrected = await weekPoints(s.world.league.id, s.week1.id);
    expect(corrected(id(1, 'Mid'))).toBeGreaterThan(pts(id(1, 'Mid')));
    expect(await totalOf(s.owner, s.id, s.owner)).toBe(ownerWeek(corrected));

    // a recalculation with the same rules changes nothing; with other rules, the week is the new points'
    const before = await standings(s.owner, s.id);
    const recalc = () =>
      ok(s.admin, 'POST', '/api/admin/recalculate', { leagueId: s.world.league.id, mode: 'full' });
    await recalc();
    expect(await standings(s.owner, s.id)).toEqual(before);
    const rules = await rulesForLeague(ctx.database.db, s.world.league.id);
    await ok(s.admin, 'PUT', `/api/admin/scoring-rules/league/${s.world.league.id}`, {
      ...rules,
      killPoints: rules.killPoints + 1,
    });
    await recalc();
    const rescored = await weekPoints(s.world.league.id, s.week1.id);
    expect(rescored(id(1, 'Mid'))).toBeGreaterThan(corrected(id(1, 'Mid')));
    expect(await totalOf(s.owner, s.id, s.owner)).toBe(ownerWeek(rescored));
    expect(await totalOf(s.owner, s.id, s.other)).toBe(otherWeek(rescored));
  });

  it('counts the squad held at the lock: a player released after it still plays that week', async () => {
    const s = await season();
    await s.begin();
    await s.save(s.matchA, 1, 2);
    await s.save(s.matchB, 3, 4);
    const pts = await weekPoints(s.world.league.id, s.week1.id);
    // default line-up T0, who did not play: the whole of T1 came in
    const before = await totalOf(s.owner, s.id, s.owner);
    expect(before).toBe(sum(s.team(1).map((x) => pts(x.id))));
    await ok(s.owner, 'POST', `/api/fanta-leagues/${s.id}/release`, { playerId: s.p(0, 'Top').id });
    expect(await totalOf(s.owner, s.id, s.owner)).toBe(before);
    // the next week's line-up no longer has him: his bench's Top starts
    const next = (await ok(s.owner, 'GET', `/api/fanta-leagues/${s.id}/lineup`)).lineup;
    expect(next.week.id).toBe(s.week2.id);
    expect(next.lineup.starters).toContain(s.p(1, 'Top').id);
    expect(next.lineup.starters).not.toContain(s.p(0, 'Top').id);
    // a non-member sees nothing
    const stranger = await user();
    const res = await call(stranger, 'GET', `/api/fanta-leagues/${s.id}/standings`);
    expect(res.statusCode).toBe(404);
  });
});
