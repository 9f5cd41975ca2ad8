import { isPerfectSeries, type MatchFormat, playerGamePoints, type ScoringRules } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { matches, playerStats, teamObjectives } from '../../db/schema.ts';

/**
 * Stores every stat row's game points (DECISIONS 11: the same for every roster) for one match,
 * from its objectives and series result under the given rules. Returns how many rows changed.
 */
export async function scoreMatch(db: DbOrTx, matchId: string, rules: ScoringRules): Promise<number> {
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!match) return 0;
  // sequential: inside a transaction there is one connection
  const stats = await db.select().from(playerStats).where(eq(playerStats.matchId, matchId));
  const objectives = await db.select().from(teamObjectives).where(eq(teamObjectives.matchId, matchId));
  const perfect =
    match.gamesPlayed !== null && isPerfectSeries(match.matchFormat as MatchFormat, match.gamesPlayed);
  const ids: string[] = [];
  const values: number[] = [];
  for (const s of stats) {
    const obj = objectives.find((o) => o.gameNumber === s.gameNumber && o.teamName === s.teamName) ?? null;
    const points = playerGamePoints(
      {
        stats: s,
        teamObjectives: obj,
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
