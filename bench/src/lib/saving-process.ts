import { type ChildProcess, fork } from 'node:child_process';
import { foldSoon, logPendingEvent, packChanges } from '@fantarift/server/src/modules/points/index.ts';
import { sql } from 'drizzle-orm';
import { openBenchDatabase } from './pg.ts';

/**
 * The saving instance of a match save in a big league, in a process of its own: asked to save, it computes
 * and packs the change (a share of the league's rosters, 0..20 points each) as the save does, commits it as
 * one pending event, answers, then folds it as the saving instance does after a save (points-fold.ts
 * `foldSoon`: after `pointsFold.startAfterMs`, then every part) and answers how long that took, that wait
 * included. In the bench's own process the packing (arrays of 650,000 changes at 1M, and their garbage) and
 * the fold's work would hold the event loop that times the pages.
 */
export interface SavingProcess {
  /** one match save: resolves once it has committed, with the rosters it moved and its fold under way */
  save(leagueId: string, weekId: string, share: number): Promise<{ moved: number; fold: Promise<number> }>;
  /** folds what the league has pending; resolves with the milliseconds it took */
  fold(leagueId: string): Promise<number>;
  stop(): void;
}

type Request =
  | { kind: 'fold'; leagueId: string }
  | { kind: 'save'; leagueId: string; weekId: string; share: number };
type Reply =
  | { kind: 'saved'; moved: number }
  | { kind: 'folded'; ms: number }
  | { kind: 'error'; error: string };

export function startSavingProcess(benchUrl: string): SavingProcess {
  // the same loader (tsx) and flags as this process
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ['--saving-process'], {
    env: { ...process.env, SAVING_DATABASE_URL: benchUrl },
  });
  /** the next reply of the child (one request at a time) */
  const reply = () =>
    new Promise<Reply>((resolve, reject) => {
      const onMessage = (m: Reply) => {
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code: number | null) => {
        child.off('message', onMessage);
        reject(new Error(`the saving process exited (${code})`));
      };
      child.once('exit', onExit);
      child.once('message', onMessage);
    });
  const expect = async <K extends Reply['kind']>(kind: K) => {
    const m = await reply();
    if (m.kind === 'error') throw new Error(`the saving process failed: ${m.error}`);
    if (m.kind !== kind) throw new Error(`the saving process answered ${m.kind}, not ${kind}`);
    return m as Extract<Reply, { kind: K }>;
  };
  let queue: Promise<unknown> = Promise.resolve();
  /** sends `request` once the requests before it are answered, and waits for its reply of `kind` */
  const send = <K extends Reply['kind']>(request: Request, kind: K) =>
    queue
      .catch(() => undefined)
      .then(() => {
        child.send(request);
        return expect(kind);
      });
  return {
    async save(leagueId, weekId, share) {
      const saved = send({ kind: 'save', leagueId, weekId, share }, 'saved');
      const fold = saved.then(() => expect('folded')).then((m) => m.ms);
      queue = fold; // the next request waits for this fold
      return { moved: (await saved).moved, fold };
    },
    fold(leagueId) {
      const fold = send({ kind: 'fold', leagueId }, 'folded').then((m) => m.ms);
      queue = fold;
      return fold;
    },
    stop() {
      child.disconnect();
    },
  };
}

if (process.argv.includes('--saving-process')) {
  const handle = openBenchDatabase(process.env.SAVING_DATABASE_URL!, 2);
  const numbers = new Map<string, Int32Array>();
  const send = (m: Reply) => process.send!(m);
  const fold = async (leagueId: string) => {
    const t0 = performance.now();
    let error: unknown;
    await foldSoon(handle.db, leagueId, (err) => {
      error = err;
    });
    send(
      error === undefined
        ? { kind: 'folded', ms: performance.now() - t0 }
        : { kind: 'error', error: String(error) },
    );
  };
  process.on('message', async (m: Request) => {
    try {
      if (m.kind === 'fold') return await fold(m.leagueId);
      let seqs = numbers.get(m.leagueId);
      if (!seqs) {
        const { rows } = await handle.db.execute<{ seq: string }>(
          sql`select seq::text from rosters where league_id = ${m.leagueId} order by rosters.seq`,
        );
        seqs = Int32Array.from(rows, (r) => Number(r.seq));
        numbers.set(m.leagueId, seqs);
      }
      const moved: number[] = [];
      const cents: number[] = [];
      for (const seq of seqs) {
        const c = Math.floor(Math.random() * 41) * 50;
        if (c !== 0 && Math.random() < m.share) {
          moved.push(seq);
          cents.push(c);
        }
      }
      const packed = packChanges(moved, cents);
      if (!packed) throw new Error('the change could not be packed');
      await handle.db.transaction((tx) =>
        logPendingEvent(tx, { leagueId: m.leagueId, weekId: m.weekId, reason: 'bench', packed }),
      );
      send({ kind: 'saved', moved: moved.length });
      // the fold starts as the saving instance starts it, a while after the commit
      await fold(m.leagueId);
    } catch (err) {
      send({ kind: 'error', error: String(err) });
    }
  });
  process.on('disconnect', () => {
    void handle.close().then(() => process.exit(0));
  });
}
