import { isPerfectSeries, type MatchFormat, playerGamePoints, type ScoringRules } from '@fantarift/core';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { matches, playerStats, teamObjectives } from '../../db/schema.ts';

/**
 * Stores every stat row's game points (DECISIONS 11: the same for every roster) for one match,
 * from its objectives and series result under the given rules. Returns how many rows changed.
 */
export function scoreMatch(db: DbOrTx, matchId: string, rules: ScoringRules): Promise<number> {
  return scoreMatches(db, [matchId], rules);
}

/**
 * The game points of every stat row of these matches (the recalculation rescores many at once, a save one):
 * three reads and one update in all, whatever the number of matches; the points are the core's
 * playerGamePoints. Returns how many rows changed.
 */
export async function scoreMatches(db: DbOrTx, matchIds: string[], rules: ScoringRules): Promise<number> {
  if (matchIds.length === 0) return 0;
  const matchRows = await db.select().from(matches).where(inArray(matches.id, matchIds));
  const stats = await db.select().from(playerStats).where(inArray(playerStats.matchId, matchIds));
  const objectives = await db.select().from(teamObjectives).where(inArray(teamObjectives.matchId, matchIds));
  const byMatch = new Map(matchRows.map((m) => [m.id, m]));
  const objectiveOf = new Map(objectives.map((o) => [`${o.matchId}|${o.gameNumber}|${o.teamName}`, o]));
  const ids: string[] = [];
  const values: number[] = [];
  for (const s of stats) {
    const match = byMatch.get(s.matchId)!;
    const perfect =
      match.gamesPlayed !== null && isPerfectSeries(match.matchFormat as MatchFormat, match.gamesPlayed);
    const points = playerGamePoints(
      {
        stats: s,
        teamObjectives: objectiveOf.get(`${s.matchId}|${s.gameNumber}|${s.teamName}`) ?? null,
        perfectSeriesWinner: perfect && match.winner === s.teamName,
      },
      rules,
    );
    if (s.points === null || Math.abs(s.points - points) >= 0.005) {
      ids.push(s.id);
      values.push(points);
    }
  }
  if (ids.length > 0) {
    await db.execute(sql`
      update player_stats p set points = v.points
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(values)}::numeric[]) as v(id, points)
      where p.id = v.id`);
  }
  return ids.length;
}
