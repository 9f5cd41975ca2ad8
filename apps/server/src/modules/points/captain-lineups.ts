import type { ScoringRules } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  captainCents,
  type MovingRosters,
  movedRosterBonus,
  NONE,
  toCents,
} from './captain-moved-rosters.ts';
import { weekComplete } from './captain-points.ts';
import { capturedWeek, createMoved } from './captain-save.ts';
import type { LineupExtra } from './lineup-deltas.ts';

/** Player numbers fit two bytes in a packed lineup. */
const NUMS = 1 << 16;
/** The widest span of roster numbers the choices are laid out over. */
const SPAN_MAX = 1 << 25;

/** No roster's bonus moved. */
const NOTHING = {
  changed: { seqs: [], cents: [] },
  readsChoices: false,
  prepare: async () => true,
  delta: () => 0,
};

/**
 * After a match change in a big league, the captain's part of the pass over the lineups (captain-save.ts says
 * why a roster that held all week what it holds now needs only its key): the choice in force for the week of
 * each roster, the week's player points before and after the change; the rosters whose holdings moved during the
 * week from their holdings over it (captain-moved-rosters.ts). 'none' when the league has no captain; 'sql' when
 * a figure does not fit the pass (points past the cent, a number too high): the caller then takes the SQL path.
 */
export async function captainLineups(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
): Promise<LineupExtra | 'none' | 'sql'> {
  const week = await capturedWeek(db);
  if (!week) return 'none';
  const isComplete = await weekComplete(db, week.weekId);
  const flip = isComplete !== week.wasComplete;
  await createMoved(db, rules, week);
  const { rows: points } = await db.execute<{
    num: number;
    before: string | null;
    after: string | null;
    moved: boolean;
  }>(sql`
    select p.num, b.points::text as before, a.points::text as after,
           p.id in (select player_id from captain_moved) as moved
    from captain_points_after a full join captain_points_before b on b.player_id = a.player_id
    join players p on p.id = coalesce(a.player_id, b.player_id)`);
  const before = new Int32Array(NUMS).fill(NONE);
  const after = new Int32Array(NUMS).fill(NONE);
  const moved = new Uint8Array(NUMS);
  let anyMoved = flip;
  for (const r of points) {
    const num = Number(r.num);
    const b = r.before === null ? NONE : toCents(r.before);
    const a = r.after === null ? NONE : toCents(r.after);
    if (num >= NUMS || b === null || a === null) return 'sql';
    before[num] = b;
    after[num] = a;
    if (r.moved) {
      moved[num] = 1;
      anyMoved = true;
    }
  }
  if (!anyMoved) return { ...NOTHING, since: week.firstStart };

  const movedBonus = await movedRosterBonus(db, rules, week, isComplete);
  if (!movedBonus) return 'sql';
  const changed = { seqs: [] as number[], cents: [] as number[] };
  const choices = new Choices();

  const { rows: weekRows } = await db.execute<{ week_number: number; older: boolean }>(sql`
    select w.week_number,
           exists (select from roster_lineups l where l.league_id = ${leagueId} and l.captain_prior_week > w.week_number)
             as older
    from weeks w where w.id = ${week.weekId}`);
  const weekNumber = Number(weekRows[0]!.week_number);
  // every roster's two latest choices come with its lineup (migration 0031), and one of them is in force for the
  // week unless both are later: when some roster's are, every choice up to the week is read here instead, packed
  // in 12 bytes (roster number and week number; captain and vice, 0xffff for none; a roster's latest is in force)
  const readsChoices = !weekRows[0]!.older && weekNumber <= 0xffff;
  if (!readsChoices) {
    const { rows } = await db.execute<{
      packed: Uint8Array | null;
      lo: number | null;
      hi: number | null;
      wide: boolean | null;
    }>(sql`
      select string_agg(int8send((c.roster_seq << 16) | wk.week_number)
                        || int4send((cp.num << 16) | coalesce(vp.num, 65535)), ''::bytea) as packed,
             min(c.roster_seq)::float8 as lo, max(c.roster_seq)::float8 as hi,
             bool_or(wk.week_number > 65535 or cp.num >= 65535 or vp.num >= 65535) as wide
      from roster_captains c
      join weeks wk on wk.id = c.week_id
      join players cp on cp.id = c.captain_player_id
      left join players vp on vp.id = c.vice_player_id
      where c.league_id = ${leagueId} and wk.week_number <= ${weekNumber}`);
    const read = rows[0];
    if (read?.wide) return 'sql';
    if (read?.packed && read.lo !== null && read.hi !== null) {
      if (!choices.fromChoices(read.packed, Number(read.lo), Number(read.hi))) return 'sql';
    }
  }

  /**
   * The choices, when they come with the lineups, and the rosters whose holdings moved during the week: those whose
   * choice names a moved player (any, when the week's completeness moved) get their bonus from their holdings, not
   * their lineup; the others' did not move.
   */
  const prepare = async (packed: Uint8Array | null, moving: { ids: string[]; seqs: number[] }) => {
    if (readsChoices && packed && !choices.fromCarried(packed, weekNumber)) return false;
    const list: MovingRosters = { ids: [], seqs: [], captains: [], vices: [] };
    moving.seqs.forEach((seq, k) => {
      const i = seq - choices.lo;
      if (i < 0 || i >= choices.span || choices.weekOf[i]! < 0) return;
      choices.weekOf[i] = -1;
      const c = choices.captain[i]!;
      const v = choices.vice[i]!;
      if (!flip && !moved[c] && !(v >= 0 && moved[v])) return;
      list.ids.push(moving.ids[k]!);
      list.seqs.push(seq);
      list.captains.push(c);
      list.vices.push(v);
    });
    const cents = await movedBonus(list);
    cents.forEach((x, k) => {
      if (x === 0) return;
      changed.seqs.push(list.seqs[k]!);
      changed.cents.push(x);
    });
    return true;
  };

  return {
    changed,
    since: week.firstStart,
    readsChoices,
    prepare,
    delta(seq, players, nPlayers) {
      const i = seq - choices.lo;
      if (i < 0 || i >= choices.span || choices.weekOf[i]! < 0) return 0;
      const c = choices.captain[i]!;
      const v = choices.vice[i]!;
      if (!flip && !moved[c] && !(v >= 0 && moved[v])) return 0;
      let heldC = false;
      let heldV = false;
      for (let k = 0; k < nPlayers; k++) {
        if (players[k] === c) heldC = true;
        else if (players[k] === v) heldV = true;
      }
      return (
        captainCents(rules, heldC ? after[c]! : NONE, heldV ? after[v]! : NONE, v >= 0, isComplete) -
        captainCents(rules, heldC ? before[c]! : NONE, heldV ? before[v]! : NONE, v >= 0, week.wasComplete)
      );
    },
  };
}

