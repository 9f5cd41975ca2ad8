import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { foldSoon, pointsFold, stopFolds } from './points-fold.ts';

const DEFAULT_START_AFTER_MS = pointsFold.startAfterMs;
afterEach(() => {
  pointsFold.startAfterMs = DEFAULT_START_AFTER_MS;
});

describe('the folds scheduled after a commit', () => {
  it('end with the app: a pausing fold is dropped at once, none starts on a closed database', async () => {
    const { database, drop } = await openTestDatabase();
    pointsFold.startAfterMs = 60_000; // far longer than the test may take: only the stop can end the pause
    const onError = vi.fn();
    const fold = foldSoon(database.db, randomUUID(), onError);
    await stopFolds(database.db);
    await fold;
    await drop();
    // after the stop nothing is scheduled, so nothing can reach the closed database
    await foldSoon(database.db, randomUUID(), onError);
    expect(onError).not.toHaveBeenCalled();
  });

  it('run when not stopped: a fold with nothing pending settles and resolves', async () => {
    const { database, drop } = await openTestDatabase();
    try {
      pointsFold.startAfterMs = 0;
      const onError = vi.fn();
      await foldSoon(database.db, randomUUID(), onError);
      expect(onError).not.toHaveBeenCalled();
    } finally {
      await stopFolds(database.db);
      await drop();
    }
  });
});
