import { DEFAULT_SCORING_RULES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, adminJobs, players } from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, isPostgresServer, type TestContext } from '../../test/test-app.ts';
import type { RecomputeEvent } from '../points/index.ts';
import { recomputeWeeks } from '../points/index.ts';
import { recalculate } from '../season/index.ts';
import { JOB_MESSAGES, KEPT_JOBS } from './jobs.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A league with `weekCount` weeks, each with one completed match with statistics, and one roster. */
async function world(weekCount = 0) {
  const db = ctx.database.db;
  const tag = Math.random().toString(36).slice(2, 8);
  const [A, B] = [`A ${tag}`, `B ${tag}`];
  const league = await createLeague(db, { name: `Lavori ${tag}`, type: 'LEC', teams: [A, B] });
  const admin = await userAgent(ctx.app, db, { isAdmin: true, username: `admin_${tag}` });
  const [pa, pb] = await db
    .insert(players)
    .values([
      { name: `PA ${tag}`, team: A, role: 'Top', tier: 1, cost: 1 },
      { name: `PB ${tag}`, team: B, role: 'Top', tier: 1, cost: 1 },
    ])
    .returning();
  const { rows: users } = await db.execute<{ id: string }>(sql`
    insert into users (email, username, password_hash) values (${`r-${tag}@x.invalid`}, ${`r_${tag}`}, 'x')
    returning id`);
  const { rows: rosters } = await db.execute<{ id: string }>(sql`
    insert into rosters (user_id, league_id, username, panda_coin, burro_coin)
    values (${users[0]!.id}, ${league.id}, ${`r_${tag}`}, 0, 0) returning id`);
  await db.execute(sql`
    insert into roster_players (roster_id, player_id, league_id, price_paid, acquired_at)
    values (${rosters[0]!.id}, ${pa!.id}, ${league.id}, 1, '2025-12-01T00:00:00Z')`);
  const weekIds: string[] = [];
  for (let w = 1; w <= weekCount; w++) {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into weeks (league_id, week_number, name, start_date, end_date)
      values (${league.id}, ${w}, ${`Settimana ${w}`}, '2026-01-01', '2026-12-31') returning id`);
    const weekId = rows[0]!.id;
    weekIds.push(weekId);
    const { rows: m } = await db.execute<{ id: string }>(sql`
      insert into matches (league_id, week_id, team1, team2, date, match_format, completed, games_played, winner)
      values (${league.id}, ${weekId}, ${A}, ${B}, ${`2026-01-0${w}T18:00:00Z`}, 1, true, 1, ${A}) returning id`);
    for (const p of [pa!, pb!]) {
      await db.execute(sql`
        insert into player_stats (match_id, player_id, game_number, team_name, points)
        values (${m[0]!.id}, ${p.id}, 1, ${p.team}, ${10 * w})`);
      await db.execute(sql`
        insert into team_objectives (match_id, game_number, team_name) values (${m[0]!.id}, 1, ${p.team})`);
    }
  }
  return { db, league, admin, weekIds, rosterId: rosters[0]!.id };
}

const recalc = (w: Awaited<ReturnType<typeof world>>) =>
  w.admin.request({
    method: 'POST',
    url: '/api/admin/recalculate',
    payload: { leagueId: w.league.id, mode: 'full' },
  });

const currentJob = async (w: Awaited<ReturnType<typeof world>>) => {
  const res = await w.admin.request({
    method: 'GET',
    url: `/api/admin/jobs?leagueId=${w.league.id}&kind=recalculation`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().job;
};

describe('admin jobs', () => {
  it('a recalculation leaves a finished job with its author, message and result', async () => {
    const w = await world();
    expect(await currentJob(w)).toBeNull();
    const res = await recalc(w);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rostersUpdated: 0,
      message: 'Ricalcolo completato con successo! 0 roster aggiornati.',
    });
    const job = await currentJob(w);
    expect(job).toMatchObject({
      kind: 'recalculation',
      leagueId: w.league.id,
      startedBy: w.admin.userId,
      startedByName: w.admin.username,
      status: 'done',
      percent: 100,
      message: 'Ricalcolo completato con successo! 0 roster aggiornati.',
      result: { mode: 'full', rostersUpdated: 0 },
    });
    expect(job.finishedAt).not.toBeNull();
    const byId = await w.admin.request({ method: 'GET', url: `/api/admin/jobs/${job.id}` });
    expect(byId.json().job).toEqual(job);
  });

  it('the engine reports real counters: reading steps, then week by week, then writing and totals', async () => {
    const w = await world(3);
    const events: RecomputeEvent[] = [];
    await w.db.transaction((tx) =>
      recomputeWeeks(tx, w.league.id, DEFAULT_SCORING_RULES, w.weekIds, {
        onProgress: (e) => events.push(e),
      }),
    );
    const stages = events.map((e) => e.stage);
    expect(stages.indexOf('week')).toBeGreaterThan(stages.lastIndexOf('read'));
    expect(stages.indexOf('write')).toBeGreaterThan(stages.lastIndexOf('week'));
    expect(stages.at(-1)).toBe('totals');
    const reads = events.filter((e) => e.stage === 'read');
    expect(reads.map((e) => e.done)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const weeks = events.filter((e) => e.stage === 'week');
    // weeks 1–3 summed, sent back, in their tables
    expect(weeks[0]).toMatchObject({ first: 1, last: 3, weeks: 3, done: 0 });
    expect(weeks.map((e) => (e.stage === 'week' ? `${e.first}-${e.last}:${e.done}/${e.total}` : ''))).toEqual(
      ['1-3:0/3', '1-3:1/3', '1-3:2/3', '1-3:3/3'],
    );
    // then each week's rows
    const writes = events.filter((e) => e.stage === 'write');
    expect(writes.map((e) => (e.stage === 'write' ? `${e.done}/${e.total}` : ''))).toEqual([
      '0/3',
      '1/3',
      '2/3',
      '3/3',
    ]);
    const { rows } = await w.db.execute<{ total_points: number }>(
      sql`select total_points from rosters where id = ${w.rosterId}`,
    );
    expect(Number(rows[0]!.total_points)).toBe(60);
  });

  it('a recalculation reports its phases in order, and its fraction never goes back', async () => {
    const w = await world(2);
    const seen: { phase: string; fraction: number }[] = [];
    await recalculate(
      w.db,
      { adminUserId: w.admin.userId, userAgent: null },
      w.league.id,
      { mode: 'full' },
      (phase, fraction) => seen.push({ phase, fraction }),
    );
    const phases = [...new Set(seen.map((s) => s.phase))];
    expect(phases).toEqual([
      'Controllo dei match',
      'Punteggio delle partite',
      'Lettura delle statistiche',
      'Calcolo dei punti: settimane 1–2 di 2',
      'Scrittura dei punti: settimana 1 di 2',
      'Scrittura dei punti: settimana 2 di 2',
      'Totali dei roster',
      'Salvataggio',
    ]);
    for (let i = 1; i < seen.length; i++)
      expect(seen[i]!.fraction).toBeGreaterThanOrEqual(seen[i - 1]!.fraction);
    expect(seen.at(-1)!.fraction).toBeLessThan(1);
  });

  it('a second start while the league’s recalculation runs gets 409 with the running job and its progress', async () => {
    const w = await world();
    const other = await userAgent(ctx.app, w.db, { isAdmin: true });
    // another admin's recalculation, held open at a known phase
    const running = await ctx.app.adminJobs.start({
      kind: 'recalculation',
      leagueId: w.league.id,
      user: { id: other.userId, username: other.username },
    });
    running.progress('Calcolo dei punti: settimana 3 di 9', 0.42);
    const second = await recalc(w);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().code).toBe('JOB_RUNNING');
    expect(second.json().message).toContain(
      `Un ricalcolo di questa lega è già in corso: avviato da ${other.username}`,
    );
    expect(second.json().details.job).toMatchObject({
      id: running.id,
      status: 'running',
      startedByName: other.username,
      phase: 'Calcolo dei punti: settimana 3 di 9',
      percent: 42,
    });
    expect(await currentJob(w)).toMatchObject({ id: running.id, status: 'running', percent: 42 });
    // the refused start changed nothing: no audit row, no second job
    const audits = await w.db.select().from(adminAuditLog).where(eq(adminAuditLog.recordId, w.league.id));
    expect(audits).toHaveLength(0);
    expect(await w.db.select().from(adminJobs).where(eq(adminJobs.leagueId, w.league.id))).toHaveLength(1);
    // an import of the same league is another kind of work: not blocked by it
    const importJob = await ctx.app.adminJobs.start({
      kind: 'import',
      leagueId: w.league.id,
      user: { id: w.admin.userId, username: w.admin.username },
    });
    await importJob.discard();

    await running.end('done', 'fatto', null);
    expect((await recalc(w)).statusCode).toBe(200);
  });

  it('refused input leaves no job behind', async () => {
    const w = await world();
    const res = await w.admin.request({
      method: 'POST',
      url: '/api/admin/recalculate',
      payload: { leagueId: '00000000-0000-4000-8000-000000000000', mode: 'full' },
    });
    expect(res.statusCode).toBe(404);
    expect(await w.db.select().from(adminJobs).where(eq(adminJobs.startedBy, w.admin.userId))).toHaveLength(
      0,
    );
  });

  it('a job left running by a process that died does not block the next start', async () => {
    const w = await world();
    // PostgreSQL: its heartbeat is two minutes old; PGlite: no process of this database knows it
    const [dead] = await w.db
      .insert(adminJobs)
      .values({
        kind: 'recalculation',
        leagueId: w.league.id,
        startedByName: 'qualcuno',
        phase: 'Lettura delle statistiche',
        total: 1000,
        done: 100,
        startedAt: sql`now() - interval '3 minutes'`,
        heartbeatAt: sql`now() - interval '2 minutes'`,
      })
      .returning();
    // the page's first look already shows it as interrupted
    const seen = await currentJob(w);
    expect(seen).toMatchObject({ id: dead!.id, status: 'failed', message: JOB_MESSAGES.interrupted });
    expect((await recalc(w)).statusCode).toBe(200);
    expect(await currentJob(w)).toMatchObject({ status: 'done' });
  });

  it('a start keeps the last ended jobs of its league and kind, and removes older ones', async () => {
    const w = await world();
    const other = await world();
    const ended = (
      leagueId: string,
      minutesAgo: number,
      kind: 'recalculation' | 'import' = 'recalculation',
    ) => ({
      kind,
      leagueId,
      startedByName: 'qualcuno',
      status: 'done',
      phase: 'Completato',
      total: 1000,
      done: 1000,
      startedAt: sql`now() - make_interval(mins => ${minutesAgo})`,
      heartbeatAt: sql`now() - make_interval(mins => ${minutesAgo})`,
      finishedAt: sql`now() - make_interval(mins => ${minutesAgo})`,
    });
    const old = Array.from({ length: KEPT_JOBS + 5 }, (_, i) => ended(w.league.id, 10 + i));
    await w.db
      .insert(adminJobs)
      .values([...old, ended(w.league.id, 500, 'import'), ended(other.league.id, 500)]);
    expect((await recalc(w)).statusCode).toBe(200);
    const left = await w.db
      .select({ kind: adminJobs.kind, startedAt: adminJobs.startedAt })
      .from(adminJobs)
      .where(eq(adminJobs.leagueId, w.league.id));
    const recalculations = left.filter((j) => j.kind === 'recalculation');
    // the new one and the KEPT_JOBS - 1 most recent of the old ones
    expect(recalculations).toHaveLength(KEPT_JOBS);
    const oldest = Math.min(...recalculations.map((j) => j.startedAt.getTime()));
    expect(Date.now() - oldest).toBeLessThan((10 + KEPT_JOBS) * 60_000);
    // another kind and another league are not touched
    expect(left.filter((j) => j.kind === 'import')).toHaveLength(1);
    expect(await w.db.select().from(adminJobs).where(eq(adminJobs.leagueId, other.league.id))).toHaveLength(
      1,
    );
  });

  it.runIf(isPostgresServer())(
    'PostgreSQL: a running job with a fresh heartbeat from another instance blocks; its progress reaches the row',
    async () => {
      const w = await world();
      await w.db.insert(adminJobs).values({
        kind: 'recalculation',
        leagueId: w.league.id,
        startedByName: 'altra istanza',
        total: 1000,
      });
      expect((await recalc(w)).statusCode).toBe(409);
      await w.db.delete(adminJobs).where(eq(adminJobs.leagueId, w.league.id));

      const job = await ctx.app.adminJobs.start({
        kind: 'recalculation',
        leagueId: w.league.id,
        user: { id: w.admin.userId, username: w.admin.username },
      });
      job.progress('Scrittura dei punti', 0.7);
      await job.flush();
      const [row] = await w.db.select().from(adminJobs).where(eq(adminJobs.id, job.id));
      expect(row).toMatchObject({ phase: 'Scrittura dei punti', done: 700, status: 'running' });
      await job.end('done', 'fatto', null);
    },
  );

  it.runIf(isPostgresServer())(
    'PostgreSQL: two admins start the same recalculation at once: exactly one runs, the other sees it',
    async () => {
      const w = await world(2);
      const other = await userAgent(ctx.app, w.db, { isAdmin: true });
      // hold the league row, so whichever request gets the job stays running until released
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const blocker = w.db.transaction(async (tx) => {
        await tx.execute(sql`select id from leagues where id = ${w.league.id} for no key update`);
        locked();
        await held;
      });
      await isLocked;
      const requests = [
        recalc(w),
        other.request({
          method: 'POST',
          url: '/api/admin/recalculate',
          payload: { leagueId: w.league.id, mode: 'full' },
        }),
      ];
      const first = await Promise.race(requests);
      expect(first.statusCode, first.body).toBe(409);
      expect(first.json().details.job.status).toBe('running');
      release();
      await blocker;
      const results = await Promise.all(requests);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const jobs = await w.db.select().from(adminJobs).where(eq(adminJobs.leagueId, w.league.id));
      expect(jobs.map((j) => j.status)).toEqual(['done']);
      const audits = await w.db.select().from(adminAuditLog).where(eq(adminAuditLog.recordId, w.league.id));
      expect(audits.filter((a) => a.action === 'RECALCULATE_POINTS')).toHaveLength(1);
    },
  );
});
