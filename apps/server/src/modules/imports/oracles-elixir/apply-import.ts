import type { ScoringRules } from '@fantarift/core';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import {
  matches,
  matchGames,
  playerStats,
  players,
  teamAliases,
  teamObjectives,
  weeks,
} from '../../../db/schema.ts';
import { announceLeagueChange } from '../../../lib/league-events.ts';
import type { Progress } from '../../admin-jobs/index.ts';
import { PHASES, recomputeProgress } from '../../admin-jobs/index.ts';
import { type MatchDelta, recomputeWeeks, rulesForLeague, scoreMatch } from '../../points/index.ts';
import { withMatchPoints } from '../../season/index.ts';
import { nameKey } from './games.ts';
import { type ImportPlan, OBJECTIVE_FIELDS, type PlannedSeries } from './plan-import.ts';

/**
 * Writes a plan inside the caller's transaction: new weeks and players, remembered player ids and team
 * aliases, then each new or changed series through the points engine of a statistics save: `scoreMatch`
 * stores the game points, and the rosters' points move by the difference, match by match
 * (`withMatchPoints`) for a few matches, or by the engine's recomputation of the weeks concerned for
 * many. Only changed games are rewritten; what the editor adds and the file lacks (objective steals,
 * game MVP, series MVP) is kept (DECISIONS 29). Returns how many roster totals moved.
 */
export async function applyImport(
  tx: Transaction,
  leagueId: string,
  plan: ImportPlan,
  /** the admin job's progress (fraction of this step); never touches the database */
  progress: Progress = () => {},
): Promise<MatchDelta> {
  const toWrite = plan.series.filter((s) => s.status === 'new' || s.status === 'updated');
  // the league's pages hear of the import once it commits: one points event for all its series, announced
  // before them so that it covers each match's own (lib/league-events.ts); new players reach the market
  if (toWrite.length > 0) await announceLeagueChange(tx, leagueId, 'points');
  if (plan.newPlayers.length > 0) await announceLeagueChange(tx, leagueId, 'market');
  if (plan.newWeeks.length > 0) {
    await tx.insert(weeks).values(
      plan.newWeeks.map((w) => ({
        id: w.id,
        leagueId,
        weekNumber: w.weekNumber,
        name: w.name,
        startDate: w.startDate,
        endDate: w.endDate,
      })),
    );
  }
  if (plan.newPlayers.length > 0) {
    await tx.insert(players).values(
      plan.newPlayers.map((p) => ({
        id: p.id,
        name: p.name,
        team: p.team,
        role: p.role,
        tier: 1,
        cost: 1,
        oePlayerId: p.oePlayerId,
      })),
    );
  }
  for (const p of plan.playerIdsToRemember) {
    await tx
      .update(players)
      .set({ oePlayerId: p.oePlayerId, updatedAt: new Date() })
      .where(eq(players.id, p.id));
  }
  if (plan.aliasesToRemember.length > 0) {
    await tx
      .insert(teamAliases)
      .values(plan.aliasesToRemember.map((a) => ({ leagueId, aliasKey: nameKey(a.alias), ...a })))
      .onConflictDoUpdate({
        target: [teamAliases.leagueId, teamAliases.aliasKey],
        set: { teamName: sql`excluded.team_name`, alias: sql`excluded.alias` },
      });
  }

  const rules = await rulesForLeague(tx, leagueId);
  const insertMatch = async (s: PlannedSeries) => {
    if (s.existing) return;
    await tx.insert(matches).values({
      id: s.matchId!,
      leagueId,
      weekId: s.week!.id,
      team1: s.team1!,
      team2: s.team2!,
      date: s.series.start,
      matchDay: s.matchDay,
      matchFormat: s.series.format,
      completed: false,
    });
  };
  if (toWrite.length <= PER_MATCH_LIMIT) {
    // a few matches (a correction): each one's points move by its own difference, as a statistics save
    const total: MatchDelta = { rostersUpdated: 0, pending: false };
    for (const [i, s] of toWrite.entries()) {
      progress(PHASES.writeMatches(i + 1, toWrite.length), i / toWrite.length);
      await insertMatch(s);
      const moved = await withMatchPoints(tx, s.matchId!, () => writeSeries(tx, s, rules));
      total.rostersUpdated += moved.rostersUpdated;
      total.pending ||= moved.pending;
    }
    return total;
  }
  // many matches (a season's file): the statistics first, then the same engine recomputes the weeks they
  // are in, set-based (what "Ricalcola" does for those weeks; it equals the sum of the matches' deltas,
  // week-points.test.ts): one pass over the holdings instead of one per match
  for (const [i, s] of toWrite.entries()) {
    progress(PHASES.writeMatches(i + 1, toWrite.length), (0.4 * i) / toWrite.length);
    await insertMatch(s);
    await writeSeries(tx, s, rules);
  }
  const weekIds = [...new Set(toWrite.map((s) => s.week!.id))];
  const rostersUpdated = await recomputeWeeks(tx, leagueId, rules, weekIds, {
    onProgress: recomputeProgress(progress, 0.4, 1),
  });
  return { rostersUpdated, pending: false };
}

