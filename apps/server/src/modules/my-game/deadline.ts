import { type LeagueStatus, nextMarketDeadline } from '@fantarift/core';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leagues } from '../../db/schema.ts';

export interface LeagueDeadline {
  at: Date;
  kind: 'market_block' | 'match_start';
  /** the match that starts, when that is the deadline */
  match: { id: string; team1: string; team2: string } | null;
}

/**
 * The next deadline of each league (issue 14): the next automatic market block or the next match start,
 * whichever comes first (packages/core nextMarketDeadline), or null. Leagues that do not exist are absent.
 */
export async function leagueDeadlines(
  db: DbOrTx,
  leagueIds: string[],
  now: Date,
): Promise<Map<string, LeagueDeadline | null>> {
  const out = new Map<string, LeagueDeadline | null>();
  if (leagueIds.length === 0) return out;
  const ids = sql`${sql.param(leagueIds)}::uuid[]`;
  const [rows, next] = await Promise.all([
    db
      .select({
        id: leagues.id,
        status: leagues.status,
        marketOpen: leagues.marketOpen,
        marketBlockTimezone: leagues.marketBlockTimezone,
        marketBlockStartTime: leagues.marketBlockStartTime,
        marketBlockEndTime: leagues.marketBlockEndTime,
      })
      .from(leagues)
      .where(inArray(leagues.id, leagueIds)),
    db.execute<{ league_id: string; id: string; team1: string; team2: string; date: Date | string }>(sql`
      select distinct on (m.league_id) m.league_id, m.id, m.team1, m.team2, m.date
      from matches m
      where m.league_id = any(${ids}) and m.date > ${now.toISOString()}::timestamptz and not m.completed
      order by m.league_id, m.date, m.id`),
  ]);
  const matchOf = new Map(next.rows.map((r) => [r.league_id, r]));
  for (const league of rows) {
    const match = matchOf.get(league.id);
    const deadline = nextMarketDeadline(
      { ...league, status: league.status as LeagueStatus },
      match ? new Date(match.date) : null,
      now,
    );
    out.set(
      league.id,
      deadline
        ? {
            ...deadline,
            match:
              deadline.kind === 'match_start' && match
                ? { id: match.id, team1: match.team1, team2: match.team2 }
                : null,
          }
        : null,
    );
  }
  return out;
}