/**
 * The choice in force for the week of each roster, by roster number − `lo`: its week (-1: none, or the roster is
 * computed elsewhere), captain and vice numbers (-1: no vice).
 */
class Choices {
  lo = 0;
  span = 0;
  weekOf = new Int32Array(0);
  captain = new Int32Array(0);
  vice = new Int32Array(0);

  private size(lo: number, hi: number) {
    if (hi - lo + 1 > SPAN_MAX) return false;
    this.lo = lo;
    this.span = hi - lo + 1;
    this.weekOf = new Int32Array(this.span).fill(-1);
    this.captain = new Int32Array(this.span);
    this.vice = new Int32Array(this.span);
    return true;
  }

  /** From every choice up to the week (12 bytes each, any order): a roster's latest is in force. */
  fromChoices(packed: Uint8Array, lo: number, hi: number) {
    if (!this.size(lo, hi)) return false;
    const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
    for (let at = 0; at < view.byteLength; at += 12) {
      // the roster number's high and low parts, then the week in the low 16 bits
      const high = view.getUint32(at);
      const low = view.getUint32(at + 4);
      const i = high * 0x10000 + (low >>> 16) - lo;
      const n = low & 0xffff;
      if (n <= this.weekOf[i]!) continue;
      this.weekOf[i] = n;
      const players = view.getUint32(at + 8);
      this.captain[i] = players >>> 16;
      this.vice[i] = (players & 0xffff) === 0xffff ? -1 : players & 0xffff;
    }
    return true;
  }

  /**
   * From the lineups' carried choices (16 bytes each: the roster number, then its latest choice's week, captain and
   * vice, then the one before's, week 0 for none): the latest up to `weekNumber` is in force.
   */
  fromCarried(packed: Uint8Array, weekNumber: number) {
    const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
    let lo = Number.POSITIVE_INFINITY;
    let hi = -1;
    for (let at = 0; at < view.byteLength; at += 16) {
      const seq = view.getUint32(at);
      if (seq < lo) lo = seq;
      if (seq > hi) hi = seq;
    }
    if (hi < 0) return true;
    if (!this.size(lo, hi)) return false;
    for (let at = 0; at < view.byteLength; at += 16) {
      const i = view.getUint32(at) - lo;
      const latest = view.getUint16(at + 4);
      const prior = view.getUint16(at + 10);
      const from = latest <= weekNumber ? at + 4 : prior !== 0 && prior <= weekNumber ? at + 10 : -1;
      if (from < 0) continue;
      this.weekOf[i] = view.getUint16(from);
      this.captain[i] = view.getUint16(from + 2);
      const v = view.getUint16(from + 4);
      this.vice[i] = v === 0xffff ? -1 : v;
    }
    return true;
  }
}
