import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
}

/** UTC calendar day of `now`, as weeks store their dates. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The home page's quick stats (issue 14): per joined league my position (shared by equal totals, as the
 * leaderboard: DECISIONS 17), total, last week's points and next deadline; the average position.
 */
export async function homeSummary(db: DbOrTx, userId: string, now: Date) {
  const { rows } = await db.execute<{
    league_id: string;
    league_name: string;
    participant_count: number;
    total_points: number;
    position: number;
    week_number: number | null;
    week_name: string | null;
    week_points: number | null;
  }>(sql`
    select r.league_id, l.name as league_name, l.participant_count, r.total_points,
           (select 1 + count(*)::int from rosters o
             where o.league_id = r.league_id and o.total_points > r.total_points) as position,
           lw.week_number, lw.name as week_name, lw.points as week_points
    from rosters r
    join leagues l on l.id = r.league_id
    left join lateral (
      select w.week_number, w.name, coalesce(p.points, 0) as points
      from weeks w
      left join roster_week_points p on p.week_id = w.id and p.roster_id = r.id
      where w.league_id = r.league_id and w.start_date <= ${isoDay(now)}::date
      order by w.week_number desc
      limit 1
    ) lw on true
    where r.user_id = ${userId}
    order by l.name, l.id`);
  const deadlines = await leagueDeadlines(
    db,
    rows.map((r) => r.league_id),
    now,
  );
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
  }));
  const averagePosition =
    list.length === 0 ? null : Math.round((list.reduce((s, l) => s + l.position, 0) / list.length) * 10) / 10;
  return { leagues: list, averagePosition };
}
