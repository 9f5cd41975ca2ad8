import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Each roster's delta from one match change in a big league, computed in the server instead of by joins:
 * at a million rosters a BO3's ten players have a million holders and its thirty champions four million,
 * and PostgreSQL spent seconds hashing them by (roster id, player id) and grouping 670,000 rosters. Here
 * each player's and champion's holders at the match start come as one list of roster numbers
 * (`roster_seq`, read from a covering index), and the sums are array additions.
 *
 * The same sums as the SQL path (`applyMatchDelta`): per holding of a player, his delta; per holding of a
 * champion by a roster that holds the player who played it, the bonus delta of that (player, champion)
 * once per holding of each; rounded to the cent as `round(numeric, 2)` does (half away from zero), zeros
 * left out. Points are added as whole millionths, exactly: null when a fact has more decimals, or a roster
 * number does not fit an int4 (the caller then takes the SQL path).
 */
export async function holderDeltas(
  db: DbOrTx,
  leagueId: string,
): Promise<{ seqs: Int32Array; cents: Int32Array } | null> {
  // what moved, from the temporary tables applyMatchDelta has just filled
  const { rows: facts } = await db.execute<{ player_id: string; champion_id: string | null; points: string }>(
    sql`select player_id::text, champion_id::text, points::text from match_facts_delta`,
  );
  const playerDelta = new Map<string, number>();
  const bonuses = new Map<string, { championId: string; micros: number }[]>();
  for (const f of facts) {
    const micros = toMicros(f.points);
    if (micros === null) return null;
    if (f.champion_id === null) playerDelta.set(f.player_id, (playerDelta.get(f.player_id) ?? 0) + micros);
    else
      bonuses.set(f.player_id, [...(bonuses.get(f.player_id) ?? []), { championId: f.champion_id, micros }]);
  }
  const playerIds = [...new Set(facts.map((f) => f.player_id))];
  const championIds = [...new Set(facts.flatMap((f) => (f.champion_id ? [f.champion_id] : [])))];
  const [playerHolders, championHolders] = await Promise.all([
    holdersOf(db, leagueId, 'player', playerIds),
    holdersOf(db, leagueId, 'champion', championIds),
  ]);
  if (!playerHolders || !championHolders) return null;

  // every roster that moves holds one of the players: their numbers bound the arrays
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const seqs of playerHolders.values()) {
    for (const seq of seqs) {
      if (seq < lo) lo = seq;
      if (seq > hi) hi = seq;
    }
  }
  if (lo > hi) return { seqs: new Int32Array(0), cents: new Int32Array(0) };
  const sums = new Float64Array(hi - lo + 1);
  const held = new Uint8Array(hi - lo + 1);
  for (const playerId of playerIds) {
    const holders = playerHolders.get(playerId) ?? new Int32Array(0);
    const delta = playerDelta.get(playerId) ?? 0;
    if (delta !== 0) for (const seq of holders) sums[seq - lo]! += delta;
    const pairs = bonuses.get(playerId);
    if (!pairs) continue;
    // how many times each roster holds him, for the champions he played
    for (const seq of holders) held[seq - lo]!++;
    for (const { championId, micros } of pairs) {
      for (const seq of championHolders.get(championId) ?? []) {
        const at = seq - lo;
        if (at >= 0 && at < held.length && held[at]! > 0) sums[at]! += micros * held[at]!;
      }
    }
    for (const seq of holders) held[seq - lo] = 0;
  }
  const seqs: number[] = [];
  const cents: number[] = [];
  for (let at = 0; at < sums.length; at++) {
    const sum = sums[at]!;
    if (sum === 0) continue;
    const rounded = Math.sign(sum) * Math.floor((Math.abs(sum) + 5000) / 10_000);
    if (rounded === 0) continue;
    seqs.push(lo + at);
    cents.push(rounded);
  }
  return { seqs: Int32Array.from(seqs), cents: Int32Array.from(cents) };
}

/** A decimal's value in whole millionths, or null past six decimals. */
export function toMicros(text: string): number | null {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return null;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > 6) return null;
  const value = Number(m[2]) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  return m[1] ? -value : value;
}

const INT4_MAX = 2_147_483_647;

/**
 * The roster numbers of every holding, at the match start (`match_facts_when`), of each of `ids`: one row
 * per item, its numbers packed as int4 (four bytes each) in one bytea. Null when a number does not fit.
 */
async function holdersOf(
  db: DbOrTx,
  leagueId: string,
  kind: 'player' | 'champion',
  ids: string[],
): Promise<Map<string, Int32Array> | null> {
  const found = new Map<string, Int32Array>();
  if (ids.length === 0) return found;
  const table = sql.raw(kind === 'player' ? 'roster_players' : 'roster_champions');
  const item = sql.raw(kind === 'player' ? 'player_id' : 'champion_id');
  const { rows } = await db.execute<{ item: string; seqs: Uint8Array; top: number }>(sql`
    select h.${item}::text as item, max(h.roster_seq)::float8 as top,
           string_agg(int4send(least(h.roster_seq, ${INT4_MAX})::int4), ''::bytea) as seqs
    from match_facts_when mm
    join ${table} h on h.league_id = ${leagueId} and h.${item} = any(${sql.param(ids)}::uuid[])
      and h.acquired_at <= mm.date and (h.released_at is null or h.released_at > mm.date)
    group by h.${item}`);
  for (const row of rows) {
    if (Number(row.top) >= INT4_MAX) return null;
    const bytes = row.seqs;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const seqs = new Int32Array(bytes.byteLength / 4);
    for (let i = 0; i < seqs.length; i++) seqs[i] = view.getInt32(4 * i);
    found.set(row.item, seqs);
  }
  return found;
}
