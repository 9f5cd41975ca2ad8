import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leaguePhases,
  leagues,
  matches,
  playerStats,
  players,
  rosterPlayers,
  weeks,
} from '../../../db/schema.ts';
import { createLeague } from '../../../seed/factories.ts';
import { leagueWithRosters } from '../../../test/admin-fixtures.ts';
import { ledgerViolations, userAgent } from '../../../test/fixtures.ts';
import type { Agent } from '../../../test/http.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userAgent(ctx.app, ctx.database.db, { isAdmin: true });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  admin.request({ method, url, payload: payload as object });
const teamUrl = (leagueId: string, team: string) =>
  `/api/admin/leagues/${leagueId}/teams/${encodeURIComponent(team)}`;

describe('teams', () => {
  it('lists one entry per league and team with its player count', async () => {
    const { league, teams } = await leagueWithRosters(ctx.database.db, 0);
    const res = await call('GET', `/api/admin/teams?leagueId=${league.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().teams).toEqual(
      teams.map((t) => ({
        leagueId: league.id,
        leagueName: league.name,
        leagueType: 'LEC',
        teamName: t,
        playerCount: 5,
      })),
    );
    const search = await call('GET', `/api/admin/teams?search=${encodeURIComponent(teams[1]!)}`);
    expect(search.json().teams.map((t: { teamName: string }) => t.teamName)).toEqual([teams[1]]);
  });

  it('adds a team with the spec messages', async () => {
    const { league, teams } = await leagueWithRosters(ctx.database.db, 0);
    const cases: [unknown, number, string][] = [
      [{ leagueId: league.id, name: '  ' }, 400, 'Nome team e lega sono obbligatori'],
      [{ name: 'Team Nuovo' }, 400, 'Nome team e lega sono obbligatori'],
      [{ leagueId: randomUUID(), name: 'Team Nuovo' }, 404, 'Lega non trovata'],
      [{ leagueId: league.id, name: 'X' }, 400, 'Il nome del team deve essere compreso tra 2 e 50 caratteri'],
      [{ leagueId: league.id, name: teams[0]!.toUpperCase() }, 409, 'Questo team è già presente nella lega'],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/api/admin/teams', body);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
    const ok = await call('POST', '/api/admin/teams', { leagueId: league.id, name: "  Anyone's Legend  " });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ message: 'Team aggiunto con successo', teamName: "Anyone's Legend" });
    const [row] = await ctx.database.db.select().from(leagues).where(eq(leagues.id, league.id));
    expect(row!.teams).toEqual([...teams, "Anyone's Legend"]);
  });

  it('adds no team past the hundred a league takes (the limit of its forms)', async () => {
    const full = await createLeague(ctx.database.db, {
      name: 'Lega piena',
      type: 'LEC',
      teams: Array.from({ length: 100 }, (_, i) => `Team ${i + 1}`),
    });
    const res = await call('POST', '/api/admin/teams', { leagueId: full.id, name: 'Team 101' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Una lega può avere al massimo 100 team']);
    const [row] = await ctx.database.db.select().from(leagues).where(eq(leagues.id, full.id));
    expect(row!.teams).toHaveLength(100);
  });

  it('renames a team: players, phases and matches follow', async () => {
    const db = ctx.database.db;
    const { league, teams } = await leagueWithRosters(db, 0);
    const [old, other] = [teams[0]!, teams[1]!];
    await db
      .update(leaguePhases)
      .set({ participatingTeams: [old, other] })
      .where(eq(leaguePhases.leagueId, league.id));
    const [week] = await db
      .insert(weeks)
      .values({
        leagueId: league.id,
        weekNumber: 1,
        name: 'W1',
        startDate: '2026-01-01',
        endDate: '2026-01-07',
      })
      .returning();
    const [match] = await db
      .insert(matches)
      .values({
        leagueId: league.id,
        weekId: week!.id,
        team1: old,
        team2: other,
        winner: old,
        date: new Date(),
      })
      .returning();

    const empty = await call('PATCH', teamUrl(league.id, old), { name: ' ' });
    expect(empty.json().message).toBe('Il nome del team è obbligatorio');
    const taken = await call('PATCH', teamUrl(league.id, old), { name: other });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Questo nome è già utilizzato da un altro team');
    const missing = await call('PATCH', teamUrl(league.id, 'Team Fantasma'), { name: 'Altro' });
    expect(missing.statusCode).toBe(404);

    const newName = `Gen.G / ${randomUUID().slice(0, 4)}`;
    const res = await call('PATCH', teamUrl(league.id, old), { name: newName });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Team aggiornato con successo',
      playersUpdated: 5,
      leaguesUpdated: 1,
    });
    const [l] = await db.select().from(leagues).where(eq(leagues.id, league.id));
    expect(l!.teams[0]).toBe(newName);
    expect(await db.select().from(players).where(eq(players.team, old))).toEqual([]);
    expect(await db.select().from(players).where(eq(players.team, newName))).toHaveLength(5);
    const phases = await db.select().from(leaguePhases).where(eq(leaguePhases.leagueId, league.id));
    expect(phases.every((p) => p.participatingTeams[0] === newName)).toBe(true);
    const [m] = await db.select().from(matches).where(eq(matches.id, match!.id));
    expect(m).toMatchObject({ team1: newName, winner: newName });
  });

  it('deletes a team: players go, except those held in a roster or with stats, who become Free Agent', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 1);
    const team = world.teams[2]!;
    const teamPlayers = world.players.filter((p) => p.team === team);
    const [held, withStats, ...plain] = teamPlayers;
    // held by a roster (bought through the market, so the ledger has its price)
    const member = await userAgent(ctx.app, db);
    await member.request({ method: 'POST', url: `/api/leagues/${world.league.id}/join` });
    const buy = await member.request({
      method: 'POST',
      url: `/api/leagues/${world.league.id}/players/${held!.id}/buy`,
    });
    expect(buy.statusCode, buy.body).toBe(200);
    const [week] = await db
      .insert(weeks)
      .values({
        leagueId: world.league.id,
        weekNumber: 1,
        name: 'W1',
        startDate: '2026-01-01',
        endDate: '2026-01-07',
      })
      .returning();
    const [match] = await db
      .insert(matches)
      .values({
        leagueId: world.league.id,
        weekId: week!.id,
        team1: team,
        team2: world.teams[0]!,
        date: new Date(),
      })
      .returning();
    await db
      .insert(playerStats)
      .values({ matchId: match!.id, playerId: withStats!.id, gameNumber: 1, teamName: team });
    await db
      .update(leaguePhases)
      .set({ participatingTeams: [team] })
      .where(eq(leaguePhases.leagueId, world.league.id));

    const res = await call('DELETE', teamUrl(world.league.id, team));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ playersDeleted: plain.length, playersMadeFreeAgent: 2 });
    expect(res.json().message).toContain('Free Agent');
    const left = await db
      .select()
      .from(players)
      .where(
        inArray(
          players.id,
          teamPlayers.map((p) => p.id),
        ),
      );
    expect(left.map((p) => [p.id, p.team]).sort()).toEqual(
      [
        [held!.id, 'Free Agent'],
        [withStats!.id, 'Free Agent'],
      ].sort(),
    );
    expect(await db.select().from(rosterPlayers).where(eq(rosterPlayers.playerId, held!.id))).toHaveLength(1);
    const [l] = await db.select().from(leagues).where(eq(leagues.id, world.league.id));
    expect(l!.teams).not.toContain(team);
    const phases = await db.select().from(leaguePhases).where(eq(leaguePhases.leagueId, world.league.id));
    expect(phases.every((p) => p.participatingTeams.length === 0)).toBe(true);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('keeps the players of a team another league still lists', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 0);
    const team = world.teams[0]!;
    await createLeague(db, {
      name: `Worlds ${randomUUID().slice(0, 4)}`,
      type: 'World Championship',
      teams: [team],
    });
    const res = await call('DELETE', teamUrl(world.league.id, team));
    expect(res.json()).toMatchObject({ playersDeleted: 0, playersMadeFreeAgent: 0 });
    expect(await db.select().from(players).where(eq(players.team, team))).toHaveLength(5);
  });

  it('assigns a player to a team and removes him (Free Agent)', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 0);
    const [free] = await db
      .insert(players)
      .values({ name: 'Svincolato', team: 'Free Agent', role: 'Mid', tier: 2, cost: 2 })
      .returning();
    const url = `${teamUrl(world.league.id, world.teams[0]!)}/players`;
    const none = await call('POST', url, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Seleziona un player da assegnare');
    const ok = await call('POST', url, { playerId: free!.id });
    expect(ok.json().message).toBe('Player assegnato al team con successo');
    const list = await call('GET', url);
    expect(list.json().players.map((p: { id: string }) => p.id)).toContain(free!.id);
    expect(list.json().availablePlayers.map((p: { id: string }) => p.id)).not.toContain(free!.id);
    const removed = await call('DELETE', `${url}/${free!.id}`);
    expect(removed.json().message).toBe('Player rimosso dal team');
    const [after] = await db.select().from(players).where(eq(players.id, free!.id));
    expect(after!.team).toBe('Free Agent');
    const audit = await db.execute(
      sql`select action, old_values, new_values from admin_audit_log where record_id = ${free!.id} order by id`,
    );
    expect(audit.rows).toEqual([
      {
        action: 'ASSIGN_PLAYER_TEAM',
        old_values: { team: 'Free Agent' },
        new_values: { team: world.teams[0] },
      },
      {
        action: 'REMOVE_PLAYER_TEAM',
        old_values: { team: world.teams[0] },
        new_values: { team: 'Free Agent' },
      },
    ]);
  });
});
