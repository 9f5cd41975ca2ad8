import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';

/**
 * League events: what changed in a league, announced to every open page of it (modules/live/hub.ts delivers
 * them). A writer announces its change inside its own transaction with `announceLeagueChange`; the event is
 * a NOTIFY, which PostgreSQL (and PGlite) delivers when the transaction commits and drops when it rolls
 * back, so a page never hears of a change it cannot read yet, nor of one that never happened.
 */

/** What changed in a league; the web refetches the query families an event names. */
export const LIVE_EVENT_TYPES = ['points', 'market', 'week', 'matches', 'roster', 'league'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const LIVE_QUERY_FAMILIES = ['leaderboard', 'roster', 'market', 'matches'] as const;
export type LiveQueryFamily = (typeof LIVE_QUERY_FAMILIES)[number];

/**
 * A Lega Fanta's auction changed (issue 31): a bid carries the new lot, so a room shows it without a
 * request; any other change (an assignment, a pause, an undo) makes the room refetch its state. These go
 * only to the streams opened for that Lega Fanta (`?fanta=`), never to every page of the official league.
 */
export const AuctionNoticeSchema = z.object({
  kind: z.enum(['bid', 'state']),
  version: z.number().int(),
  lot: z
    .object({
      playerId: z.string().uuid(),
      bid: z.number().int(),
      bidderUserId: z.string().uuid(),
      endsAt: z.string().max(40),
    })
    .nullable(),
  serverNow: z.string().max(40),
});

export const LiveEventSchema = z
  .object({
    type: z.enum([...LIVE_EVENT_TYPES, 'resync', 'auction']),
    leagueId: z.string().uuid(),
    fantaLeagueId: z.string().uuid().optional(),
    auction: AuctionNoticeSchema.optional(),
    invalidate: z.array(z.enum(LIVE_QUERY_FAMILIES)).max(LIVE_QUERY_FAMILIES.length),
    matchId: z.string().uuid().optional(),
    weekId: z.string().uuid().optional(),
    at: z.string().max(40),
  })
  .meta({ id: 'LiveEvent' });
export type LiveEvent = z.infer<typeof LiveEventSchema>;

/** Which screens each kind of change makes stale. */
export const INVALIDATES: Record<LiveEventType | 'resync', readonly LiveQueryFamily[]> = {
  // a totals change (the points log's lock): statistics, match status, import, recalculation, manual
  // points, restore
  points: ['leaderboard', 'roster', 'matches'],
  // the market opened or closed by hand
  market: ['market', 'roster'],
  // week closed / rewards distributed: Burro Coin balances and reward history change
  week: ['leaderboard', 'roster', 'matches'],
  // the calendar without points (a match or week added, moved, a match of a closed week changed)
  matches: ['matches'],
  // an admin's edit of rosters: holdings, coins (the leaderboard lists counts and balances)
  roster: ['leaderboard', 'roster'],
  // the league itself: name, status, dates, rules text, market window, teams, phases, scoring rules
  league: ['leaderboard', 'roster', 'market', 'matches'],
  resync: [...LIVE_QUERY_FAMILIES],
};

/** PostgreSQL channel; NOTIFY is per database, so two databases on one server never cross. */
export const LIVE_CHANNEL = 'fantarift_league_events';

/** What the change is about, when it is one match or one week. */
export interface LeagueChangeScope {
  matchId?: string;
  weekId?: string;
}

/** The transaction-local setting that lists what the transaction has announced so far. */
const ANNOUNCED = 'fantarift.live_events';

const keyOf = (leagueId: string, type: LiveEventType, scope: LeagueChangeScope) =>
  `${leagueId}:${type}:${scope.matchId ?? ''}:${scope.weekId ?? ''}`;

/** Types whose events refetch at least what `type`'s do (itself included). */
const COVERING = Object.fromEntries(
  LIVE_EVENT_TYPES.map((type) => [
    type,
    LIVE_EVENT_TYPES.filter((other) => INVALIDATES[type].every((f) => INVALIDATES[other].includes(f))),
  ]),
) as Record<LiveEventType, LiveEventType[]>;

/**
 * The SQL expression that announces a change of `leagueId` inside the current transaction: a NOTIFY on
 * `LIVE_CHANNEL`, delivered on commit. One change is one event per league, whatever the number of places
 * it passes through: an announcement is dropped when the transaction has already announced, for that
 * league, an event that refetches at least the same screens and names no other match or week (the
 * transaction-local setting `fantarift.live_events` keeps what was announced; a rolled-back savepoint
 * takes its part of it back with its NOTIFYs). Writers that may announce several things announce the
 * broadest first. `at` is the transaction's time (`now()`), as in the rows it writes.
 */
export function leagueChangeNotice(
  leagueId: string,
  type: LiveEventType,
  scope: LeagueChangeScope = {},
): SQL {
  const key = keyOf(leagueId, type, scope);
  const covering = new Set<string>();
  for (const other of COVERING[type]) {
    for (const matchId of new Set([scope.matchId, undefined])) {
      for (const weekId of new Set([scope.weekId, undefined])) {
        covering.add(keyOf(leagueId, other, { matchId, weekId }));
      }
    }
  }
  // keys are uuids, type names and colons: nothing a regular expression reads as an operator
  const coveredBy = `;(${[...covering].join('|')});`;
  const head = JSON.stringify({
    type,
    leagueId,
    invalidate: INVALIDATES[type],
    ...(scope.matchId ? { matchId: scope.matchId } : {}),
    ...(scope.weekId ? { weekId: scope.weekId } : {}),
  });
  const payload = `${head.slice(0, -1)},"at":"`;
  const announced = sql`coalesce(current_setting(${ANNOUNCED}, true), '')`;
  return sql`case when (';' || ${announced}) ~ ${coveredBy} then null else concat(
    set_config(${ANNOUNCED}, ${announced} || ${`${key};`}, true),
    pg_notify(${LIVE_CHANNEL}, ${payload} || to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"}')
  ) end`;
}

/**
 * Announces a change of `leagueId` to every open page of the league, from inside the transaction that makes
 * it: published when, and only if, the change commits (see `leagueChangeNotice`). Call it from the shared
 * write paths (a lock every writer of that kind takes, a service every route goes through), never from a
 * route after the fact. `db` must be the writer's transaction: outside one the event is published at once.
 */
export async function announceLeagueChange(
  db: DbOrTx,
  leagueId: string,
  type: LiveEventType,
  scope: LeagueChangeScope = {},
): Promise<void> {
  await db.execute(sql`select ${leagueChangeNotice(leagueId, type, scope)}`);
}
