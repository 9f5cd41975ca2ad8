import type { Database } from '../../db/client.ts';

/**
 * The Lega Fanta standings each process keeps (season.ts's `fantaStandings`): per league, the answer, the
 * version of its inputs it was computed at (read from the database, migration 0026, so a change made through
 * any instance is seen) and the moment it goes stale by itself (the next week's lock, on the database's
 * clock). A read whose version and clock still match is answered from here; otherwise it computes again,
 * once for all the reads of this process that ask for the same version meanwhile.
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
 * each manager's week points and, for "Scontri diretti", a round a week of five match-ups.
 */
export const MAX_KEPT_LEAGUES = 3_000;

/** One cache per database handle: two app instances in one process (tests) keep their own, as two servers do. */
const caches = new WeakMap<Database, Map<string, Entry<unknown>>>();
const computing = new WeakMap<Database, Map<string, { version: string; done: Promise<Entry<unknown>> }>>();

function mapOf<V>(maps: WeakMap<Database, Map<string, V>>, db: Database): Map<string, V> {
  let map = maps.get(db);
  if (!map) {
    map = new Map();
    maps.set(db, map);
  }
  return map;
}

const answers = (e: Entry<unknown>, version: string, nowUs: number) =>
  e.version === version && (e.staleFromUs === null || nowUs < e.staleFromUs);

/**
 * The answer for league `id` at `version` (read with `nowUs` on the database's clock, before anything
 * `compute` reads, so what it computes is at least as new as `version`): the kept one, or `compute`'s.
 */
export async function keptStandings<T>(
  db: Database,
  id: string,
  version: string,
  nowUs: number,
  compute: () => Promise<Kept<T>>,
): Promise<T> {
  const cache = mapOf(caches, db);
  const kept = cache.get(id);
  if (kept && answers(kept, version, nowUs)) {
    // the most recently read last: the first in the map is the one to drop
    cache.delete(id);
    cache.set(id, kept);
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
    cache.delete(id);
    cache.set(id, entry);
    for (const oldest of cache.keys()) {
      if (cache.size <= MAX_KEPT_LEAGUES) break;
      cache.delete(oldest);
    }
    return entry;
  });
  running.set(id, { version, done });
  try {
    return (await done).answer as T;
  } finally {
    if (running.get(id)?.done === done) running.delete(id);
  }
}

/** Forgets every league's kept standings of a database handle (tests: what a fresh process computes). */
export function forgetStandings(db: Database): void {
  caches.get(db)?.clear();
}
