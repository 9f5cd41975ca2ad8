import { isValidSeries, MESSAGES } from '@fantarift/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { matches, matchGames, playerStats, players, seriesMvp, teamObjectives } from '../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../lib/audit.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { assertExclusiveFirsts, foldAfter, rulesForLeague, scoreMatch } from '../points/index.ts';
import { withMatchPoints } from './matches.ts';
import type { SaveMatchStatsInput } from './schemas.ts';

export const EXCLUSIVE_OBJECTIVES_MESSAGE =
  'Herald, Athakan e First Tower possono essere assegnati a una sola squadra per game';

/** Everything the statistics editor shows for a match: both rosters, the stored stats and result. */
export async function getMatchStats(db: Database, matchId: string) {
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!match) throw notFound('Match non trovato');
  const [teamPlayers, stats, objectives, games, mvp, rules] = await Promise.all([
    db
      .select({ id: players.id, name: players.name, team: players.team, role: players.role })
      .from(players)
      .where(inArray(players.team, [match.team1, match.team2]))
      .orderBy(asc(players.team), asc(players.role), asc(players.name)),
    db.select().from(playerStats).where(eq(playerStats.matchId, matchId)),
    db.select().from(teamObjectives).where(eq(teamObjectives.matchId, matchId)),
    db.select().from(matchGames).where(eq(matchGames.matchId, matchId)).orderBy(asc(matchGames.gameNumber)),
    db.select().from(seriesMvp).where(eq(seriesMvp.matchId, matchId)),
    rulesForLeague(db, match.leagueId),
  ]);
  // players who played for a team but have moved since still appear with their stats
  const known = new Set(teamPlayers.map((p) => p.id));
  const extraIds = stats.map((s) => s.playerId).filter((id) => !known.has(id));
  const extra = extraIds.length
    ? await db
        .select({ id: players.id, name: players.name, team: players.team, role: players.role })
        .from(players)
        .where(inArray(players.id, extraIds))
    : [];
  const teamOf = new Map(stats.map((s) => [s.playerId, s.teamName]));
  return {
    match,
    players: [...teamPlayers, ...extra].map((p) => ({ ...p, team: teamOf.get(p.id) ?? p.team })),
    stats,
    objectives,
    games,
    seriesMvpPlayerId: mvp[0]?.playerId ?? null,
    rules,
  };
}

/**
 * One save of a match's statistics, in one transaction (admin spec "Match statistics editor"):
 * series result, per-game winners, player stats of both teams, team objectives, series MVP; then
 * every game's points are computed and the rosters that held the players at match start are updated.
 */
