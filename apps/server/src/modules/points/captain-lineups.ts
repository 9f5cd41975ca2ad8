import type { ScoringRules } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { captainCents, movedRosterBonus, NONE, toCents } from './captain-moved-rosters.ts';
import { weekComplete } from './captain-points.ts';
import { capturedWeek, createMoved } from './captain-save.ts';
import type { LineupExtra } from './lineup-deltas.ts';

/** Player numbers fit two bytes in a packed lineup. */
const NUMS = 1 << 16;
/** The widest span of roster numbers the choices are laid out over. */
const SPAN_MAX = 1 << 25;

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
  if (!anyMoved) return { delta: () => 0, changed: { seqs: [], cents: [] } };

  const movedBonus = await movedRosterBonus(db, rules, week, isComplete);
  if (!movedBonus) return 'sql';
  const changed = { seqs: [] as number[], cents: [] as number[] };

  // every choice up to the week, packed in 12 bytes (roster number and week number; captain and vice, 0xffff
  // for none; a roster's latest is in force), and the rosters whose holdings moved during the week (counted
  // in `changed`)
  const { rows } = await db.execute<{
    packed: Uint8Array | null;
    lo: number | null;
    hi: number | null;
    wide: boolean | null;
    moving: string[] | null;
  }>(sql`
    select string_agg(int8send((c.roster_seq << 16) | wk.week_number)
                      || int4send((cp.num << 16) | coalesce(vp.num, 65535)), ''::bytea) as packed,
           min(c.roster_seq)::float8 as lo, max(c.roster_seq)::float8 as hi,
           bool_or(wk.week_number > 65535 or cp.num >= 65535 or vp.num >= 65535) as wide,
           (select array_agg(roster_seq) from captain_moving) as moving
    from roster_captains c
    join weeks wk on wk.id = c.week_id
    join players cp on cp.id = c.captain_player_id
    left join players vp on vp.id = c.vice_player_id
    where c.league_id = ${leagueId}
      and wk.week_number <= (select week_number from weeks where id = ${week.weekId})`);
  const read = rows[0];
  if (read?.wide) return 'sql';
  if (!read?.packed || read.lo === null || read.hi === null) return { delta: () => 0, changed };
  const lo = Number(read.lo);
  const span = Number(read.hi) - lo + 1;
  if (span > SPAN_MAX) return 'sql';
  const weekOf = new Int32Array(span).fill(-1);
  const captain = new Int32Array(span);
  const vice = new Int32Array(span);
  const view = new DataView(read.packed.buffer, read.packed.byteOffset, read.packed.byteLength);
  for (let at = 0; at < view.byteLength; at += 12) {
    // the roster number's high and low parts, then the week in the low 16 bits
    const high = view.getUint32(at);
    const low = view.getUint32(at + 4);
    const i = high * 0x10000 + (low >>> 16) - lo;
    const n = low & 0xffff;
    if (n <= weekOf[i]!) continue;
    weekOf[i] = n;
    const players = view.getUint32(at + 8);
    captain[i] = players >>> 16;
    vice[i] = (players & 0xffff) === 0xffff ? -1 : players & 0xffff;
  }
  // the rosters whose holdings moved during the week: each one's bonus from its holdings, not its lineup
  for (const text of read.moving ?? []) {
    const seq = Number(text);
    const i = seq - lo;
    if (i < 0 || i >= span || weekOf[i]! < 0) continue;
    weekOf[i] = -1;
    if (!flip && !moved[captain[i]!] && !(vice[i]! >= 0 && moved[vice[i]!])) continue;
    const cents = movedBonus(seq, captain[i]!, vice[i]!);
    if (cents !== 0) {
      changed.seqs.push(seq);
      changed.cents.push(cents);
    }
  }

  return {
    changed,
    delta(seq, players, nPlayers) {
      const i = seq - lo;
      if (i < 0 || i >= span || weekOf[i]! < 0) return 0;
      const c = captain[i]!;
      const v = vice[i]!;
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
