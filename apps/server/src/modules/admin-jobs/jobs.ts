import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { adminJobs } from '../../db/schema.ts';
import { AppError, isUniqueViolation, notFound, pgError } from '../../lib/errors.ts';

export type JobKind = 'recalculation' | 'import';
export type JobStatus = 'running' | 'done' | 'failed';

/** Progress is kept in thousandths: a phase maps its own counter (weeks, statements, bytes) onto a range. */
export const PROGRESS_TOTAL = 1000;
/** A running job whose heartbeat is older than this belongs to a process that died (PostgreSQL). */
export const STALE_AFTER_MS = 60_000;
const HEARTBEAT_MS = 10_000;
/** Ended jobs kept per league and kind (the page shows the last one; the rest is recent history). */
export const KEPT_JOBS = 20;
const FLUSH_MS = 300;

export const JOB_MESSAGES = {
  running: (kind: JobKind, name: string, at: Date) =>
    kind === 'recalculation'
      ? `Un ricalcolo di questa lega è già in corso: avviato da ${name} alle ${formatTime(at)}. Attendi che finisca.`
      : `Un’importazione di questa lega è già in corso: avviata da ${name} alle ${formatTime(at)}. Attendi che finisca.`,
  interrupted: 'Interrotto: il server si è fermato prima della fine. Puoi avviarlo di nuovo.',
  failed: 'Non completato per un errore interno: nessuna modifica è stata salvata.',
  notFound: 'Operazione non trovata',
  starting: 'Avvio',
  saving: 'Salvataggio',
} as const;