/**
 * Up to this many matches an import moves points match by match (`withMatchPoints`); above it the weeks
 * are recomputed at once: a match's delta meets every holder of its players (thousands of rosters in a
 * big league), so 150 matches one by one cost 150 passes over the holdings.
 */
export const PER_MATCH_LIMIT = 5;

async function writeSeries(tx: Transaction, s: PlannedSeries, rules: ScoringRules) {
  const matchId = s.matchId!;
  if (s.staleGames.length > 0) {
    const stale = s.staleGames;
    await tx
      .delete(playerStats)
      .where(and(eq(playerStats.matchId, matchId), inArray(playerStats.gameNumber, stale)));
    await tx
      .delete(teamObjectives)
      .where(and(eq(teamObjectives.matchId, matchId), inArray(teamObjectives.gameNumber, stale)));
    await tx
      .delete(matchGames)
      .where(and(eq(matchGames.matchId, matchId), inArray(matchGames.gameNumber, stale)));
  }
  const changed = s.games.filter((g) => s.changedGames.includes(g.gameNumber));
  if (changed.length > 0) {
    if (s.existing) {
      // rows of players or teams the corrected file no longer has in a changed game
      for (const g of changed) {
        await tx.delete(playerStats).where(
          and(
            eq(playerStats.matchId, matchId),
            eq(playerStats.gameNumber, g.gameNumber),
            notInArray(
              playerStats.playerId,
              g.players.map((p) => p.playerId),
            ),
          ),
        );
        await tx.delete(teamObjectives).where(
          and(
            eq(teamObjectives.matchId, matchId),
            eq(teamObjectives.gameNumber, g.gameNumber),
            notInArray(
              teamObjectives.teamName,
              g.objectives.map((o) => o.teamName),
            ),
          ),
        );
      }
    }
    await tx
      .insert(matchGames)
      .values(changed.map((g) => ({ matchId, gameNumber: g.gameNumber, winner: g.winner })))
      .onConflictDoUpdate({
        target: [matchGames.matchId, matchGames.gameNumber],
        set: { winner: sql`excluded.winner` },
      });
    // the file's columns are rewritten; objective steals and game MVP stay as the editor set them
    await tx
      .insert(playerStats)
      .values(changed.flatMap((g) => g.players.map((p) => ({ ...p, matchId, gameNumber: g.gameNumber }))))
      .onConflictDoUpdate({
        target: [playerStats.matchId, playerStats.playerId, playerStats.gameNumber],
        set: {
          teamName: sql`excluded.team_name`,
          championId: sql`excluded.champion_id`,
          kills: sql`excluded.kills`,
          deaths: sql`excluded.deaths`,
          assists: sql`excluded.assists`,
          cs: sql`excluded.cs`,
          doubleKills: sql`excluded.double_kills`,
          tripleKills: sql`excluded.triple_kills`,
          quadraKills: sql`excluded.quadra_kills`,
          pentaKills: sql`excluded.penta_kills`,
        },
      });
    await tx
      .insert(teamObjectives)
      .values(changed.flatMap((g) => g.objectives.map((o) => ({ ...o, matchId, gameNumber: g.gameNumber }))))
      .onConflictDoUpdate({
        target: [teamObjectives.matchId, teamObjectives.gameNumber, teamObjectives.teamName],
        set: Object.fromEntries(
          OBJECTIVE_FIELDS.map((field) => [field, sql.raw(`excluded.${teamObjectives[field].name}`)]),
        ),
      });
  }
  await tx
    .update(matches)
    .set({
      matchFormat: s.series.format,
      gamesPlayed: s.games.length,
      winner: s.winner,
      completed: s.completed,
      updatedAt: new Date(),
    })
    .where(eq(matches.id, matchId));
  // a series MVP set by the editor stays, unless a corrected file gave the series to the other team
  if (s.existing && s.winner) {
    await tx.execute(sql`
      delete from series_mvp sm
       where sm.match_id = ${matchId}
         and not exists (select 1 from player_stats ps
                          where ps.match_id = sm.match_id and ps.player_id = sm.player_id
                            and ps.team_name = ${s.winner})`);
  }
  await scoreMatch(tx, matchId, rules);
}
