import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { champions, players, rosters, weeks } from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { createMatch, createWeek } from '../../test/admin-fixtures.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;

async function season() {
  const db = ctx.database.db;
  const tag = Math.random().toString(36).slice(2, 7);
  const [A, B] = [`Azure ${tag}`, `Blaze ${tag}`];
  const league = await createLeague(db, { name: `Stagione ${tag}`, type: 'LEC', teams: [A, B] });
  const teamPlayers = await db
    .insert(players)
    .values(
      [A, B].flatMap((team, t) =>
        ROLES.map((role, i) => ({ name: `${t ? 'B' : 'A'}${i + 1}-${tag}`, team, role, tier: 1, cost: 1 })),
      ),
    )
    .returning();
  const champs = await db
    .insert(champions)
    .values([
      { name: `Tre-${tag}`, tier: 3, cost: 3, roles: ['Top'] },
      { name: `Due-${tag}`, tier: 2, cost: 2, roles: ['Top'] },
      { name: `Uno-${tag}`, tier: 1, cost: 1, roles: ['Top'] },
    ])
    .returning();
  const admin = await userAgent(ctx.app, db, { isAdmin: true });
  const p = (name: string) => teamPlayers.find((x) => x.name === `${name}-${tag}`)!;
  return { db, league, A, B, p, C: champs[0]!, D: champs[1]!, E: champs[2]!, admin, teamPlayers };
}

/** Week 1 of the season (1 to 7 January), created through the admin API. */
async function firstWeek(s: Awaited<ReturnType<typeof season>>) {
  const res = await s.admin.request({
    method: 'POST',
    url: '/api/admin/weeks',
    payload: {
      leagueId: s.league.id,
      weekNumber: 1,
      name: 'W1',
      startDate: '2026-01-01',
      endDate: '2026-01-07',
    },
  });
  return res.json().week;
}

function zeroStats(playerId: string) {
  return { playerId, championId: null, kills: 0, deaths: 0, assists: 0, cs: 0 };
}

