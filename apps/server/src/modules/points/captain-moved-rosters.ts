import { captainExtra, captainRoleOfWeek, type ScoringRules } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { playerMatchPoints } from './captain-points.ts';
import { toMicros } from './lineup-deltas.ts';

/** no counted game that week */
export const NONE = -0x80000000;

/** The core's rule on a week's cents of the captain and the vice (`NONE`: no counted game): the bonus in cents. */
export function captainCents(rules: ScoringRules, c: number, v: number, hasVice: boolean, complete: boolean) {
  const role = captainRoleOfWeek(
    { captainPlayed: c !== NONE, vicePlayed: v !== NONE, weekComplete: complete, hasVice },
    rules,
  );
  if (!role) return 0;
  return Math.round(captainExtra((role === 'captain' ? c : v) / 100, rules) * 100);
}

/** A decimal in whole cents, or null past the cent. */
export function toCents(text: string): number | null {
  const micros = toMicros(text);
  return micros !== null && micros % 10_000 === 0 ? micros / 10_000 : null;
}

interface Match {
  /** start, in microseconds since the epoch */
  at: number;
  /** each player's points in it (cents), series MVP included */
  cents: Map<number, number>;
}

/** A roster's holding of a player over the week: the player's number, from and to (microseconds). */
interface Holding {
  player: number;
  from: number;
  to: number;
}

/**
 * The rosters whose holdings moved during the week of a match change, in a big league's pass (captain-lineups.ts):
 * their player holdings over the week and each completed match's player points, now and as the week was (the
 * match as `captureCaptains` kept it), so each one's bonus is the core's rule on the matches it held its captain
 * or vice at the start of (DECISIONS 14), as `captainBonusQuery` computes it. Null when a figure does not fit.
 */
export async function movedRosterBonus(
  db: DbOrTx,
  rules: ScoringRules,
  week: { leagueId: string; weekId: string; matchId: string; wasComplete: boolean },
  isComplete: boolean,
) {
  const { rows: matchRows } = await db.execute<{ id: string; at: string; now: boolean }>(sql`
    select m.id, (extract(epoch from m.date) * 1000000)::int8::text as at, true as now
    from matches m where m.week_id = ${week.weekId} and m.completed
    union all
    select b.id, (extract(epoch from b.date) * 1000000)::int8::text, false from captain_match b where b.completed`);
  const { rows: pointRows } = await db.execute<{
    match_id: string;
    num: number;
    points: string;
    now: boolean;
  }>(sql`
    select x.match_id, p.num, true as now, x.points::text as points
    from (${playerMatchPoints(rules, sql`m.week_id = ${week.weekId}`)}) x join players p on p.id = x.player_id
    union all
    select ${week.matchId}::uuid, p.num, false, b.points::text
    from captain_match_before b join players p on p.id = b.player_id`);
  // the week's completed matches now, and as they were (the changed match as captured)
  const after: Match[] = [];
  const before: Match[] = [];
  const byId = new Map<string, Match>();
  for (const r of matchRows) {
    const match: Match = { at: Number(r.at), cents: new Map() };
    if (r.now) {
      after.push(match);
      byId.set(r.id, match);
      if (r.id !== week.matchId) before.push(match);
    } else {
      before.push(match);
      byId.set(`before:${r.id}`, match);
    }
  }
  for (const r of pointRows) {
    const cents = toCents(r.points);
    if (cents === null) return null;
    byId.get(r.now ? r.match_id : `before:${r.match_id}`)?.cents.set(Number(r.num), cents);
  }

  /** A player's cents over the matches the roster held him at the start of; NONE when he played none. */
  const weekCents = (list: Holding[], player: number, matches: Match[]) => {
    let cents = NONE;
    if (player < 0) return cents;
    for (const m of matches) {
      const points = m.cents.get(player);
      if (points === undefined) continue;
      // per holding that covers the start, as every other path sums a player's points
      for (const h of list) {
        if (h.player !== player || h.from > m.at || m.at >= h.to) continue;
        cents = cents === NONE ? points : cents + points;
      }
    }
    return cents;
  };

  /**
   * What the change moved the bonus of each roster of `rosters` by (cents), for its choice (vice -1: none): their
   * holdings of the captain and the vice over the week, read by their keys, then the core's rule on each.
   */
  return async (rosters: MovingRosters): Promise<number[]> => {
    if (rosters.seqs.length === 0) return [];
    const ids: string[] = [];
    const seqs: number[] = [];
    const nums: number[] = [];
    rosters.seqs.forEach((seq, k) => {
      for (const num of [rosters.captains[k]!, rosters.vices[k]!]) {
        if (num < 0) continue;
        ids.push(rosters.ids[k]!);
        seqs.push(seq);
        nums.push(num);
      }
    });
    const { rows: held } = await db.execute<{ packed: Uint8Array | null }>(sql`
      select string_agg(int8send(u.seq) || int4send(u.num) || int8send((extract(epoch from h.acquired_at) * 1000000)::int8)
                        || int8send(coalesce((extract(epoch from h.released_at) * 1000000)::int8, 9007199254740991)),
                        ''::bytea) as packed
      from unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${seqs.join(',')}}`}::int8[], ${`{${nums.join(',')}}`}::int4[])
        as u(roster_id, seq, num)
      cross join captain_week w
      join players p on p.num = u.num
      join roster_players h on h.roster_id = u.roster_id and h.player_id = p.id
      where h.released_at is null or h.released_at > w.first_start`);
    const holdings = new Map<number, Holding[]>();
    const bytes = held[0]?.packed;
    if (bytes) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let at = 0; at < view.byteLength; at += 28) {
        const seq = Number(view.getBigInt64(at));
        const list = holdings.get(seq) ?? [];
        list.push({
          player: view.getInt32(at + 8),
          from: Number(view.getBigInt64(at + 12)),
          to: Number(view.getBigInt64(at + 20)),
        });
        holdings.set(seq, list);
      }
    }
    return rosters.seqs.map((seq, k) => {
      const list = holdings.get(seq) ?? [];
      const captain = rosters.captains[k]!;
      const vice = rosters.vices[k]!;
      return (
        captainCents(
          rules,
          weekCents(list, captain, after),
          weekCents(list, vice, after),
          vice >= 0,
          isComplete,
        ) -
        captainCents(
          rules,
          weekCents(list, captain, before),
          weekCents(list, vice, before),
          vice >= 0,
          week.wasComplete,
        )
      );
    });
  };
}

/** Rosters whose holdings moved during the week: their ids, numbers, and their choice's captain and vice (-1: none). */
export interface MovingRosters {
  ids: string[];
  seqs: number[];
  captains: number[];
  vices: number[];
}
