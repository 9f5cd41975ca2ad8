import { sql } from 'drizzle-orm';

export interface VersionParts {
  participants: string;
  newest: string;
  ledgerId: number;
  adjustmentId: number;
}

/**
 * The league's points version: its participant count (kept by triggers) and newest roster (membership), its
 * last points-ledger event and its last adjustment. Every change of a total appends to one of those logs
 * under the league's points-log lock (points-log.ts), so the version changes exactly when the standings
 * can, on one server or many, and the log rows up to it are all visible.
 */
export const pointsVersion = (leagueId: string) => sql`concat_ws('|',
  (select l.participant_count from leagues l where l.id = ${leagueId}),
  coalesce((select (extract(epoch from max(v.created_at)) * 1000000)::bigint from rosters v where v.league_id = ${leagueId}), 0),
  coalesce((select max(l.id) from roster_points_ledger l where l.league_id = ${leagueId}), 0),
  coalesce((select max(a.id) from roster_point_adjustments a where a.league_id = ${leagueId}), 0))`;

export function parseVersion(version: string): VersionParts {
  const [participants = '', newest = '', ledgerId = '0', adjustmentId = '0'] = version.split('|');
  return { participants, newest, ledgerId: Number(ledgerId), adjustmentId: Number(adjustmentId) };
}

/** The standings of `have` answer for `want`: the same rosters, and every log row of `want` applied. */
export function answersFor(have: VersionParts, want: VersionParts): boolean {
  return (
    have.participants === want.participants &&
    have.newest === want.newest &&
    have.ledgerId >= want.ledgerId &&
    have.adjustmentId >= want.adjustmentId
  );
}
