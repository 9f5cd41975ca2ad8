import { type ChildProcess, fork } from 'node:child_process';
import { foldSoon } from '@fantarift/server/src/modules/season/points-fold.ts';
import { openBenchDatabase } from './pg.ts';

/**
 * The saving instance's part of a match save in a big league, in a process of its own: when asked, it folds a
 * league's pending events as the saving instance does after a save (points-fold.ts `foldSoon`: after
 * `pointsFold.startAfterMs`, then every part), and answers how long that took, that wait included. In the
 * bench's own process the fold's work would hold the event loop that times the pages.
 */
export interface FoldProcess {
  /** folds the league's pending events as after a save; resolves with the milliseconds it took */
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
    let error: unknown;
    await foldSoon(handle.db, leagueId, (err) => {
      error = err;
    });
    process.send!(error === undefined ? { ms: performance.now() - t0 } : { error: String(error) });
  });
  process.on('disconnect', () => {
    void handle.close().then(() => process.exit(0));
  });
}
