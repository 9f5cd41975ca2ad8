import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settlePoints } from '../points/index.ts';
import { isoDay } from './home-summary.ts';

export interface HistoryWeek {
  weekNumber: number;
  name: string;
  points: number;
  /** my points over weeks 1..N */
  cumulative: number;
  /** my position after week N among the league's rosters, by their points over weeks 1..N (ties share) */
  rank: number;
  participants: number;
}

/**
 * My roster's points and rank per week (issue 14) from the stored week points (roster_week_points):
 * every week of the league that has started, my points in it, and my position by points up to it.
 * Admin adjustments (resets, restores, manual totals) belong to no week and are not in these figures.
 * Null when I have no roster in the league.
 */
export async function rosterHistory(db: DbOrTx, userId: string, leagueId: string, now: Date) {
  await settlePoints(db, leagueId);
  const { rows: mine } = await db.execute<{ id: string }>(
    sql`select id from rosters where league_id = ${leagueId} and user_id = ${userId}`,
  );
  const rosterId = mine[0]?.id;
  if (!rosterId) return null;
  const { rows } = await db.execute<{
    week_number: number;
    name: string;
    points: number;
    cumulative: number;
    rank: number;
    participants: number;
  }>(sql`
    with wk as (
      select id, week_number, name from weeks
      where league_id = ${leagueId} and start_date <= ${isoDay(now)}::date
    ),
    grid as (
      select r.id as roster_id, w.week_number, coalesce(p.points, 0) as points
      from rosters r
      cross join wk w
      left join roster_week_points p on p.week_id = w.id and p.roster_id = r.id
      where r.league_id = ${leagueId}
    ),
    cum as (
      select roster_id, week_number, points,
             sum(points) over (partition by roster_id order by week_number) as cumulative
      from grid
    ),
    ranked as (
      select roster_id, week_number, points, cumulative,
             rank() over (partition by week_number order by cumulative desc) as rank,
             count(*) over (partition by week_number) as participants
      from cum
    )
    select x.week_number, w.name, x.points, x.cumulative, x.rank, x.participants
    from ranked x join wk w on w.week_number = x.week_number
    where x.roster_id = ${rosterId}
    order by x.week_number`);
  const round1 = (v: number) => Math.round(Number(v) * 10) / 10;
  const weeks: HistoryWeek[] = rows.map((r) => ({
    weekNumber: Number(r.week_number),
    name: r.name,
    points: round1(r.points),
    cumulative: round1(r.cumulative),
    rank: Number(r.rank),
    participants: Number(r.participants),
  }));
  return { weeks };
}
