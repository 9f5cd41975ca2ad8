import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeague } from '../../seed/factories.ts';
import { createMatch, createWeek } from '../../test/admin-fixtures.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const FIRSTS = [
  ['firstBlood', 'First Blood'],
  ['firstDrake', 'First Drake'],
  ['firstBaron', 'First Baron'],
  ['firstHerald', 'First Herald'],
  ['firstElder', 'First Elder'],
  ['firstTower', 'First Tower'],
] as const;

async function matchOfTwoTeams() {
  const db = ctx.database.db;
  const tag = Math.random().toString(36).slice(2, 7);
  const [A, B] = [`Azure ${tag}`, `Blaze ${tag}`];
  const league = await createLeague(db, { name: `Stagione ${tag}`, type: 'LEC', teams: [A, B] });
  const admin = await userAgent(ctx.app, db, { isAdmin: true });
  const week = await createWeek(admin, {
    leagueId: league.id,
    weekNumber: 1,
    name: 'W1',
    startDate: '2026-01-01',
    endDate: '2026-01-07',
  });
  const matchId = await createMatch(admin, week.id, {
    team1: A,
    team2: B,
    date: '2026-01-02T18:00:00Z',
    matchFormat: 1,
  });
  const put = (objectives: object[]) =>
    admin.request({
      method: 'PUT',
      url: `/api/admin/matches/${matchId}/statistics`,
      payload: { gamesPlayed: 1, winner: A, games: [{ gameNumber: 1, winner: A, players: [], objectives }] },
    });
  const stored = async () =>
    (
      await db.execute(
        sql`select team_name, first_blood, first_drake, first_baron, first_herald, first_elder, first_tower
              from team_objectives where match_id = ${matchId} order by team_name`,
      )
    ).rows;
  return { A, B, put, stored };
}

describe('first blood and first objectives belong to one team per game', () => {
  it.each(FIRSTS)('refuses %s for both teams and keeps what was stored', async (field, label) => {
    const m = await matchOfTwoTeams();
    const ok = await m.put([
      { teamName: m.A, [field]: true },
      { teamName: m.B, [field]: false },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await m.stored();
    expect(before).toHaveLength(2);

    const both = await m.put([
      { teamName: m.A, [field]: true },
      { teamName: m.B, [field]: true },
    ]);
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(`Game 1: ${label} può essere assegnato a una sola squadra`);
    expect(await m.stored()).toEqual(before);
  });

  it('accepts different firsts split between the teams', async () => {
    const m = await matchOfTwoTeams();
    const res = await m.put([
      { teamName: m.A, firstBlood: true, firstDrake: true, firstTower: true },
      { teamName: m.B, firstBaron: true, firstHerald: true, firstElder: true },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await m.stored()).toEqual([
      expect.objectContaining({ team_name: m.A, first_blood: true, first_baron: false }),
      expect.objectContaining({ team_name: m.B, first_blood: false, first_baron: true }),
    ]);
  });
});