export async function saveMatchStats(
  db: Database,
  actor: AuditActor,
  matchId: string,
  input: SaveMatchStatsInput,
  confirmClosedWeek = false,
) {
  try {
    const saved = await db.transaction(async (tx) => {
      const { result, rostersUpdated, pending } = await withMatchPoints(
        tx,
        matchId,
        async ({ match }) => {
          const teams = [match.team1, match.team2];
          if (!isValidSeries(match.matchFormat, input.gamesPlayed)) {
            throw badRequest(MESSAGES.matches.invalidSeriesResult, 'INVALID_SERIES');
          }
          if (!input.winner) throw badRequest(MESSAGES.matches.selectSeriesWinner, 'MISSING_WINNER');
          if (!teams.includes(input.winner)) throw badRequest(MESSAGES.stats.winnerNotInMatch);

          const games = input.games.filter((g) => g.gameNumber <= input.gamesPlayed);
          const playerIds = [...new Set(games.flatMap((g) => g.players.map((p) => p.playerId)))];
          const roster = playerIds.length
            ? await tx
                .select({ id: players.id, team: players.team })
                .from(players)
                .where(inArray(players.id, playerIds))
            : [];
          const previous = await tx
            .select({ playerId: playerStats.playerId, teamName: playerStats.teamName })
            .from(playerStats)
            .where(eq(playerStats.matchId, matchId));
          // a player keeps the team he played for in this match, even if he has moved since
          const teamOf = new Map(roster.map((p) => [p.id, p.team]));
          for (const p of previous) teamOf.set(p.playerId, p.teamName);
          for (const id of playerIds) {
            const team = teamOf.get(id);
            if (!team || !teams.includes(team))
              throw badRequest('Giocatore non appartenente alle squadre del match');
          }
          for (const g of games) {
            if (g.winner && !teams.includes(g.winner)) throw badRequest(MESSAGES.stats.winnerNotInMatch);
            for (const o of g.objectives) {
              if (!teams.includes(o.teamName)) throw badRequest(MESSAGES.stats.winnerNotInMatch);
            }
            assertExclusiveFirsts(g.gameNumber, g.objectives);
            const both = g.objectives.length === 2 ? g.objectives : [];
            if (
              both.length === 2 &&
              ((both[0]!.heralds > 0 && both[1]!.heralds > 0) ||
                (both[0]!.athakan && both[1]!.athakan) ||
                (both[0]!.firstTower && both[1]!.firstTower))
            ) {
              throw badRequest(EXCLUSIVE_OBJECTIVES_MESSAGE);
            }
          }
          if (input.seriesMvpPlayerId && teamOf.get(input.seriesMvpPlayerId) !== input.winner) {
            const [mvpPlayer] = await tx
              .select()
              .from(players)
              .where(eq(players.id, input.seriesMvpPlayerId));
            if (!mvpPlayer || (teamOf.get(mvpPlayer.id) ?? mvpPlayer.team) !== input.winner) {
              throw badRequest(MESSAGES.matches.seriesMvpNotOnWinner);
            }
          }

          await tx.delete(playerStats).where(eq(playerStats.matchId, matchId));
          await tx.delete(teamObjectives).where(eq(teamObjectives.matchId, matchId));
          await tx.delete(matchGames).where(eq(matchGames.matchId, matchId));
          await tx.delete(seriesMvp).where(eq(seriesMvp.matchId, matchId));

          for (const g of games) {
            await tx.insert(matchGames).values({ matchId, gameNumber: g.gameNumber, winner: g.winner });
            if (g.players.length > 0) {
              await tx.insert(playerStats).values(
                g.players.map(({ playerId, ...s }) => ({
                  ...s,
                  matchId,
                  playerId,
                  gameNumber: g.gameNumber,
                  teamName: teamOf.get(playerId)!,
                })),
              );
            }
            if (g.objectives.length > 0) {
              await tx
                .insert(teamObjectives)
                .values(g.objectives.map((o) => ({ ...o, matchId, gameNumber: g.gameNumber })));
            }
          }
          if (input.seriesMvpPlayerId) {
            await tx.insert(seriesMvp).values({
              matchId,
              playerId: input.seriesMvpPlayerId,
              leagueId: match.leagueId,
              weekId: match.weekId,
              matchDay: match.matchDay,
            });
          }
          const [updated] = await tx
            .update(matches)
            .set({
              gamesPlayed: input.gamesPlayed,
              winner: input.winner,
              completed: true,
              updatedAt: new Date(),
            })
            .where(and(eq(matches.id, matchId)))
            .returning();
          await scoreMatch(tx, matchId, await rulesForLeague(tx, match.leagueId));
          await writeAudit(tx, actor, {
            action: 'SAVE_MATCH_STATISTICS',
            tableName: 'player_stats',
            recordId: matchId,
            oldValues: { gamesPlayed: match.gamesPlayed, winner: match.winner, completed: match.completed },
            newValues: { gamesPlayed: input.gamesPlayed, winner: input.winner, games: games.length },
          });
          return updated!;
        },
        { action: 'stats', confirmClosedWeek, actor },
      );
      return { match: result, rostersUpdated, pending };
    });
    foldAfter(db, saved.match.leagueId, saved.pending);
    return saved;
  } catch (err) {
    if (isUniqueViolation(err, 'series_mvp_match_key')) throw conflict(MESSAGES.matches.seriesMvpDuplicate);
    throw err;
  }
}

/** The Series MVP tab's own save: set or clear (null) the series MVP of a completed or pending match. */
export async function setSeriesMvp(
  db: Database,
  actor: AuditActor,
  matchId: string,
  playerId: string | null,
  confirmClosedWeek = false,
) {
  try {
    const saved = await db.transaction(async (tx) => {
      const {
        result: leagueId,
        rostersUpdated,
        pending,
      } = await withMatchPoints(
        tx,
        matchId,
        async ({ match }) => {
          if (playerId) {
            if (!match.winner) throw badRequest(MESSAGES.matches.selectSeriesWinner);
            const [p] = await tx.select().from(players).where(eq(players.id, playerId));
            const [played] = await tx
              .select({ teamName: playerStats.teamName })
              .from(playerStats)
              .where(and(eq(playerStats.matchId, matchId), eq(playerStats.playerId, playerId)))
              .limit(1);
            if (!p || (played?.teamName ?? p.team) !== match.winner) {
              throw badRequest(MESSAGES.matches.seriesMvpNotOnWinner);
            }
          }
          const [old] = await tx.delete(seriesMvp).where(eq(seriesMvp.matchId, matchId)).returning();
          if (playerId) {
            await tx.insert(seriesMvp).values({
              matchId,
              playerId,
              leagueId: match.leagueId,
              weekId: match.weekId,
              matchDay: match.matchDay,
            });
          }
          await writeAudit(tx, actor, {
            action: playerId ? 'SET_SERIES_MVP' : 'REMOVE_SERIES_MVP',
            tableName: 'series_mvp',
            recordId: matchId,
            oldValues: old ?? null,
            newValues: playerId ? { playerId } : null,
          });
          return match.leagueId;
        },
        { action: 'stats', confirmClosedWeek, actor },
      );
      return { rostersUpdated, leagueId, pending };
    });
    foldAfter(db, saved.leagueId, saved.pending);
    return saved;
  } catch (err) {
    if (isUniqueViolation(err, 'series_mvp_match_key')) throw conflict(MESSAGES.matches.seriesMvpDuplicate);
    throw err;
  }
}
