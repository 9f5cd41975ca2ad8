import { MESSAGES, type Role, round1 } from '@fantarift/core';
import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { playerColumns } from '../../db/columns.ts';
import {
  champions,
  leagues,
  matches,
  matchGames,
  playerStats,
  players,
  rosterPlayers,
  seriesMvp,
  weeks,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { playerStatCounts } from '../points/index.ts';

/**
 * The real matches behind the points (issue 14, item 2), as participants see them: a league's weeks with
 * their matches, one match's games with every player's statistics and game points, and a player's card
 * (recent points, average, upcoming matches, ownership). Read-only; every query is bounded by a league's
 * matches or one player's statistics, never by its rosters, except the ownership count (index-only, on
 * `roster_players_league_player_held_idx`).
 */

export async function requireLeague(db: DbOrTx, leagueId: string) {
  const [league] = await db
    .select({ id: leagues.id, participantCount: leagues.participantCount })
    .from(leagues)
    .where(eq(leagues.id, leagueId));
  if (!league) throw notFound(MESSAGES.market.leagueNotFound, 'LEAGUE_NOT_FOUND');
  return league;
}

type MatchRow = typeof matches.$inferSelect;

/** Games won by each side, from the per-game winners (null before any is known). */
async function scores(db: DbOrTx, rows: MatchRow[]) {
  const ids = rows.map((m) => m.id);
  const games =
    ids.length === 0 ? [] : await db.select().from(matchGames).where(inArray(matchGames.matchId, ids));
  const byMatch = new Map<string, { team1: number; team2: number }>();
  for (const m of rows) {
    const won = games.filter((g) => g.matchId === m.id && g.winner !== null);
    if (won.length === 0) continue;
    byMatch.set(m.id, {
      team1: won.filter((g) => g.winner === m.team1).length,
      team2: won.filter((g) => g.winner === m.team2).length,
    });
  }
  return byMatch;
}

function matchSummary(m: MatchRow, score: { team1: number; team2: number } | undefined) {
  return {
    id: m.id,
    weekId: m.weekId,
    date: m.date,
    team1: m.team1,
    team2: m.team2,
    matchDay: m.matchDay,
    matchFormat: m.matchFormat,
    completed: m.completed,
    gamesPlayed: m.gamesPlayed,
    winner: m.winner,
    score: score ?? null,
  };
}

export async function listLeagueMatches(db: DbOrTx, leagueId: string) {
  await requireLeague(db, leagueId);
  const leagueWeeks = await db
    .select({
      id: weeks.id,
      weekNumber: weeks.weekNumber,
      name: weeks.name,
      startDate: weeks.startDate,
      endDate: weeks.endDate,
      isClosed: weeks.isClosed,
    })
    .from(weeks)
    .where(eq(weeks.leagueId, leagueId))
    .orderBy(asc(weeks.weekNumber));
  const rows = await db
    .select()
    .from(matches)
    .where(eq(matches.leagueId, leagueId))
    .orderBy(asc(matches.date), asc(matches.matchDay), asc(matches.id));
  const score = await scores(db, rows);
  return leagueWeeks.map((w) => ({
    ...w,
    matches: rows.filter((m) => m.weekId === w.id).map((m) => matchSummary(m, score.get(m.id))),
  }));
}

export async function leagueMatchDetail(db: DbOrTx, leagueId: string, matchId: string) {
  const [match] = await db
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), eq(matches.leagueId, leagueId)));
  if (!match) throw notFound(MESSAGES.leagueMatches.matchNotFound, 'MATCH_NOT_FOUND');
  const score = await scores(db, [match]);
  // statistics of a match not completed are a draft of the editor: not shown, and worth no points yet
  const stats = match.completed
    ? await db
        .select({
          gameNumber: playerStats.gameNumber,
          playerId: playerStats.playerId,
          name: players.name,
          role: players.role,
          team: playerStats.teamName,
          championId: champions.id,
          championName: champions.name,
          championTier: champions.tier,
          ...playerStatCounts,
        })
        .from(playerStats)
        .innerJoin(players, eq(players.id, playerStats.playerId))
        .leftJoin(champions, eq(champions.id, playerStats.championId))
        .where(eq(playerStats.matchId, match.id))
        .orderBy(asc(playerStats.gameNumber), asc(playerStats.teamName), asc(players.name))
    : [];
  const winners = await db.select().from(matchGames).where(eq(matchGames.matchId, match.id));
  const [mvp] = match.completed
    ? await db
        .select({ playerId: seriesMvp.playerId, name: players.name })
        .from(seriesMvp)
        .innerJoin(players, eq(players.id, seriesMvp.playerId))
        .where(eq(seriesMvp.matchId, match.id))
    : [];
  const roleOrder = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'];
  const gameNumbers = [...new Set(stats.map((s) => s.gameNumber))].sort((a, b) => a - b);
  return {
    match: matchSummary(match, score.get(match.id)),
    seriesMvp: mvp ?? null,
    games: gameNumbers.map((gameNumber) => ({
      gameNumber,
      winner: winners.find((g) => g.gameNumber === gameNumber)?.winner ?? null,
      players: stats
        .filter((s) => s.gameNumber === gameNumber)
        .sort(
          (a, b) =>
            (a.team === match.team1 ? 0 : 1) - (b.team === match.team1 ? 0 : 1) ||
            roleOrder.indexOf(a.role) - roleOrder.indexOf(b.role),
        )
        .map(({ championId, championName, championTier, gameNumber: _g, points, ...s }) => ({
          ...s,
          role: s.role as Role,
          champion:
            championId && championName !== null && championTier !== null
              ? { id: championId, name: championName, tier: championTier }
              : null,
          points: points ?? 0,
        })),
    })),
  };
}

