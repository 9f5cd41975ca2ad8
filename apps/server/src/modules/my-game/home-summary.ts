import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pointsVersion, positionOf, standingsFor } from '../leaderboard/index.ts';
import { pendingEventIds, pendingPoints, plusCents } from '../points/index.ts';
import { readCaptain } from '../rosters/index.ts';
import { type LeagueDeadline, leagueDeadlines } from './deadline.ts';

export interface HomeLeagueSummary {
  leagueId: string;
  leagueName: string;
  position: number;
  participantCount: number;
  totalPoints: number;
  /** the latest week that has started (the current one while it runs), with my points in it */
  lastWeek: { weekNumber: number; name: string; points: number } | null;
  deadline: LeagueDeadline | null;
  /** the league plays with a captain and none is set for the next week to lock (issue 29) */
  captainNeeded: boolean;
}

type SummaryRow = {
  league_id: string;
  league_name: string;
  participant_count: number;
  roster_id: string;
  seq: number;
  total_points: number;
  position: number;
  week_id: string | null;
  week_number: number | null;
  week_name: string | null;
  week_points: number | null;
  /** the league's pending match changes (pending-points.ts) */
  pending: string;
};

/** UTC calendar day of `now`, as weeks store their dates. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The home page's quick stats (issue 14): per joined league my position (shared by equal totals, as the
 * leaderboard: DECISIONS 17), total, last week's points and next deadline; the average position.
 */
export async function homeSummary(db: DbOrTx, userId: string, now: Date) {
  const { rows } = await db.execute<SummaryRow>(sql`
    select r.league_id, l.name as league_name, l.participant_count, r.id as roster_id, r.seq, r.total_points,
           (select 1 + count(*)::int from rosters o
             where o.league_id = r.league_id and o.total_points > r.total_points) as position,
           lw.id as week_id, lw.week_number, lw.name as week_name, lw.points as week_points,
           ${pendingEventIds(sql`r.league_id`)} as pending
    from rosters r
    join leagues l on l.id = r.league_id
    left join lateral (
      select w.id, w.week_number, w.name, coalesce(p.points, 0) as points
      from weeks w
      left join roster_week_points p on p.week_id = w.id and p.roster_id = r.id
      where w.league_id = r.league_id and w.start_date <= ${isoDay(now)}::date
      order by w.week_number desc
      limit 1
    ) lw on true
    where r.user_id = ${userId}
    order by l.name, l.id`);
  for (const r of rows) if (r.pending) await addPending(db, r);
  const deadlines = await leagueDeadlines(
    db,
    rows.map((r) => r.league_id),
    now,
  );
  const captainNeeded = new Map<string, boolean>();
  for (const r of rows) {
    const c = await readCaptain(db, { id: r.roster_id, leagueId: r.league_id }, now);
    captainNeeded.set(r.league_id, c.multiplier !== 1 && c.locksAt !== null && c.captainPlayerId === null);
  }
  const list: HomeLeagueSummary[] = rows.map((r) => ({
    leagueId: r.league_id,
    leagueName: r.league_name,
    position: Number(r.position),
    participantCount: Number(r.participant_count),
    totalPoints: Number(r.total_points),
    lastWeek:
      r.week_number === null
        ? null
        : { weekNumber: Number(r.week_number), name: r.week_name ?? '', points: Number(r.week_points ?? 0) },
    deadline: deadlines.get(r.league_id) ?? null,
    captainNeeded: captainNeeded.get(r.league_id) ?? false,
  }));
  const averagePosition =
    list.length === 0 ? null : Math.round((list.reduce((s, l) => s + l.position, 0) / list.length) * 10) / 10;
  return { leagues: list, averagePosition };
}

/**
 * A league with a big match change pending (pending-points.ts): my total and week points with it added, and
 * my position among totals that count it, from the league's standings (which apply it, modules/leaderboard).
 */
async function addPending(db: DbOrTx, r: SummaryRow) {
  const pending = await pendingPoints(db, r.pending);
  if (r.week_id)
    r.week_points = plusCents(Number(r.week_points ?? 0), pending.weeks(Number(r.seq)).get(r.week_id) ?? 0);
  const { rows } = await db.execute<{ v: string }>(sql`select ${pointsVersion(r.league_id)} as v`);
  const standings = await standingsFor(db, r.league_id, rows[0]!.v);
  const slot = standings.ids.slotOf(r.roster_id);
  if (slot === undefined) {
    r.total_points = plusCents(Number(r.total_points), pending.total(Number(r.seq)));
    return;
  }
  r.total_points = standings.cents[slot]! / 100;
  r.position = positionOf(standings, standings.cents[slot]!);
}