describe('a BO3 entered through the API', () => {
  it('gives the exact points to the rosters that held the players and champions at match start', async () => {
    const s = await season();
    const x = await userAgent(ctx.app, s.db);
    const y = await userAgent(ctx.app, s.db);
    const buy = (u: typeof x, kind: string, id: string) =>
      u.request({ method: 'POST', url: `/api/leagues/${s.league.id}/${kind}/${id}/buy` });
    expect((await buy(x, 'players', s.p('A1').id)).statusCode).toBe(200);
    expect((await buy(x, 'champions', s.C.id)).statusCode).toBe(200);
    expect((await buy(y, 'players', s.p('B1').id)).statusCode).toBe(200);
    expect((await buy(y, 'champions', s.C.id)).statusCode).toBe(200);

    const week = await createWeek(s.admin, {
      leagueId: s.league.id,
      weekNumber: 1,
      name: 'Settimana 1',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    const matchId = await createMatch(s.admin, week.id, {
      team1: s.A,
      team2: s.B,
      date: new Date().toISOString(),
      matchDay: 1,
      matchFormat: 3,
    });
    // Y buys A1 after the match started: he gets nothing for him (DECISIONS 14)
    expect((await buy(y, 'players', s.p('A1').id)).statusCode).toBe(200);

    const everyone = (game: 1 | 2) =>
      s.teamPlayers.map((pl) => {
        if (pl.id === s.p('A1').id) {
          return game === 1
            ? {
                playerId: pl.id,
                championId: s.C.id,
                kills: 5,
                deaths: 1,
                assists: 3,
                cs: 250,
                doubleKills: 1,
                mvp: true,
              }
            : { playerId: pl.id, championId: s.D.id, kills: 2, deaths: 0, assists: 4, cs: 180 };
        }
        if (pl.id === s.p('B1').id) {
          return game === 1
            ? { playerId: pl.id, championId: s.E.id, kills: 1, deaths: 3, assists: 1, cs: 200 }
            : { playerId: pl.id, championId: s.E.id, kills: 0, deaths: 2, assists: 2, cs: 150 };
        }
        return zeroStats(pl.id);
      });
    const save = await s.admin.request({
      method: 'PUT',
      url: `/api/admin/matches/${matchId}/statistics`,
      payload: {
        gamesPlayed: 2,
        winner: s.A,
        seriesMvpPlayerId: s.p('A1').id,
        games: [
          {
            gameNumber: 1,
            winner: s.A,
            players: everyone(1),
            objectives: [
              {
                teamName: s.A,
                dragons: 3,
                barons: 1,
                towers: 9,
                heralds: 1,
                firstBlood: true,
                firstDrake: true,
                firstTower: true,
              },
              { teamName: s.B, dragons: 1, towers: 2 },
            ],
          },
          {
            gameNumber: 2,
            winner: s.A,
            players: everyone(2),
            objectives: [
              { teamName: s.A, dragons: 2, barons: 1, towers: 8, larvas: 3, athakan: true, firstBaron: true },
              { teamName: s.B, towers: 3, firstBlood: true },
            ],
          },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json().message).toBe('Match statistics and roster points updated successfully.');

    // A1, game 1: 5×2 + 3×1.5 − 0.5 + 25×0.2 + double 4 + MVP 3 + objectives (3+2+9+1+1+1+1)/5 = 3.6 + perfect 3 = 32.6
    // A1, game 2: 2×2 + 4×1.5 + zero deaths 2 + 18×0.2 + objectives (2+2+8+1.5+2+1)/5 = 3.3 + perfect 3 = 21.9
    const stats = await s.db.execute<{ game_number: number; points: number }>(
      sql`select game_number, points from player_stats where match_id = ${matchId} and player_id = ${s.p('A1').id} order by game_number`,
    );
    expect(stats.rows.map((r) => Number(r.points))).toEqual([32.6, 21.9]);

    // X: 32.6 + 21.9 + series MVP 10 + champion C in game 1 (tier 3, won: +3 +3) = 70.5
    // Y: B1 only (A1 bought after the start): game 1 2+1.5−1.5+20×0.2+(1+2)/5 = 6.6; game 2 0+3−1+3+(3+1)/5 = 5.8 → 12.4
    const total = async (userId: string) =>
      (await s.db.select().from(rosters).where(eq(rosters.userId, userId)))[0]!.totalPoints;
    expect(await total(x.userId)).toBe(70.5);
    expect(await total(y.userId)).toBe(12.4);
    const mine = (await x.request({ method: 'GET', url: `/api/leagues/${s.league.id}/my-roster` })).json()
      .roster;
    expect(mine.weekPoints).toEqual([
      expect.objectContaining({ weekNumber: 1, name: 'Settimana 1', points: 70.5 }),
    ]);

    // a full recalculation finds nothing to change; the leaderboard shows the points
    const recalc = await s.admin.request({
      method: 'POST',
      url: '/api/admin/recalculate',
      payload: { leagueId: s.league.id, mode: 'full' },
    });
    expect(recalc.statusCode, recalc.body).toBe(200);
    expect(recalc.json()).toEqual({
      rostersUpdated: 0,
      message: 'Ricalcolo completato con successo! 0 roster aggiornati.',
    });
    const board = (await y.request({ method: 'GET', url: `/api/leagues/${s.league.id}/leaderboard` })).json();
    expect(board.entries.map((e: { totalPoints: number }) => e.totalPoints)).toEqual([70.5, 12.4]);

    // saving the same statistics again changes nothing; reopening removes the points, completing restores them
    const reopen = await s.admin.request({
      method: 'PATCH',
      url: `/api/admin/matches/${matchId}/status`,
      payload: { completed: false },
    });
    expect(reopen.json().message).toBe('Match riaperto con successo');
    expect(await total(x.userId)).toBe(0);
    await s.admin.request({
      method: 'PATCH',
      url: `/api/admin/matches/${matchId}/status`,
      payload: { completed: true },
    });
    expect(await total(x.userId)).toBe(70.5);

    // a rule change followed by a full recalculation applies the new rules
    const rules = (await s.admin.request({ method: 'GET', url: '/api/admin/scoring-rules' })).json().rules;
    await s.admin.request({
      method: 'PUT',
      url: '/api/admin/scoring-rules',
      payload: { ...rules, seriesMvpPoints: 20 },
    });
    const again = await s.admin.request({
      method: 'POST',
      url: '/api/admin/recalculate',
      payload: { leagueId: s.league.id, mode: 'full' },
    });
    expect(again.json().rostersUpdated).toBe(1);
    expect(await total(x.userId)).toBe(80.5);
    await s.admin.request({ method: 'PUT', url: '/api/admin/scoring-rules', payload: rules });
    await s.admin.request({
      method: 'POST',
      url: '/api/admin/recalculate',
      payload: { leagueId: s.league.id, mode: 'full' },
    });
    expect(await total(x.userId)).toBe(70.5);

    // deleting the match takes its points away
    const del = await s.admin.request({ method: 'DELETE', url: `/api/admin/matches/${matchId}` });
    expect(del.json().message).toBe('Match eliminato con successo e punti sottratti dai roster');
    expect(await total(x.userId)).toBe(0);
    expect(await total(y.userId)).toBe(0);
  });
});

describe('validation', () => {
  it('refuses bad series results and a series MVP of the losing team', async () => {
    const s = await season();
    const week = await firstWeek(s);
    const matchId = (
      await s.admin.request({
        method: 'POST',
        url: `/api/admin/weeks/${week.id}/matches`,
        payload: { team1: s.A, team2: s.B, date: '2026-01-02T18:00:00Z', matchFormat: 3 },
      })
    ).json().match.id;
    const put = (payload: object) =>
      s.admin.request({ method: 'PUT', url: `/api/admin/matches/${matchId}/statistics`, payload });
    expect((await put({ gamesPlayed: 1, winner: s.A, games: [] })).json().message).toBe(
      'Invalid series result for this match format',
    );
    expect((await put({ gamesPlayed: 2, winner: null, games: [] })).json().message).toBe(
      'Please select a series winner',
    );
    expect(
      (await put({ gamesPlayed: 2, winner: s.A, games: [], seriesMvpPlayerId: s.p('B1').id })).json().message,
    ).toBe('Il Series MVP deve essere un giocatore della squadra vincitrice');
    const neg = await put({
      gamesPlayed: 2,
      winner: s.A,
      games: [{ gameNumber: 1, players: [{ playerId: s.p('A1').id, kills: -1 }], objectives: [] }],
    });
    expect(neg.json().message).toBe('I valori non possono essere negativi');
    const exclusive = await put({
      gamesPlayed: 2,
      winner: s.A,
      games: [
        {
          gameNumber: 1,
          players: [],
          objectives: [
            { teamName: s.A, heralds: 1 },
            { teamName: s.B, heralds: 1 },
          ],
        },
      ],
    });
    expect(exclusive.statusCode).toBe(400);
    // dragons above 4 are clamped, not refused
    const clamp = await put({
      gamesPlayed: 2,
      winner: s.A,
      games: [{ gameNumber: 1, players: [], objectives: [{ teamName: s.A, dragons: 7 }] }],
    });
    expect(clamp.statusCode, clamp.body).toBe(200);
    const stored = await s.db.execute(sql`select dragons from team_objectives where match_id = ${matchId}`);
    expect(stored.rows).toEqual([{ dragons: 4 }]);

    // this completed match is incomplete: recalculation is blocked with the list
    const recalc = await s.admin.request({
      method: 'POST',
      url: '/api/admin/recalculate',
      payload: { leagueId: s.league.id, mode: 'full' },
    });
    expect(recalc.statusCode).toBe(422);
    expect(recalc.json().message).toBe(
      'Trovati 1 match con errori che devono essere corretti prima del ricalcolo',
    );
    expect(recalc.json().details[0].errors).toEqual([
      'Mancano statistiche per il game 1',
      `Game 1: mancano gli obiettivi di squadra di ${s.B}`,
      'Mancano statistiche per il game 2',
      `Game 2: mancano gli obiettivi di squadra di ${s.A}`,
      `Game 2: mancano gli obiettivi di squadra di ${s.B}`,
    ]);
  });

  it('weeks: duplicate number, dates, and never deleting a closed week with distributed rewards', async () => {
    const s = await season();
    const create = (payload: object) =>
      s.admin.request({
        method: 'POST',
        url: '/api/admin/weeks',
        payload: { leagueId: s.league.id, ...payload },
      });
    const ok = await create({
      weekNumber: 1,
      name: ' Prima ',
      startDate: '2026-02-01',
      endDate: '2026-02-07',
    });
    expect(ok.json().week.name).toBe('Prima');
    const dup = await create({
      weekNumber: 1,
      name: 'Doppia',
      startDate: '2026-02-01',
      endDate: '2026-02-07',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Esiste già una settimana con questo numero per questa lega');
    expect(
      (await create({ weekNumber: 2, name: 'X', startDate: '2026-02-07', endDate: '2026-02-01' })).json()
        .message,
    ).toBe('La data di inizio deve essere precedente a quella di fine');
    expect(
      (await create({ weekNumber: 2, name: '  ', startDate: '2026-02-01', endDate: '2026-02-07' })).json()
        .message,
    ).toBe('Il nome della settimana è obbligatorio');
    await s.db
      .update(weeks)
      .set({ isClosed: true, rewardsDistributed: true })
      .where(eq(weeks.id, ok.json().week.id));
    const del = await s.admin.request({ method: 'DELETE', url: `/api/admin/weeks/${ok.json().week.id}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Non è possibile eliminare una settimana chiusa con premi distribuiti');
    const audit = await s.db.execute(
      sql`select action from admin_audit_log where record_id = ${ok.json().week.id}`,
    );
    expect(audit.rows).toEqual([{ action: 'CREATE_WEEK' }]);
  });

  it('matches: both teams, different teams', async () => {
    const s = await season();
    const week = await firstWeek(s);
    const add = (payload: object) =>
      s.admin.request({ method: 'POST', url: `/api/admin/weeks/${week.id}/matches`, payload });
    expect((await add({ team1: s.A, team2: s.A, date: '2026-01-02T18:00:00Z' })).json().message).toBe(
      'Teams must be different',
    );
    expect((await add({ team1: s.A, team2: '', date: '2026-01-02T18:00:00Z' })).json().message).toBe(
      'Please select both teams',
    );
    expect(
      (await add({ team1: s.A, team2: s.B, date: '2026-01-02T18:00:00Z', matchFormat: 2 })).statusCode,
    ).toBe(400);
  });
});
