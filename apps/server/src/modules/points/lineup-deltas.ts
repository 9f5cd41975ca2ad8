import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Each roster's delta from one match change in a big league, computed in the server from the rosters'
 * lineups (roster_lineups, migration 0016) instead of by joins: at a million rosters a BO3's ten players have
 * a million holdings and its thirty champions four million, while the league's lineups are one row a roster,
 * read in one pass.
 *
 * A lineup is what a roster holds now; a roster whose holdings changed after the match start (a trade since,
 * an admin's edit) is corrected by the holdings acquired or released since. The sums are those of the SQL
 * path (`applyMatchDelta`): per holding of a player, his delta; per holding of a champion by a roster that
 * holds the player who played it, the bonus of that (player, champion) once per holding of each; rounded to
 * the cent as `round(numeric, 2)` does (half away from zero), zeros left out. Points are added as whole
 * millionths, exactly. Null when a fact has more decimals or a lineup could not be packed or corrected: the
 * caller then takes the SQL path. `extra` adds a per-roster part computed from the same lineups (the weekly
 * captain's, captain-lineups.ts).
 */
export async function lineupDeltas(
  db: DbOrTx,
  leagueId: string,
  extra?: LineupExtra,
): Promise<{ seqs: Int32Array; cents: Int32Array } | null> {
  // what moved, from the temporary tables applyMatchDelta has just filled, by player and champion number
  const { rows: facts } = await db.execute<{
    player: number;
    champion: number | null;
    points: string;
  }>(sql`
    select p.num as player, c.num as champion, f.points::text as points
    from match_facts_delta f join players p on p.id = f.player_id left join champions c on c.id = f.champion_id`);
  const moves = new Moves();
  for (const f of facts) {
    const micros = toMicros(f.points);
    if (micros === null || !moves.add(f.player, f.champion, micros)) return null;
  }
  if (facts.length === 0 && !extra) return { seqs: new Int32Array(0), cents: new Int32Array(0) };
  // the match start as a value, so the planner reads the holdings changed since by their time indexes
  const { rows: when } = await db.execute<{ start: string }>(
    sql`select date::text as start from match_facts_when`,
  );
  const start = sql`${when[0]!.start}::timestamptz`;

  // every lineup of the league in one pass (no filter on what they hold: testing it in PostgreSQL cost more
  // than sending the lineups that hold none of the players), and the rosters that changed since the start
  const { rows } = await db.execute<{
    lineups: Uint8Array | null;
    unpacked: number;
    lo: number | null;
    hi: number | null;
    changed: string[] | null;
    changed_seqs: string[] | null;
    choices: Uint8Array | null;
    moving: string[] | null;
    moving_seqs: string[] | null;
  }>(sql`
    select string_agg(l.packed, ''::bytea) as lineups, count(*) filter (where l.packed is null)::int as unpacked,
           ${extra?.readsChoices ? sql`string_agg(l.captain_choices, ''::bytea)` : sql`null::bytea`} as choices,
           ${
             extra
               ? sql`array_agg(l.roster_id) filter (where l.changed_at >= ${extra.since}::timestamptz)`
               : sql`null::uuid[]`
           } as moving,
           ${
             extra
               ? sql`array_agg(l.roster_seq) filter (where l.changed_at >= ${extra.since}::timestamptz)`
               : sql`null::int8[]`
           } as moving_seqs,
           min(l.roster_seq)::float8 as lo, max(l.roster_seq)::float8 as hi,
           array_agg(l.roster_id) filter (where l.changed_at > ${start}) as changed,
           array_agg(l.roster_seq) filter (where l.changed_at > ${start}) as changed_seqs
    from roster_lineups l where l.league_id = ${leagueId}`);
  const read = rows[0]!;
  if (Number(read.unpacked) > 0) return null;
  if (
    extra &&
    !(await extra.prepare(read.choices, {
      ids: read.moving ?? [],
      seqs: (read.moving_seqs ?? []).map(Number),
    }))
  )
    return null;
  if (!read.lineups || read.lo === null || read.hi === null)
    return { seqs: new Int32Array(0), cents: new Int32Array(0) };
  const lo = Number(read.lo);
  // one sum per number of the league's span (numbers come from one sequence for every league)
  if (Number(read.hi) - lo >= SPAN_MAX) return null;
  const sums = new Float64Array(Number(read.hi) - lo + 1);
  const changedAt = new Map<number, Lineup>();
  for (const seq of read.changed_seqs ?? []) changedAt.set(Number(seq), { players: [], champions: [] });
  addLineups(read.lineups, moves, sums, lo, changedAt, extra);
  if (extra) {
    for (let i = 0; i < extra.changed.seqs.length; i++) {
      const at = extra.changed.seqs[i]! - lo;
      if (at < 0 || at >= sums.length) return null;
      sums[at]! += extra.changed.cents[i]! * 10_000;
    }
  }

  // a roster that changed since held at the start what it holds now, less what it acquired since, plus what it
  // released since but held then: the holdings acquired or released after the start, found by their times
  // (migration 0016's indexes); one bought and sold since was in neither
  if (read.changed && read.changed.length > 0) {
    const seqOf = new Map(read.changed.map((id, i) => [id, Number(read.changed_seqs![i])]));
    const { rows: since } = await db.execute<{
      roster_id: string;
      player: boolean;
      num: number;
      held: boolean;
    }>(sql`
      select h.roster_id, true as player, n.num, h.released_at is not null as held
      from roster_players h join players n on n.id = h.player_id
      where h.league_id = ${leagueId} and (h.acquired_at > ${start} or h.released_at > ${start})
        and (h.released_at is null or h.acquired_at <= ${start})
      union all
      select h.roster_id, false, n.num, h.released_at is not null
      from roster_champions h join champions n on n.id = h.champion_id
      where h.league_id = ${leagueId} and (h.acquired_at > ${start} or h.released_at > ${start})
        and (h.released_at is null or h.acquired_at <= ${start})`);
    for (const c of since) {
      const lineup = changedAt.get(seqOf.get(c.roster_id) ?? -1);
      // a holding whose roster's lineup did not say it changed: the tables decide
      if (!lineup) return null;
      const list = c.player ? lineup.players : lineup.champions;
      if (c.held) list.push(c.num);
      else if (list.includes(c.num)) list.splice(list.indexOf(c.num), 1);
      else return null;
    }
    for (const [seq, lineup] of changedAt) sums[seq - lo]! += moves.sum(lineup.players, lineup.champions);
  }

  let n = 0;
  for (let at = 0; at < sums.length; at++) {
    sums[at] = centsOf(sums[at]!);
    if (sums[at] !== 0) n++;
  }
  const seqs = new Int32Array(n);
  const cents = new Int32Array(n);
  for (let at = 0, i = 0; at < sums.length; at++) {
    if (sums[at] === 0) continue;
    seqs[i] = lo + at;
    cents[i++] = sums[at]!;
  }
  return { seqs, cents };
}

/** The widest span of roster numbers a league's sums are laid out over (8 bytes a number). */
const SPAN_MAX = 1 << 25;
/** Player and champion numbers fit two bytes in a packed lineup. */
const NUMS = 1 << 16;

/**
 * What a match change moves, in millionths, by player and champion number: per player his delta, and the
 * bonuses of the champions he played (typed arrays, read per lineup without a hash lookup).
 */
class Moves {
  readonly player = new Float64Array(NUMS);
  private readonly bonuses = new Map<number, { champion: number; micros: number }[]>();
  /** per player number, the first of his bonuses in `champion`/`micros` and how many; built by `sum`'s first call */
  private from: Int32Array | null = null;
  private count: Int32Array | null = null;
  private champion = new Int32Array(0);
  private micros = new Float64Array(0);

  add(player: number, champion: number | null, micros: number): boolean {
    if (player >= NUMS || (champion ?? 0) >= NUMS) return false;
    if (champion === null) this.player[player]! += micros;
    else this.bonuses.set(player, [...(this.bonuses.get(player) ?? []), { champion, micros }]);
    return true;
  }

  private index() {
    this.from = new Int32Array(NUMS);
    this.count = new Int32Array(NUMS);
    const all = [...this.bonuses.entries()];
    this.champion = new Int32Array(all.reduce((n, [, b]) => n + b.length, 0));
    this.micros = new Float64Array(this.champion.length);
    let at = 0;
    for (const [player, list] of all) {
      this.from[player] = at;
      this.count[player] = list.length;
      for (const b of list) {
        this.champion[at] = b.champion;
        this.micros[at++] = b.micros;
      }
    }
  }

  /** What a roster holding `players` and `champions` gets (millionths). */
  sum(
    players: ArrayLike<number>,
    champions: ArrayLike<number>,
    nPlayers = players.length,
    nChampions = champions.length,
  ) {
    if (!this.from) this.index();
    let sum = 0;
    for (let i = 0; i < nPlayers; i++) {
      const player = players[i]!;
      sum += this.player[player]!;
      const n = this.count![player]!;
      if (n === 0) continue;
      const first = this.from![player]!;
      for (let c = 0; c < nChampions; c++) {
        const held = champions[c]!;
        for (let b = first; b < first + n; b++) if (this.champion[b] === held) sum += this.micros[b]!;
      }
    }
    return sum;
  }
}

interface Lineup {
  players: number[];
  champions: number[];
}

/** A part of each roster's delta computed from its lineup, in cents, beside the match's own. */
export interface LineupExtra {
  /** What roster `seq`'s delta gains, given the players its lineup holds (0 for a roster in `changed`). */
  delta(seq: number, players: ArrayLike<number>, nPlayers: number): number;
  /** The rosters whose part is computed elsewhere, and their cents. */
  changed: { seqs: number[]; cents: number[] };
  /** Whether the pass reads the lineups' carried captain choices (`roster_lineups.captain_choices`, migration 0031). */
  readsChoices: boolean;
  /** The rosters whose lineup changed at or after this moment are handed to `prepare`. */
  since: string;
  /**
   * Called once, before any `delta`, with the carried choices (when read) and the rosters whose lineup changed
   * since `since`, from the same pass; false sends the caller to the SQL path.
   */
  prepare(choices: Uint8Array | null, moving: { ids: string[]; seqs: number[] }): Promise<boolean>;
}

/**
 * Adds each packed lineup's sum (millionths) to `sums` at its roster number − `lo`: per lineup its number
 * (int4), its players' count (one byte) and numbers (two bytes each, big-endian), then its champions' the
 * same way, with `extra`'s part. A roster in `changed` is not summed: its lineup is copied there, to be
 * corrected.
 */
function addLineups(
  bytes: Uint8Array,
  moves: Moves,
  sums: Float64Array,
  lo: number,
  changed: Map<number, Lineup>,
  extra: LineupExtra | undefined,
) {
  const players = new Int32Array(255);
  const champions = new Int32Array(255);
  for (let at = 0; at < bytes.byteLength; ) {
    const seq = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const nPlayers = bytes[at + 4]!;
    at += 5;
    for (let i = 0; i < nPlayers; i++, at += 2) players[i] = (bytes[at]! << 8) | bytes[at + 1]!;
    const nChampions = bytes[at]!;
    at += 1;
    for (let i = 0; i < nChampions; i++, at += 2) champions[i] = (bytes[at]! << 8) | bytes[at + 1]!;
    const later = changed.get(seq);
    if (later) {
      later.players = Array.from(players.subarray(0, nPlayers));
      later.champions = Array.from(champions.subarray(0, nChampions));
    } else {
      sums[seq - lo]! += moves.sum(players, champions, nPlayers, nChampions);
      if (extra) sums[seq - lo]! += extra.delta(seq, players, nPlayers) * 10_000;
    }
  }
}

/** Millionths to cents as PostgreSQL's `round(numeric, 2)` does: halves away from zero. */
export const centsOf = (micros: number) => Math.sign(micros) * Math.floor((Math.abs(micros) + 5000) / 10_000);

/** A decimal's value in whole millionths, or null past six decimals. */
export function toMicros(text: string): number | null {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return null;
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  if (fraction.length > 6) return null;
  const value = Number(m[2]) * 1_000_000 + Number(fraction.padEnd(6, '0'));
  return m[1] ? -value : value;
}
