import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaguePhases, rosterSnapshots } from '../../../db/schema.ts';
import { auditRows, leagueWithRosters } from '../../../test/admin-fixtures.ts';
import { userAgent } from '../../../test/fixtures.ts';
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

async function phasesOf(leagueId: string) {
  const res = await call('GET', `/api/admin/leagues/${leagueId}/phases`);
  expect(res.statusCode).toBe(200);
  return res.json().phases as {
    id: string;
    phaseName: string;
    phaseOrder: number;
    isCurrent: boolean;
    teamCount: number;
    participatingTeams: string[];
  }[];
}

describe('phase editor', () => {
  it('adds a phase in stage order, unique per league, with team_count ≥ 2 and both dates', async () => {
    const { league } = await leagueWithRosters(ctx.database.db, 0, {
      phases: [
        { name: 'Regular Season', teamCount: 10 },
        { name: 'Finals', teamCount: 2 },
      ],
    });
    const url = `/api/admin/leagues/${league.id}/phases`;
    const added = await call('POST', url, {
      phaseName: 'Playoffs',
      teamCount: 6,
      startDate: '2026-04-01',
      endDate: '2026-05-01',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      message: 'Nuova fase aggiunta con successo',
      phase: { phaseOrder: 2, isCurrent: false },
    });
    expect((await phasesOf(league.id)).map((p) => [p.phaseName, p.phaseOrder])).toEqual([
      ['Regular Season', 1],
      ['Playoffs', 2],
      ['Finals', 3],
    ]);

    const refusals: [unknown, string][] = [
      [
        { phaseName: 'Playoffs', teamCount: 6, startDate: '2026-04-01', endDate: '2026-05-01' },
        'La fase Playoffs è già presente nella lega',
      ],
      [
        { phaseName: 'Semifinals', teamCount: 1, startDate: '2026-04-01', endDate: '2026-05-01' },
        'Una fase deve avere almeno 2 team',
      ],
      [
        { phaseName: 'Semifinals', teamCount: 4, startDate: '2026-04-01' },
        'Le date di inizio e fine della fase sono obbligatorie',
      ],
      [
        { phaseName: '', teamCount: 4, startDate: '2026-04-01', endDate: '2026-05-01' },
        'Il nome della fase è obbligatorio',
      ],
    ];
    for (const [body, message] of refusals) {
      const res = await call('POST', url, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await phasesOf(league.id)).toHaveLength(3);
  });

  it('edits team count and dates inline, and keeps teams within team_count', async () => {
    const { league, teams } = await leagueWithRosters(ctx.database.db, 0);
    const [phase] = await phasesOf(league.id);
    const url = `/api/admin/leagues/${league.id}/phases/${phase!.id}`;
    const edit = await call('PATCH', url, { teamCount: 3, startDate: '2026-01-01', endDate: '2026-02-01' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      message: 'Fase aggiornata con successo',
      phase: { teamCount: 3, startDate: '2026-01-01' },
    });

    const tooMany = await call('PUT', `${url}/teams`, { teams: teams.slice(0, 4) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('Puoi selezionare al massimo 3 team per questa fase');
    const outsider = await call('PUT', `${url}/teams`, { teams: ['Nessuno'] });
    expect(outsider.json().message).toBe('Il team Nessuno non fa parte di questa lega');
    const ok = await call('PUT', `${url}/teams`, { teams: teams.slice(0, 3) });
    expect(ok.json()).toMatchObject({
      message: 'Team della fase aggiornati',
      phase: { participatingTeams: teams.slice(0, 3) },
    });
    const shrink = await call('PATCH', url, { teamCount: 2 });
    expect(shrink.json().message).toBe('Puoi selezionare al massimo 2 team per questa fase');

    const audit = await auditRows(ctx.database.db, phase!.id);
    expect(audit.map((a) => a.action)).toEqual(['UPDATE_PHASE', 'UPDATE_PHASE_TEAMS']);
    expect(audit[0]!.oldValues).toMatchObject({ teamCount: 10 });
    expect(audit[0]!.newValues).toMatchObject({ teamCount: 3 });
  });

  it('never deletes the current phase', async () => {
    const { league } = await leagueWithRosters(ctx.database.db, 0);
    const phases = await phasesOf(league.id);
    const current = phases.find((p) => p.isCurrent)!;
    const refused = await call('DELETE', `/api/admin/leagues/${league.id}/phases/${current.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Non è possibile eliminare la fase corrente');
    const other = phases.find((p) => !p.isCurrent)!;
    const ok = await call('DELETE', `/api/admin/leagues/${league.id}/phases/${other.id}`);
    expect(ok.json().message).toBe('Fase eliminata con successo');
    const left = await phasesOf(league.id);
    expect(left.map((p) => p.phaseOrder)).toEqual([1, 2, 3]);
    const missing = await call('DELETE', `/api/admin/leagues/${league.id}/phases/${other.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Fase non trovata');
  });
});

describe('phase activation', () => {
  it('snapshots every roster, then makes the phase the only current one', async () => {
    const db = ctx.database.db;
    const { league, members } = await leagueWithRosters(db, 3);
    const phases = await phasesOf(league.id);
    const target = phases.find((p) => p.phaseName === 'Playoffs')!;
    const res = await call('POST', `/api/admin/leagues/${league.id}/phases/${target.id}/activate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Fase cambiata con successo: Playoffs',
      snapshotsCreated: 3,
      snapshotMessage: 'Snapshot creato per 3 roster nella fase Playoffs',
      snapshotError: null,
      phase: { id: target.id, isCurrent: true },
    });
    const snaps = await db.select().from(rosterSnapshots).where(eq(rosterSnapshots.leagueId, league.id));
    expect(snaps).toHaveLength(3);
    for (const s of snaps) {
      expect(s).toMatchObject({ snapshotType: 'phase_change', phaseId: target.id, phaseName: 'Playoffs' });
      expect(s.rosterData).toEqual({
        total_points: 0,
        panda_coin: 15,
        burro_coin: 8,
        players: [],
        champions: [],
      });
    }
    expect(new Set(snaps.map((s) => s.username))).toEqual(new Set(members.map((m) => m.user.username)));
    const current = await db
      .select()
      .from(leaguePhases)
      .where(and(eq(leaguePhases.leagueId, league.id), eq(leaguePhases.isCurrent, true)));
    expect(current.map((p) => p.id)).toEqual([target.id]);

    const again = await call('POST', `/api/admin/leagues/${league.id}/phases/${target.id}/activate`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Questa fase è già la fase corrente');
    const [audit] = await auditRows(db, target.id);
    expect(audit).toMatchObject({ action: 'ACTIVATE_PHASE', newValues: { snapshots_created: 3 } });
  });

  it('reports a snapshot failure and changes the phase anyway', async () => {
    const db = ctx.database.db;
    const { league } = await leagueWithRosters(db, 2);
    const target = (await phasesOf(league.id)).find((p) => p.phaseName === 'Finals')!;
    await db.execute(sql`create or replace function fail_snapshot() returns trigger language plpgsql as $$
      begin raise exception 'snapshot rotto'; end $$`);
    await db.execute(
      sql.raw(
        `create trigger fail_snapshot before insert on roster_snapshots for each row execute function fail_snapshot()`,
      ),
    );
    let res: Awaited<ReturnType<typeof call>>;
    try {
      res = await call('POST', `/api/admin/leagues/${league.id}/phases/${target.id}/activate`);
    } finally {
      await db.execute(sql`drop trigger fail_snapshot on roster_snapshots`);
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Fase cambiata con successo: Finals',
      snapshotsCreated: 0,
      snapshotMessage: null,
    });
    expect(res.json().snapshotError).toMatch(/^Errore nella creazione dello snapshot: /);
    expect(res.json().snapshotError).toContain('snapshot rotto');
    const current = (await phasesOf(league.id)).filter((p) => p.isCurrent);
    expect(current.map((p) => p.id)).toEqual([target.id]);
  });
});