function formatTime(at: Date) {
  return new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

export interface JobView {
  id: string;
  kind: JobKind;
  leagueId: string;
  startedBy: string | null;
  startedByName: string;
  status: JobStatus;
  phase: string;
  percent: number;
  message: string | null;
  result: unknown;
  startedAt: Date;
  heartbeatAt: Date;
  finishedAt: Date | null;
}

type JobRow = typeof adminJobs.$inferSelect;

function view(row: JobRow, live?: LiveProgress): JobView {
  const done = live && row.status === 'running' ? live.done : row.done;
  const phase = live && row.status === 'running' ? live.phase : row.phase;
  const total = row.total || PROGRESS_TOTAL;
  return {
    id: row.id,
    kind: row.kind as JobKind,
    leagueId: row.leagueId,
    startedBy: row.startedBy,
    startedByName: row.startedByName,
    status: row.status as JobStatus,
    phase,
    percent: row.status === 'done' ? 100 : Math.min(100, Math.floor((done * 100) / total)),
    message: row.message,
    result: row.result ?? null,
    startedAt: row.startedAt,
    heartbeatAt: row.heartbeatAt,
    finishedAt: row.finishedAt,
  };
}

interface LiveProgress {
  phase: string;
  done: number;
}

/**
 * Reports a job's progress: a phase text and the fraction done overall (0–1). Never awaits the
 * database: the work calling it usually holds a transaction whose writes nobody sees before commit.
 */
export type Progress = (phase: string, fraction: number) => void;

/**
 * A range [from, to] of a parent progress: the stage reports its own fraction (0–1) and the parent sees
 * it scaled into the range. The ranges are a fixed split of the whole; inside each, the counter is real.
 */
export function stage(progress: Progress, from: number, to: number): Progress {
  return (phase, fraction) => progress(phase, from + (to - from) * Math.max(0, Math.min(1, fraction)));
}

export interface StartJob {
  kind: JobKind;
  leagueId: string;
  user: { id: string; username: string };
  /** the 404 message when the league does not exist */
  leagueNotFound?: string;
}

/**
 * Long admin work (recalculation, import) as rows of `admin_jobs`, one per run. The row is written when
 * the job starts and when it ends, from outside the work's transaction. In between, the progress lives
 * in this process (`live`) and, on a PostgreSQL server, is also copied to the row every few hundred ms
 * through another pooled connection, with a heartbeat, so any instance can show it and a dead
 * process's job can be told apart. On PGlite there is one connection, held by the work's transaction:
 * nothing is written until it ends, and one process owns the database (data-lock.ts), so a running
 * row that this process does not know is dead.
 */
export class AdminJobs {
  private readonly live = new Map<string, LiveProgress>();

  constructor(
    private readonly db: Database,
    private readonly dbKind: DatabaseHandle['kind'],
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Marks failed the running jobs of (league, kind) whose process is gone. */
  async releaseStale(kind: JobKind, leagueId: string): Promise<number> {
    const gone =
      this.dbKind === 'pglite'
        ? this.live.size > 0
          ? sql`${adminJobs.id} <> all(${sql.param([...this.live.keys()])}::uuid[])`
          : sql`true`
        : lt(adminJobs.heartbeatAt, sql`now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`);
    const released = await this.db
      .update(adminJobs)
      .set({ status: 'failed', message: JOB_MESSAGES.interrupted, finishedAt: sql`now()` })
      .where(
        and(
          eq(adminJobs.kind, kind),
          eq(adminJobs.leagueId, leagueId),
          eq(adminJobs.status, 'running'),
          gone,
        ),
      )
      .returning({ id: adminJobs.id });
    return released.length;
  }

  /**
   * Starts a job, or answers 409 with the running one: the partial unique index on (league, kind) where
   * running decides, atomically, which of two simultaneous starts gets it.
   */
  async start(input: StartJob): Promise<RunningJob> {
    await this.releaseStale(input.kind, input.leagueId);
    let row: JobRow | undefined;
    // a second try only when the job that held the place ended between our insert and our look at it
    for (let attempt = 1; !row; attempt++) {
      try {
        [row] = await this.db
          .insert(adminJobs)
          .values({
            kind: input.kind,
            leagueId: input.leagueId,
            startedBy: input.user.id,
            startedByName: input.user.username,
            phase: JOB_MESSAGES.starting,
            total: PROGRESS_TOTAL,
          })
          .returning();
      } catch (err) {
        if (isUniqueViolation(err, 'admin_jobs_one_running')) {
          const running = await this.current(input.kind, input.leagueId);
          if (running?.status === 'running' || attempt >= 2) {
            throw new AppError(
              409,
              'JOB_RUNNING',
              JOB_MESSAGES.running(
                input.kind,
                running?.startedByName ?? '?',
                running?.startedAt ?? new Date(),
              ),
              { job: running },
            );
          }
          continue;
        }
        if (pgError(err)?.code === '23503')
          throw notFound(input.leagueNotFound ?? 'Lega non trovata', 'LEAGUE_NOT_FOUND');
        throw err;
      }
    }
    await this.prune(input.kind, input.leagueId);
    const live: LiveProgress = { phase: row!.phase, done: 0 };
    this.live.set(row!.id, live);
    return new RunningJob(this, row!.id, live, this.dbKind === 'postgres');
  }

  /** Removes the ended jobs of (league, kind) beyond the KEPT_JOBS most recent (the table stays small). */
  private async prune(kind: JobKind, leagueId: string): Promise<void> {
    await this.db.execute(sql`
      delete from admin_jobs where id in (
        select id from admin_jobs
        where kind = ${kind} and league_id = ${leagueId} and status <> 'running'
        order by started_at desc offset ${KEPT_JOBS - 1})`);
  }

  /**
   * Runs `work` as a job: started (or 409), progress reported, then done with the message and result
   * `describe` gives, or failed with the error's message (an AppError's Italian text, else a generic one).
   */
  async run<T>(
    input: StartJob,
    work: (progress: Progress) => Promise<T>,
    /** the job's message and result; null when the work turned out to change nothing (no trace kept) */
    describe: (result: T) => { message: string; result?: unknown } | null,
  ): Promise<T> {
    const job = await this.start(input);
    let outcome: T;
    try {
      outcome = await work(job.progress);
    } catch (err) {
      // refused input (a 4xx: invalid matches, unknown teams…) changes nothing, not even this log: the
      // answer carries the message; anything else stays as a failed job for whoever looks later
      const ending =
        err instanceof AppError && err.statusCode < 500
          ? job.discard()
          : job.end('failed', JOB_MESSAGES.failed, { code: 'INTERNAL' });
      // the work's own error is the one to answer; a row left running is released later as stale
      await ending.catch((endErr: unknown) => this.warn(endErr, job.id));
      throw err;
    }
    const described = describe(outcome);
    // the work has committed: a failure to record its end must not turn its answer into an error (the
    // row, left running, is released as stale later)
    await (described ? job.end('done', described.message, described.result ?? null) : job.discard()).catch(
      (err: unknown) => this.warn(err, job.id),
    );
    return outcome;
  }

  async byId(id: string): Promise<JobView> {
    const [row] = await this.db.select().from(adminJobs).where(eq(adminJobs.id, id));
    if (!row) throw notFound(JOB_MESSAGES.notFound, 'JOB_NOT_FOUND');
    return view(row, this.live.get(row.id));
  }

  /** The running job of (league, kind), else the last one; null when there has been none. */
  async current(kind: JobKind, leagueId: string): Promise<JobView | null> {
    const [row] = await this.db
      .select()
      .from(adminJobs)
      .where(and(eq(adminJobs.kind, kind), eq(adminJobs.leagueId, leagueId)))
      .orderBy(sql`${adminJobs.status} = 'running' desc`, desc(adminJobs.startedAt))
      .limit(1);
    return row ? view(row, this.live.get(row.id)) : null;
  }

  /** @internal RunningJob's writes */
  get database() {
    return this.db;
  }
  /** @internal */
  forget(id: string) {
    this.live.delete(id);
  }
  /** @internal */
  warn(err: unknown, id: string) {
    this.log.warn({ err, jobId: id }, 'admin job not written');
  }
}

/** A started job: its progress reporter and its end. */
export class RunningJob {
  private dirty = false;
  private lastBeat = Date.now();
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly jobs: AdminJobs,
    readonly id: string,
    private readonly live: LiveProgress,
    /** copy the progress to the row while running (another connection exists) */
    persist: boolean,
  ) {
    if (persist) {
      this.timer = setInterval(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  readonly progress: Progress = (phase, fraction) => {
    const done = Math.round(Math.max(0, Math.min(1, fraction)) * PROGRESS_TOTAL);
    this.live.phase = phase.slice(0, 200);
    // the percentage never goes back, even when a stage's estimate turns out high
    this.live.done = Math.max(this.live.done, Math.min(done, PROGRESS_TOTAL));
    this.dirty = true;
  };

  /**
   * Copies the progress to the row (PostgreSQL, every tick; tests call it directly). One write at a time;
   * a write still running when the next tick comes is not doubled.
   */
  flush(): Promise<void> {
    const beat = Date.now() - this.lastBeat >= HEARTBEAT_MS;
    if (!this.dirty && !beat) return this.writing;
    this.dirty = false;
    this.lastBeat = Date.now();
    const { phase, done } = this.live;
    this.writing = this.writing
      .then(async () => {
        await this.jobs.database
          .update(adminJobs)
          .set({ phase, done, heartbeatAt: sql`now()` })
          .where(and(eq(adminJobs.id, this.id), eq(adminJobs.status, 'running')));
      })
      .catch((err: unknown) => this.jobs.warn(err, this.id));
    return this.writing;
  }

  /** Removes the job's row, as if it had never started. */
  async discard() {
    if (this.timer) clearInterval(this.timer);
    await this.writing;
    try {
      await this.jobs.database.delete(adminJobs).where(eq(adminJobs.id, this.id));
    } finally {
      this.jobs.forget(this.id);
    }
  }

  async end(status: 'done' | 'failed', message: string, result: unknown) {
    if (this.timer) clearInterval(this.timer);
    await this.writing;
    try {
      await this.jobs.database
        .update(adminJobs)
        .set({
          status,
          message: message.slice(0, 2000),
          result: result ?? null,
          phase: status === 'done' ? 'Completato' : this.live.phase,
          done: status === 'done' ? PROGRESS_TOTAL : this.live.done,
          heartbeatAt: sql`now()`,
          finishedAt: sql`now()`,
        })
        .where(eq(adminJobs.id, this.id));
    } finally {
      this.jobs.forget(this.id);
    }
  }
}
