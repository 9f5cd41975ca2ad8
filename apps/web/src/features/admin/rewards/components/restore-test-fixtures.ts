import type { RestoreMode, RestoreResult } from '../api/types';

/** The server's answer for one roster, whose coins and players change only when everything is restored. */
export function restoreResult(mode: RestoreMode): RestoreResult {
  return {
    restored: 1,
    message: '1 roster cambierebbe',
    changes: [
      {
        rosterId: 'r-1',
        username: 'mario',
        totalPoints: { from: 12, to: 0 },
        pandaCoin: mode === 'all' ? { from: 10, to: 15 } : { from: 10, to: 10 },
        burroCoin: { from: 8, to: 8 },
        playersAdded: [],
        playersRemoved: mode === 'all' ? ['Caps'] : [],
        championsAdded: [],
        championsRemoved: [],
      },
    ],
  };
}
