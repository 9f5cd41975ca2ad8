import { auctionSuite } from './auction.ts';
import { captainSuite } from './captain.ts';
import { clusterSuite } from './cluster.ts';
import { fantaSeasonSuite } from './fanta-season.ts';
import { h2hSuite } from './h2h.ts';
import { importSuite } from './import.ts';
import { leaderboardSuite } from './leaderboard.ts';
import { liveSuite } from './live.ts';
import { notificationsSuite } from './notifications.ts';
import { phoneSuite } from './phone.ts';
import { privateLeaguesSuite } from './private-leagues.ts';
import { rushSuite } from './rush.ts';
import { scoringSuite } from './scoring.ts';
import { tradesSuite } from './trades.ts';
import type { Suite } from './types.ts';
import { webSuite } from './web.ts';

/**
 * Every suite `npm run bench` knows, run in this order (`--only name,name` picks some).
 *
 * Issue 5 (scoring) plugs in here: add `src/suites/scoring.ts` exporting a `Suite` (for example
 * `scoring-recalc`: full recalculation at 10,000 and 100,000 rosters, and `scoring-match-save`: one
 * match save at the same sizes), generate its rosters set-based like `leaderboard.ts` does, call the
 * server's scoring service in-process or over HTTP via `ctx.startServer()`, and return `Metric`s with
 * `target`/`pass` set for the figures the issue names. The summary table and results/latest.json pick
 * them up without other changes. Suites share the one bench database, so each creates its own league.
 */
export const SUITES: Suite[] = [
  tradesSuite,
  leaderboardSuite,
  scoringSuite,
  captainSuite,
  importSuite,
  privateLeaguesSuite,
  h2hSuite,
  liveSuite,
  clusterSuite,
  rushSuite,
  auctionSuite,
  webSuite,
  phoneSuite,
  notificationsSuite,
  fantaSeasonSuite,
];
