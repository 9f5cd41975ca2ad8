import { type SQL, sql } from 'drizzle-orm';
import { LIVE_CHANNEL } from '../live/index.ts';

/** A timestamp as the API writes it (ISO, UTC, milliseconds). */
export const isoSql = (expr: SQL) =>
  sql`to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The NOTIFY of an auction change, as an SQL expression over a row `f` of fanta_leagues as it is after the
 * change. Delivered when the statement's transaction commits (never for a change that rolls back), on the
 * official league's stream to the rooms of this Lega Fanta only (live/hub.ts). A `bid` carries the lot, so
 * a room shows it without asking; a `state` change makes rooms refetch.
 */
export function auctionNoticeSql(kind: 'bid' | 'state', f = sql.raw('f')): SQL {
  const lot =
    kind === 'bid'
      ? sql`json_build_object('playerId', ${f}.lot_player_id, 'bid', ${f}.lot_bid, 'bidderUserId', ${f}.lot_bidder_user_id,
          'endsAt', ${isoSql(sql`${f}.lot_ends_at`)})`
      : sql`null::json`;
  return sql`pg_notify(${LIVE_CHANNEL}, json_build_object(
    'type', 'auction', 'leagueId', ${f}.league_id, 'fantaLeagueId', ${f}.id, 'invalidate', '[]'::json,
    'at', ${isoSql(sql`clock_timestamp()`)},
    'auction', json_build_object('kind', ${kind}::text, 'version', ${f}.version, 'lot', ${lot},
      'serverNow', ${isoSql(sql`clock_timestamp()`)}))::text)`;
}
