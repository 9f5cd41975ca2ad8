import { h2hTable, matchGoals } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fantaAgents, fantaSeason } from '../../test/fanta-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const agents = fantaAgents(() => ctx, 'fh');
const { call, ok } = agents;

interface Fixture {
  homeUserId: string;
  awayUserId: string;
  homeUsername: string;
  awayUsername: string;
  homePoints: number;
  awayPoints: number;
  homeGoals: number;
  awayGoals: number;
}
interface Answer {
  weeks: { id: string }[];
  standings: { userId: string; weekPoints: number[]; totalPoints: number }[];
  h2h?: {
    rule: { rule: 'bands' | 'points'; bandStart: number; bandStep: number };
    table: ReturnType<typeof h2hTable>;
    rounds: {
      round: number;
      weekId: string;
      status: string;
      restingUserId: string | null;
      fixtures: Fixture[];
    }[];
  };
}

const leagueRow = (id: string) =>
  ctx.database.db.execute(
    sql`select format, h2h_rule, h2h_band_start, h2h_band_step, version from fanta_leagues where id = ${id}`,
  );

describe('Lega Fanta "Scontri diretti"', () => {
  it('plays issue 30 calendar, goals and table on the managers weeks, live, its rule fixed with the first week', async () => {
    const s = await fantaSeason(() => ctx, agents, { format: 'h2h' });
    const url = `/api/fanta-leagues/${s.id}`;
    const view = (await ok(s.owner, 'GET', url)).fantaLeague;
    // no week with roster points in this official league: the suggestion's defaults
    expect(view).toMatchObject({ format: 'h2h', h2h: { rule: 'bands', bandStart: 60, bandStep: 10 } });

    // the owner changes the rule before the first week locks; a classic league refuses a rule
    await ok(s.owner, 'PATCH', url, { h2h: { rule: 'points', bandStart: 60, bandStep: 10 } });
    const bad = await call(s.owner, 'PATCH', url, { h2h: { rule: 'bands', bandStart: 0, bandStep: 10 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('La soglia del primo gol (T) deve essere tra 1 e 10.000 punti');
    const classic = await fantaSeason(() => ctx, agents);
    const notH2h = await call(classic.owner, 'PATCH', `/api/fanta-leagues/${classic.id}`, {
      h2h: { rule: 'points', bandStart: 60, bandStep: 10 },
    });
    expect(notH2h.statusCode).toBe(409);
    expect(notH2h.json()).toMatchObject({
      code: 'NOT_H2H',
      message: 'Questa Lega Fanta non è a scontri diretti',
    });
    // Classica's answer stays as it was: no head-to-head part
    expect(await ok(classic.owner, 'GET', `/api/fanta-leagues/${classic.id}/standings`)).not.toHaveProperty(
      'h2h',
    );

    const read = async (): Promise<Answer> => ok(s.other, 'GET', `${url}/standings`);
    let a = await read();
    expect(a.h2h!.rule).toEqual({ rule: 'points', bandStart: 60, bandStep: 10 });
    expect(a.h2h!.rounds.map((r) => [r.round, r.weekId, r.status])).toEqual([
      [1, s.week1.id, 'scheduled'],
      [2, s.week2.id, 'scheduled'],
    ]);
    // two managers: one match-up a round, home and away swapped in the next cycle
    const [r1, r2] = a.h2h!.rounds;
    expect(r1!.fixtures).toHaveLength(1);
    expect(r1!.restingUserId).toBeNull();
    expect([r2!.fixtures[0]!.homeUserId, r2!.fixtures[0]!.awayUserId]).toEqual([
      r1!.fixtures[0]!.awayUserId,
      r1!.fixtures[0]!.homeUserId,
    ]);
    expect(new Set([r1!.fixtures[0]!.homeUserId, r1!.fixtures[0]!.awayUserId])).toEqual(
      new Set([s.owner.userId, s.other.userId]),
    );
    expect(a.h2h!.table.every((r) => r.played === 0 && r.points === 0)).toBe(true);

    // week 1 locks: the rule and the format are fixed, nothing changes
    await s.begin();
    const before = (await leagueRow(s.id)).rows;
    for (const body of [{ format: 'classic' }, { h2h: { rule: 'bands', bandStart: 50, bandStep: 5 } }]) {
      const res = await call(s.owner, 'PATCH', url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'FORMAT_LOCKED',
        message: "La formula non si cambia più: la prima settimana dopo l'asta è già iniziata",
      });
    }
    expect((await leagueRow(s.id)).rows).toEqual(before);
    a = await read();
    expect(a.h2h!.rounds[0]!.status).toBe('live');
    // locked but no match completed: the round does not count yet (not everyone's 0–0 draw)
    expect(a.h2h!.table.every((r) => r.played === 0)).toBe(true);

    /** The round's match-up as the weeks say it must be: the standings' week points, issue 30's goals. */
    const expected = (x: Answer, round: number) => {
      const f = x.h2h!.rounds[round - 1]!.fixtures[0]!;
      const i = x.weeks.findIndex((w) => w.id === x.h2h!.rounds[round - 1]!.weekId);
      const pts = (u: string) => x.standings.find((r) => r.userId === u)!.weekPoints[i]!;
      const homePoints = pts(f.homeUserId);
      const awayPoints = pts(f.awayUserId);
      return {
        got: f,
        want: {
          ...f,
          homePoints,
          awayPoints,
          ...matchGoals(homePoints, awayPoints, { rule: 'points', bandStart: 60, bandStep: 10 }),
        },
      };
    };

    // a statistics save moves the round at once: live, counted in the table
    await s.save(s.matchA, 1, 2);
    a = await read();
    let e = expected(a, 1);
    expect(e.got).toEqual(e.want);
    expect(e.got.homePoints + e.got.awayPoints).not.toBe(0);
    expect(a.h2h!.rounds[0]!.status).toBe('live');
    const members = a.h2h!.table.map((r) => ({ userId: r.userId, username: r.username }));
    expect(a.h2h!.table).toEqual(h2hTable(members, [e.got]));
    expect(a.h2h!.table.every((r) => r.played === 1)).toBe(true);

    // the week's last match: final; then a late correction (T1's players score far more) moves it again
    await s.save(s.matchB, 3, 4);
    a = await read();
    expect(a.h2h!.rounds[0]!.status).toBe('final');
    e = expected(a, 1);
    expect(e.got).toEqual(e.want);
    const beforeFix = e.got;
    const t1 = new Set(s.team(1).map((x) => x.id));
    await s.save(s.matchA, 1, 2, { kills: (id) => (t1.has(id) ? 30 : 0) });
    a = await read();
    e = expected(a, 1);
    expect(e.got).toEqual(e.want);
    expect(e.got).not.toEqual(beforeFix);
    expect(a.h2h!.table).toEqual(h2hTable(members, [e.got]));
    // round 2 is still to be played: no goals, not in the table
    expect(a.h2h!.rounds[1]).toMatchObject({ status: 'scheduled' });
    expect(a.h2h!.rounds[1]!.fixtures[0]).toMatchObject({ homeGoals: 0, awayGoals: 0 });

    // a stranger sees nothing
    const stranger = await agents.user();
    const res = await call(stranger, 'GET', `${url}/standings`);
    expect(res.statusCode).toBe(404);
  });
});
