import { sql } from 'drizzle-orm';
import type { VersionParts } from './points-version.ts';

export const asBytes = (value: unknown): Uint8Array | null => (value instanceof Uint8Array ? value : null);

/**
 * The league's newest ledger events after `afterId` (the cached standings' last one), read in the same
 * statement as the league's points version by the page that may need them (leaderboard-page.ts): right after a
 * change, the page then patches its standings without another round trip. At most `PREFETCH_EVENTS`
 * events, each as its id (int8), the length of its packed changes (int4) and those (an event packed as
 * null has length 0, which `applyPacked` refuses: the league is read again). Null when there is none.
 */
export const logAfter = (leagueId: string, afterId: number) => sql`(
  select string_agg(int8send(e.id) || int4send(length(coalesce(e.packed, ''::bytea))) || coalesce(e.packed, ''::bytea),
                    ''::bytea order by e.id)
  from (select id, packed from roster_points_ledger
        where league_id = ${leagueId} and id > ${afterId} order by id limit ${PREFETCH_EVENTS}) e)`;

const PREFETCH_EVENTS = 4;

/** Ledger events read ahead (`logAfter`): those after `afterId`, in id order. */
export interface LogPrefetch {
  afterId: number;
  events: { id: number; packed: Uint8Array }[];
}

/** The events `logAfter` read, or null when its bytes are not what it writes. */
export function readLogAfter(afterId: number, value: unknown): LogPrefetch | null {
  const events: LogPrefetch['events'] = [];
  if (value === null || value === undefined) return { afterId, events };
  const bytes = asBytes(value);
  if (!bytes) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.byteLength; ) {
    if (at + 12 > bytes.byteLength) return null;
    const id = Number(view.getBigInt64(at));
    const length = view.getInt32(at + 8);
    const end = at + 12 + length;
    if (length < 0 || end > bytes.byteLength) return null;
    events.push({ id, packed: bytes.subarray(at + 12, end) });
    at = end;
  }
  return { afterId, events };
}

/**
 * The events of `early` that take standings from `have` to `want`, or undefined when they are not all
 * there (read before the last one committed, or past the prefetch's limit). A reader that sees an event
 * sees every earlier one of its league (the points-log lock, points-log.ts): the events up to `want`'s
 * last are complete when that one is among them.
 */
export function prefetchCovers(early: LogPrefetch, have: VersionParts, want: VersionParts) {
  if (early.afterId !== have.ledgerId) return undefined;
  if (want.ledgerId === have.ledgerId) return [];
  const events = early.events.filter((e) => e.id <= want.ledgerId);
  return events.at(-1)?.id === want.ledgerId ? events.map((e) => ({ packed: e.packed })) : undefined;
}
