import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMatch, createWeek } from '../../test/admin-fixtures.ts';
import { marketWorld, userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 24 * 3_600_000;

/** A league of 4 teams with one week: a completed BO3 (A–B, 2–1), a scheduled future match (A–C), a past draft. */
async function league() {
  const db = ctx.database.db;
  const world = await marketWorld(db);
  const [A, B, C, D] = world.teams as [string, string, string, string];
  const admin = await userAgent(ctx.app, db, { isAdmin: true });
  const { id: weekId } = await createWeek(admin, {
    leagueId: world.league.id,
    weekNumber: 1,
    name: 'Week 1',
    startDate: '2026-01-01',
    endDate: '2030-12-31',
  });
  const addMatch = (team1: string, team2: string, date: Date, matchFormat = 3) =>
    createMatch(admin, weekId, { team1, team2, date: date.toISOString(), matchFormat });
  const now = Date.now();
  const played = await addMatch(A, B, new Date(now - 2 * DAY));
  const next = await addMatch(A, C, new Date(now + 2 * DAY), 1);
  const later = await addMatch(C, A, new Date(now + 5 * DAY), 5);
  const others = await addMatch(C, D, new Date(now + DAY));
  const teamOf = (team: string) => world.players.filter((p) => p.team === team);
  const line = (playerId: string, kills: number, championId: string | null = null) => ({
    playerId,
    championId,
    kills,
    deaths: 2,
    assists: 4,
    cs: 180,
  });
  const save = await admin.request({
    method: 'PUT',
    url: `/api/admin/matches/${played}/statistics`,
    payload: {
      gamesPlayed: 3,
      winner: A,
      seriesMvpPlayerId: teamOf(A)[0]!.id,
      games: [1, 2, 3].map((gameNumber) => ({
        gameNumber,
        winner: gameNumber === 2 ? B : A,
        players: [...teamOf(A), ...teamOf(B)].map((p, i) =>
          line(p.id, gameNumber + i, i === 0 ? world.champions[0]!.id : null),
        ),
        objectives: [{ teamName: A, dragons: 2, towers: 5 }],
      })),
    },
  });
  expect(save.statusCode, save.body).toBe(200);
  return { db, world, A, B, C, admin, played, next, later, others, teamOf };
}

describe('the real matches of a league', () => {
  it('lists weeks with scheduled and completed matches, score and format', async () => {
    const s = await league();
    const u = await userAgent(ctx.app, s.db);
    const res = await u.request({ method: 'GET', url: `/api/leagues/${s.world.league.id}/matches` });
    expect(res.statusCode, res.body).toBe(200);
    const [week] = res.json().weeks;
    expect(week.name).toBe('Week 1');
    expect(week.matches.map((m: { id: string }) => m.id)).toEqual([s.played, s.others, s.next, s.later]);
    const played = week.matches[0];
    expect(played).toMatchObject({
      completed: true,
      winner: s.A,
      matchFormat: 3,
      gamesPlayed: 3,
      score: { team1: 2, team2: 1 },
    });
    expect(week.matches[2]).toMatchObject({ completed: false, matchFormat: 1, score: null, winner: null });

    const unknown = await u.request({ method: 'GET', url: `/api/leagues/${crypto.randomUUID()}/matches` });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/leagues/${s.world.league.id}/matches` })).statusCode,
    ).toBe(401);
  });

  it('lists a week numbered past 10,000 (weeks are numbered up to int4)', async () => {
    const db = ctx.database.db;
    const world = await marketWorld(db);
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    await createWeek(admin, {
      leagueId: world.league.id,
      weekNumber: 2_147_483_647,
      name: 'Ultima settimana',
      startDate: '2026-01-01',
      endDate: '2026-01-07',
    });
    const res = await admin.request({ method: 'GET', url: `/api/leagues/${world.league.id}/matches` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().weeks.map((w: { weekNumber: number }) => w.weekNumber)).toEqual([2_147_483_647]);
  });

  it('opens a completed match: its games with every player’s statistics and stored game points', async () => {
    const s = await league();
    const u = await userAgent(ctx.app, s.db);
    const res = await u.request({
      method: 'GET',
      url: `/api/leagues/${s.world.league.id}/matches/${s.played}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.seriesMvp.playerId).toBe(s.teamOf(s.A)[0]!.id);
    expect(body.games.map((g: { gameNumber: number; winner: string }) => [g.gameNumber, g.winner])).toEqual([
      [1, s.A],
      [2, s.B],
      [3, s.A],
    ]);
    const stored = await s.db.execute<{
      player_id: string;
      game_number: number;
      points: number;
      kills: number;
    }>(sql`
      select player_id, game_number, points::float as points, kills from player_stats where match_id = ${s.played}`);
    expect(stored.rows.length).toBe(30);
    for (const game of body.games) {
      expect(game.players).toHaveLength(10);
      // team1 first, in role order
      expect(game.players[0].team).toBe(s.A);
      expect(game.players.slice(0, 5).map((p: { role: string }) => p.role)).toEqual([
        'Top',
        'Jungle',
        'Mid',
        'ADC',
        'Support',
      ]);
      for (const p of game.players) {
        const row = stored.rows.find((r) => r.player_id === p.playerId && r.game_number === game.gameNumber)!;
        expect(p.points).toBe(row.points);
        expect(p.kills).toBe(row.kills);
      }
    }
    expect(body.games[0].players.find((p: { champion: unknown }) => p.champion !== null).champion.id).toBe(
      s.world.champions[0]!.id,
    );

    // a scheduled match has no games yet; a match of another league is not found here
    const scheduled = await u.request({
      method: 'GET',
      url: `/api/leagues/${s.world.league.id}/matches/${s.next}`,
    });
    expect(scheduled.json()).toMatchObject({ games: [], seriesMvp: null, match: { completed: false } });
    const other = await league();
    const elsewhere = await u.request({
      method: 'GET',
      url: `/api/leagues/${other.world.league.id}/matches/${s.played}`,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Partita non trovata');
  });

  it('a player’s card: per-game points of his last matches, average, upcoming matches, ownership', async () => {
    const s = await league();
    const star = s.teamOf(s.A)[0]!;
    const buyers: Awaited<ReturnType<typeof userAgent>>[] = [];
    for (let i = 0; i < 4; i++) buyers.push(await userAgent(ctx.app, s.db));
    const trade = (u: (typeof buyers)[number], action: 'buy' | 'sell', playerId = star.id) =>
      u.request({ method: 'POST', url: `/api/leagues/${s.world.league.id}/players/${playerId}/${action}` });
    // 3 buy him, one of them sells him again, the 4th buys someone else: 2 of 4 hold him
    for (const u of buyers.slice(0, 3)) expect((await trade(u, 'buy')).statusCode).toBe(200);
    expect((await trade(buyers[2]!, 'sell')).statusCode).toBe(200);
    expect((await trade(buyers[3]!, 'buy', s.teamOf(s.B)[0]!.id)).statusCode).toBe(200);

    const res = await buyers[0]!.request({
      method: 'GET',
      url: `/api/leagues/${s.world.league.id}/players/${star.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json();
    expect(card.player).toMatchObject({ id: star.id, team: s.A, role: star.role, cost: star.cost });
    expect(card.ownership).toEqual({ holders: 2, participants: 4, percent: 50 });
    const stored = await s.db.execute<{ game_number: number; points: number }>(sql`
      select game_number, points::float as points from player_stats
      where match_id = ${s.played} and player_id = ${star.id} order by game_number`);
    expect(card.recentMatches).toHaveLength(1);
    expect(card.recentMatches[0]).toMatchObject({ matchId: s.played, opponent: s.B });
    expect(card.recentMatches[0].games.map((g: { points: number }) => g.points)).toEqual(
      stored.rows.map((r) => r.points),
    );
    const sum = stored.rows.reduce((a, r) => a + r.points, 0);
    expect(card.gamesPlayed).toBe(3);
    expect(card.averagePerGame).toBeCloseTo(sum / 3, 1);
    // his team's scheduled matches, soonest first; not the other teams' match, not the played one
    expect(card.upcoming.map((m: { id: string }) => m.id)).toEqual([s.next, s.later]);

    const none = await buyers[0]!.request({
      method: 'GET',
      url: `/api/leagues/${s.world.league.id}/players/${crypto.randomUUID()}`,
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Giocatore non trovato');
  });
});
