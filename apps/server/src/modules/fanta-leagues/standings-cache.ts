import type { Database } from '../../db/client.ts';

/**
 * What each process keeps of the Lega Fanta standings (season-standings.ts's `fantaStandings`), every part under the
 * version of its inputs read from the database (migrations 0026 and 0029), so a change made through any
 * instance is seen:
 * - per Lega Fanta, the answer, with the moment it goes stale by itself (the next week's lock, on the
 *   database's clock), and its own inputs (members, line-ups, history);
 * - per official league, its scoring rules, and each week's data (lock, completeness, the players' points),
 *   shared by every Lega Fanta on it and versioned week by week: a match save makes one week's data stale,
 *   not the season's nor the rules.
 * A read whose versions and clock still match is answered from here; otherwise the stale part is computed
 * again, once for all the reads of this process that ask for the same version meanwhile.
 */
export interface Kept<T> {
  answer: T;
  /** the database clock (microseconds since the epoch) from which the answer is stale: a week locks; null: never */
  staleFromUs: number | null;
}

interface Entry<T> extends Kept<T> {
  version: string;
}

/**
 * Leagues kept a process, the least recently read dropped first: a ten-manager league's answer is its table,
 * each manager's week points and, for "Scontri diretti", a round a week of five match-ups; its inputs a few
 * hundred history rows.
 */
export const MAX_KEPT_LEAGUES = 3_000;

/** Official leagues whose weeks a process keeps (a season's weeks each, their players' points). */
const MAX_KEPT_OFFICIAL = 100;

function mapOf<V>(maps: WeakMap<Database, Map<string, V>>, db: Database): Map<string, V> {
  let map = maps.get(db);
  if (!map) {
    map = new Map();
    maps.set(db, map);
  }
  return map;
}

/** Marks `key` the most recently read, and drops the least recently read beyond `max`. */
function touch<V>(map: Map<string, V>, key: string, value: V, max: number) {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}

const answers = (e: Entry<unknown>, version: string, nowUs: number) =>
  e.version === version && (e.staleFromUs === null || nowUs < e.staleFromUs);

/**
 * A per-league store (one map per database handle: two app instances in one process, as in the tests, keep
 * their own, as two servers do). `get` gives the value for league `id` at `version` (read with `nowUs` on
 * the database's clock, before anything `compute` reads, so what it computes is at least as new as
 * `version`): the kept one, or `compute`'s.
 */
function keptStore() {
  const caches = new WeakMap<Database, Map<string, Entry<unknown>>>();
  const computing = new WeakMap<Database, Map<string, { version: string; done: Promise<Entry<unknown>> }>>();
  return {
    async get<T>(
      db: Database,
      id: string,
      version: string,
      nowUs: number,
      compute: () => Promise<Kept<T>>,
    ): Promise<T> {
      const cache = mapOf(caches, db);
      const kept = cache.get(id);
      if (kept && answers(kept, version, nowUs)) {
        touch(cache, id, kept, MAX_KEPT_LEAGUES);
        return kept.answer as T;
      }
      const running = mapOf(computing, db);
      const under = running.get(id);
      if (under?.version === version) {
        const entry = await under.done;
        if (answers(entry, version, nowUs)) return entry.answer as T;
      }
      const done = compute().then((k): Entry<unknown> => {
        const entry = { ...k, version };
        touch(cache, id, entry, MAX_KEPT_LEAGUES);
        return entry;
      });
      running.set(id, { version, done });
      try {
        return (await done).answer as T;
      } finally {
        if (running.get(id)?.done === done) running.delete(id);
      }
    },
    forget(db: Database) {
      caches.get(db)?.clear();
    },
  };
}

/** The Lega Fanta standings' answers, by Lega Fanta. */
export const keptAnswers = keptStore();
/** The Lega Fanta's own inputs (members, line-ups, history), by Lega Fanta; never stale by the clock. */
export const keptInputs = keptStore();

interface OfficialEntry<L, W> {
  /** the official league's version: its weeks (number, name), scoring rules and the players' roles */
  version: string;
  /** what all its weeks' data is computed with (the scoring rules), read once a version */
  shared: Promise<L>;
  weeks: Map<string, { version: string; data: Promise<W | undefined> }>;
}

const officialCaches = new WeakMap<Database, Map<string, OfficialEntry<unknown, unknown>>>();

/**
 * The data of the official league `leagueId`'s weeks `wanted` (in their order; undefined for a week gone
 * meanwhile), each kept under the league's version and its own: only the weeks whose version moved are
 * computed, by one `compute` call, which the other reads of this process asking for them meanwhile share.
 * What every week is computed with (`readShared`: the scoring rules) is read once a league's version, so a
 * week's new version reads that week only.
 */
export async function keptWeeks<L, W>(
  db: Database,
  leagueId: string,
  version: string,
  wanted: readonly { weekId: string; version: string }[],
  readShared: () => Promise<L>,
  compute: (weekIds: string[], shared: Promise<L>) => Promise<Map<string, W>>,
): Promise<(W | undefined)[]> {
  const leagues = mapOf(officialCaches, db) as Map<string, OfficialEntry<L, W>>;
  let league = leagues.get(leagueId);
  if (league?.version !== version) {
    const entry: OfficialEntry<L, W> = { version, shared: readShared(), weeks: new Map() };
    // a failed read is not kept: the next read of the league starts again
    entry.shared.catch(() => {
      if (leagues.get(leagueId) === entry) leagues.delete(leagueId);
    });
    league = entry;
  }
  touch(leagues, leagueId, league, MAX_KEPT_OFFICIAL);
  const { weeks, shared } = league;
  const stale = wanted.filter((w) => weeks.get(w.weekId)?.version !== w.version);
  if (stale.length > 0) {
    const batch = compute(
      stale.map((w) => w.weekId),
      shared,
    );
    for (const w of stale) {
      const entry = { version: w.version, data: batch.then((m) => m.get(w.weekId)) };
      weeks.set(w.weekId, entry);
      // a failed computation, or a week not found, is not kept
      const drop = () => {
        if (weeks.get(w.weekId) === entry) weeks.delete(w.weekId);
      };
      entry.data.then((d) => d === undefined && drop(), drop);
    }
  }
  return Promise.all(wanted.map((w) => weeks.get(w.weekId)!.data));
}

/** Whether this process keeps the official league `leagueId`'s weeks (a Lega Fanta on it was read). */
export function keepsOfficial(db: Database, leagueId: string): boolean {
  return officialCaches.get(db)?.has(leagueId) ?? false;
}

/** Forgets everything a database handle's process keeps of the standings (tests: what a fresh process computes). */
export function forgetStandings(db: Database): void {
  keptAnswers.forget(db);
  keptInputs.forget(db);
  officialCaches.get(db)?.clear();
}