const RECENT_MATCHES = 5;
const UPCOMING_MATCHES = 5;

/** The player dialog: who he is, his recent points per game, his average, what is next, how many hold him. */
export async function leaguePlayerCard(db: DbOrTx, leagueId: string, playerId: string, now: Date) {
  const league = await requireLeague(db, leagueId);
  const [player] = await db
    .select({ ...playerColumns, imageUrl: players.imageUrl })
    .from(players)
    .where(eq(players.id, playerId));
  if (!player) throw notFound(MESSAGES.leagueMatches.playerNotFound, 'PLAYER_NOT_FOUND');

  // his games in the league's completed matches (through player_stats_player_idx: one player's rows)
  const games = await db
    .select({
      matchId: matches.id,
      date: matches.date,
      team1: matches.team1,
      team2: matches.team2,
      gameNumber: playerStats.gameNumber,
      team: playerStats.teamName,
      championName: champions.name,
      points: playerStats.points,
    })
    .from(playerStats)
    .innerJoin(matches, eq(matches.id, playerStats.matchId))
    .leftJoin(champions, eq(champions.id, playerStats.championId))
    .where(
      and(eq(playerStats.playerId, playerId), eq(matches.leagueId, leagueId), eq(matches.completed, true)),
    )
    .orderBy(desc(matches.date), desc(matches.id), asc(playerStats.gameNumber));
  const recent: {
    matchId: string;
    date: Date;
    opponent: string;
    games: { gameNumber: number; championName: string | null; points: number }[];
    points: number;
  }[] = [];
  for (const g of games) {
    let entry = recent.find((r) => r.matchId === g.matchId);
    if (!entry) {
      if (recent.length === RECENT_MATCHES) continue;
      entry = {
        matchId: g.matchId,
        date: g.date,
        opponent: g.team === g.team1 ? g.team2 : g.team1,
        games: [],
        points: 0,
      };
      recent.push(entry);
    }
    entry.games.push({ gameNumber: g.gameNumber, championName: g.championName, points: g.points ?? 0 });
    entry.points = round1(entry.points + (g.points ?? 0));
  }
  const total = games.reduce((sum, g) => sum + (g.points ?? 0), 0);

  const upcoming = await db
    .select({
      id: matches.id,
      date: matches.date,
      team1: matches.team1,
      team2: matches.team2,
      matchFormat: matches.matchFormat,
    })
    .from(matches)
    .where(
      and(
        eq(matches.leagueId, leagueId),
        eq(matches.completed, false),
        gte(matches.date, now),
        or(eq(matches.team1, player.team), eq(matches.team2, player.team)),
      ),
    )
    .orderBy(asc(matches.date))
    .limit(UPCOMING_MATCHES);

  const [held] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rosterPlayers)
    .where(
      and(
        eq(rosterPlayers.leagueId, leagueId),
        eq(rosterPlayers.playerId, playerId),
        isNull(rosterPlayers.releasedAt),
      ),
    );
  const holders = Number(held?.n ?? 0);
  const participants = league.participantCount;
  return {
    player: { ...player, role: player.role as Role },
    recentMatches: recent,
    gamesPlayed: games.length,
    averagePerGame: games.length === 0 ? null : round1(total / games.length),
    upcoming,
    ownership: {
      holders,
      participants,
      percent: participants === 0 ? 0 : round1((holders / participants) * 100),
    },
  };
}
