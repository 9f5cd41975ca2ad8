import { type ChildProcess, fork } from 'node:child_process';
import { settlePoints } from '@fantarift/server/src/modules/season/points-fold.ts';
import { openBenchDatabase } from './pg.ts';

/**
 * The saving instance's part of a match save in a big league, in a process of its own: it folds a league's
 * pending events (points-fold.ts `settlePoints`, as `foldSoon` does after a save) when asked, and answers how
 * long that took. In the bench's own process the fold's work would hold the event loop that times the pages.
 */
export interface FoldProcess {
  /** folds the league's pending events; resolves with the milliseconds it took */
  fold(leagueId: string): Promise<number>;
  stop(): void;
}

export function startFoldProcess(benchUrl: string): FoldProcess {
  // the same loader (tsx) and flags as this process
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ['--fold-process'], {
    env: { ...process.env, FOLD_DATABASE_URL: benchUrl },
  });
  let queue = Promise.resolve(0);
  return {
    fold(leagueId) {
      // one fold at a time; one that failed does not fail the ones after it
      queue = queue
        .catch(() => 0)
        .then(
          () =>
            new Promise<number>((resolve, reject) => {
              const onMessage = (m: { ms?: number; error?: string }) => {
                child.off('exit', onExit);
                if (m.error !== undefined) reject(new Error(`the fold failed: ${m.error}`));
                else resolve(m.ms ?? Number.NaN);
              };
              const onExit = (code: number | null) => {
                child.off('message', onMessage);
                reject(new Error(`the fold process exited (${code})`));
              };
              child.once('exit', onExit);
              child.once('message', onMessage);
              child.send({ leagueId });
            }),
        );
      return queue;
    },
    stop() {
      child.disconnect();
    },
  };
}

if (process.argv.includes('--fold-process')) {
  const handle = openBenchDatabase(process.env.FOLD_DATABASE_URL!, 2);
  process.on('message', async ({ leagueId }: { leagueId: string }) => {
    const t0 = performance.now();
    try {
      await settlePoints(handle.db, leagueId);
      process.send!({ ms: performance.now() - t0 });
    } catch (err) {
      process.send!({ error: String(err) });
    }
  });
  process.on('disconnect', () => {
    void handle.close().then(() => process.exit(0));
  });
}
