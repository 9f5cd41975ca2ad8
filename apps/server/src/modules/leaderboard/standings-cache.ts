import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { LogPrefetch } from './log-read-ahead.ts';
import { patchStandings, type StandingsPreview } from './patch-standings.ts';
import { answersFor, parseVersion, pointsVersion } from './points-version.ts';
import { readStandings } from './read-standings.ts';
import { sortSoon } from './sort-standings.ts';
import type { Standings } from './standings.ts';

/**
 * Rosters kept across the cached leagues (about 60 bytes each, all in typed arrays: a league of a million
 * is ~60 MB; a patched version shares all but its totals); beyond it the leagues brought up to date
 * longest ago are dropped (never the one just kept).
 */
const MAX_CACHED_ROSTERS = 2_500_000;

const cache = new Map<string, Standings>();

function cacheStandings(leagueId: string, standings: Standings) {
  cache.delete(leagueId);
  let total = standings.ids.length;
  for (const other of cache.values()) total += other.ids.length;
  for (const [id, other] of cache) {
    if (total <= MAX_CACHED_ROSTERS) break;
    cache.delete(id);
    total -= other.ids.length;
  }
  cache.set(leagueId, standings);
}

interface StandingsUpdate {
  done: Promise<Standings>;
  /** the standings ahead of their totals, when the patch allows it (else null) */
  ahead: Promise<StandingsPreview | null>;
}

const updating = new Map<string, StandingsUpdate>();

const SORT_DELAY_MS = 250;

/** Patches the cached standings up to the league's current version, or reads them again; one at a time. */
function bringUpToDate(
  db: DbOrTx,
  leagueId: string,
  target: string | null,
  early?: LogPrefetch,
): StandingsUpdate {
  let pending = updating.get(leagueId);
  if (!pending) {
    let tellPreview: (ahead: StandingsPreview | null) => void = () => {};
    const ahead = new Promise<StandingsPreview | null>((resolve) => {
      tellPreview = resolve;
    });
    const done = (async () => {
      const cached = cache.get(leagueId);
      let version = target;
      if (cached && version === null) {
        const { rows } = await db.execute<{ v: string }>(sql`select ${pointsVersion(leagueId)} as v`);
        version = rows[0]!.v;
      }
      if (cached && version !== null && answersFor(cached.parts, parseVersion(version))) return cached;
      const fromLog =
        cached && version !== null
          ? await patchStandings(db, leagueId, cached, version, early, tellPreview)
          : null;
      return fromLog ?? (await readStandings(db, leagueId));
    })()
      .then((standings) => {
        cacheStandings(leagueId, standings);
        // the sorted order a moment later, once the pages waiting for this update are answered, a few
        // milliseconds at a time (no page waits for it: the passes serve meanwhile)
        if (standings.sorted === undefined) setTimeout(() => sortSoon(standings), SORT_DELAY_MS).unref();
        return standings;
      })
      .finally(() => {
        tellPreview(null);
        updating.delete(leagueId);
      });
    pending = { done, ahead };
    updating.set(leagueId, pending);
  }
  return pending;
}

/** The cached standings of a league, whatever their version (a page checks it). */
export const cachedStandings = (leagueId: string) => cache.get(leagueId);

/**
 * The standings at `version` or newer: the cached ones, or an update shared by concurrent requests. An
 * update already under way when `version` was read may stop short of it: then the next one is awaited.
 */
export async function standingsFor(
  db: DbOrTx,
  leagueId: string,
  version: string,
  /** the events after the cached standings' last, when the caller read them with `version` (`logAfter`) */
  early?: LogPrefetch,
): Promise<Standings> {
  const want = parseVersion(version);
  const cached = cache.get(leagueId);
  if (cached && answersFor(cached.parts, want)) return cached;
  const standings = await bringUpToDate(db, leagueId, version, early).done;
  return answersFor(standings.parts, want) ? standings : bringUpToDate(db, leagueId, version).done;
}

/**
 * The standings at `version` ahead of their totals (`StandingsPreview`), when the update that brings them does it
 * that way; null when the cached ones are already there or it does not (then `standingsFor`).
 */
export async function standingsPreview(
  db: DbOrTx,
  leagueId: string,
  version: string,
  early?: LogPrefetch,
): Promise<StandingsPreview | null> {
  const want = parseVersion(version);
  const cached = cache.get(leagueId);
  if (cached && answersFor(cached.parts, want)) return null;
  const ahead = await bringUpToDate(db, leagueId, version, early).ahead;
  return ahead && answersFor(parseVersion(ahead.version), want) ? ahead : null;
}

/**
 * After a change of a league's totals has committed (a match save, a recalculation, an event from another
 * instance): when this process keeps the league's standings, brings them up to date now, so the next page
 * does not wait. Never needed for correctness: a page always checks the version.
 */
export async function refreshStandings(db: DbOrTx, leagueId: string): Promise<void> {
  if (cache.has(leagueId)) await bringUpToDate(db, leagueId, null).done;
}

/** Forgets every league's standings (tests). */
export function clearStandings(): void {
  cache.clear();
}

/**
 * The ledger id after which a page should read ahead, or null (nothing cached, an update already under
 * way, or another page of this process already reading ahead: one 0.8 MB event a change per process, not
 * one per page asked meanwhile). `done` when its first queries have answered.
 */
export function claimPrefetch(leagueId: string): { afterId: number; done: () => void } | null {
  const cached = cache.get(leagueId);
  if (!cached || updating.has(leagueId) || prefetching.has(leagueId)) return null;
  prefetching.add(leagueId);
  return { afterId: cached.parts.ledgerId, done: () => prefetching.delete(leagueId) };
}

const prefetching = new Set<string>();
