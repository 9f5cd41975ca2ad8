import { captainExtra, captainRoleOfWeek, type ScoringRules } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** no point that week: `ItemPoints.range`'s and the week sums' marker */
const NONE = -0x80000000;

/** Cents per week of one player over a slot range (`NONE`: no counted game that week); null: none at all. */
type RangeCents = (player: number, lo: number, hi: number) => Int32Array | null;

/**
 * The weekly captain in a recalculation's per-roster pass (roster-week-sums.ts): the same rule as the match
 * save's SQL (captain-points.ts) and the core's, computed beside the sums from what the pass already reads.
 *
 * The league's choices are read once, packed (roster, week number, captain, vice); while the pass walks the
 * player holdings, `watch` keeps those of a roster's captain or vice (a holding is its slot range); then
 * `bonusCents` gives each roster's bonus per week from the ranges' cents, with the choice in force that week
 * (the roster's latest choice for a week up to it). Players are the pass's numbers (`wp_pid`), -1 for one with
 * no statistics in the scope (who plays no counted game).
 */
export async function readCaptainChoices(
  db: DbOrTx,
  leagueId: string,
  rosters: number,
  weeks: string[],
  rules: ScoringRules,
) {
  const { rows: numbers } = await db.execute<{ id: string; n: number }>(
    sql`select id, week_number as n from weeks where id = any(${sql.param(weeks)}::uuid[])`,
  );
  const numberOf = new Map(numbers.map((r) => [r.id, Number(r.n)]));
  const weekNumbers = weeks.map((id) => numberOf.get(id)!);
  const { rows: complete } = await db.execute<{ id: string }>(sql`
    select w.id from weeks w
    where w.id = any(${sql.param(weeks)}::uuid[])
      and exists (select 1 from matches m where m.week_id = w.id)
      and not exists (select 1 from matches m where m.week_id = w.id and not m.completed)`);
  const completeIds = new Set(complete.map((r) => r.id));
  const weekComplete = weeks.map((id) => completeIds.has(id));

  const { rows } = await db.execute<{ packed: Uint8Array | null; n: number }>(sql`
    select string_agg(int4send(r.k) || int4send(wk.week_number) || int4send(coalesce(cp.k, -1))
                      || int4send(coalesce(vp.k, -1)), ''::bytea) as packed,
           count(*)::int as n
    from roster_captains c
    join wp_r r on r.id = c.roster_id
    join weeks wk on wk.id = c.week_id
    left join wp_pid cp on cp.id = c.captain_player_id
    left join wp_pid vp on vp.id = c.vice_player_id
    where c.league_id = ${leagueId}
    group by r.k / 4096`);
  // the choices side by side per roster: roster k's are first[k] to first[k + 1]
  const total = rows.reduce((n, r) => n + Number(r.n), 0);
  const first = new Int32Array(rosters + 1);
  const each = (fn: (k: number, n: number, captain: number, vice: number) => void) => {
    for (const r of rows) {
      if (!r.packed) continue;
      const view = new DataView(r.packed.buffer, r.packed.byteOffset, r.packed.byteLength);
      for (let i = 0; i < Number(r.n); i++)
        fn(
          view.getInt32(i * 16),
          view.getInt32(i * 16 + 4),
          view.getInt32(i * 16 + 8),
          view.getInt32(i * 16 + 12),
        );
    }
  };
  each((k) => {
    first[k + 1]!++;
  });
  for (let k = 0; k < rosters; k++) first[k + 1]! += first[k]!;
  const fill = first.slice(0, rosters);
  const weekNumber = new Int32Array(total);
  const captain = new Int32Array(total);
  const vice = new Int32Array(total);
  each((k, n, c, v) => {
    const at = fill[k]!++;
    weekNumber[at] = n;
    captain[at] = c;
    vice[at] = v;
  });

  // the holdings of a chosen player, per roster, as they are seen (a roster's are not side by side)
  let held = {
    roster: new Int32Array(1024),
    player: new Int32Array(1024),
    lo: new Int32Array(1024),
    hi: new Int32Array(1024),
  };
  let heldCount = 0;
  const chose = (k: number, player: number) => {
    for (let at = first[k]!; at < first[k + 1]!; at++)
      if (captain[at] === player || vice[at] === player) return true;
    return false;
  };

  return {
    /** A player holding of the pass: kept when its roster ever chose that player. */
    watch(k: number, player: number, lo: number, hi: number) {
      if (first[k] === first[k + 1] || !chose(k, player)) return;
      if (heldCount === held.roster.length) {
        const grow = (a: Int32Array) => {
          const b = new Int32Array(a.length * 2);
          b.set(a);
          return b;
        };
        held = { roster: grow(held.roster), player: grow(held.player), lo: grow(held.lo), hi: grow(held.hi) };
      }
      held.roster[heldCount] = k;
      held.player[heldCount] = player;
      held.lo[heldCount] = lo;
      held.hi[heldCount] = hi;
      heldCount++;
    },

    /** Each roster's bonus per week in cents, handed to `add` (nothing for a week without one). */
    bonusCents(range: RangeCents, add: (k: number, week: number, cents: number) => void) {
      // the kept holdings grouped per roster (counting sort)
      const start = new Int32Array(rosters + 1);
      for (let i = 0; i < heldCount; i++) start[held.roster[i]! + 1]!++;
      for (let k = 0; k < rosters; k++) start[k + 1]! += start[k]!;
      const next = start.slice(0, rosters);
      const order = new Int32Array(heldCount);
      for (let i = 0; i < heldCount; i++) order[next[held.roster[i]!]!++] = i;
      // a player's cents in one week over a roster's holdings of him; NONE when he played no counted game
      const weekCents = (k: number, player: number, w: number) => {
        let cents = NONE;
        if (player < 0) return cents;
        for (let at = start[k]!; at < start[k + 1]!; at++) {
          const i = order[at]!;
          if (held.player[i] !== player) continue;
          const v = range(player, held.lo[i]!, held.hi[i]!)?.[w] ?? NONE;
          if (v !== NONE) cents = cents === NONE ? v : cents + v;
        }
        return cents;
      };
      for (let k = 0; k < rosters; k++) {
        if (start[k] === start[k + 1]) continue;
        for (let w = 0; w < weeks.length; w++) {
          // the choice in force: the roster's latest for a week up to this one
          let choice = -1;
          for (let at = first[k]!; at < first[k + 1]!; at++) {
            if (
              weekNumber[at]! <= weekNumbers[w]! &&
              (choice === -1 || weekNumber[at]! > weekNumber[choice]!)
            )
              choice = at;
          }
          if (choice === -1) continue;
          const c = weekCents(k, captain[choice]!, w);
          const v = weekCents(k, vice[choice]!, w);
          const role = captainRoleOfWeek(
            { captainPlayed: c !== NONE, vicePlayed: v !== NONE, weekComplete: weekComplete[w]! },
            rules,
          );
          if (!role) continue;
          const bonus = Math.round(captainExtra((role === 'captain' ? c : v) / 100, rules) * 100);
          if (bonus !== 0) add(k, w, bonus);
        }
      }
    },
  };
}
