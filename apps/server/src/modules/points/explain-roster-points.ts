import {
  type CaptainRole,
  captainBonus,
  captainLineLabel,
  championBonusParts,
  isPerfectSeries,
  type MatchFormat,
  MESSAGES,
  POINTS_LINE_LABELS,
  type PointsLineKind,
  playerGamePointsLines,
  type Role,
  type ScoringRules,
} from '@fantarift/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  champions,
  matches,
  matchGames,
  playerStats,
  players,
  rosterCaptains,
  rosterChampions,
  rosterPlayers,
  type rosters,
  seriesMvp,
  teamObjectives,
  weeks,
} from '../../db/schema.ts';
import { weekPointsWithPending } from './pending-points.ts';
import { rulesForLeague } from './scoring-rules.ts';
import { playerStatCounts } from './stat-columns.ts';

/**
 * "Why these points" (issue 14, item 1): one roster's points per week, per match and per player, line by
 * line, from the same facts and the same rules as the points engine (`roster-points.ts`):
 *
 * - a player counts for a match when the roster held him at its start (DECISIONS 14): his stored game
 *   points (explained line by line by the core's `playerGamePointsLines`), the champion bonus of each game
 *   where he played a champion the roster also held at the start (DECISIONS 12), the series MVP points
 *   (DECISIONS 13, only when he has stats in the match, as the engine counts them);
 * - a player or champion the roster bought after the match started (within the match's week) is listed
 *   with 0 points and the reason, instead of a silent zero;
 * - each week shows its stored points; if the explanation ever differed from them (rules changed and not
 *   recalculated yet) the difference is its own line, so what is shown always adds up to the stored totals;
 * - the total is the stored weeks plus the admin adjustment (DECISIONS 15), shown as its own line.
 *
 * Cost: everything is read by the roster's id or by the league's weeks and completed matches through
 * their indexes (holdings by `roster_*_roster_idx`, week rows by the (week, roster) primary key, stats by
 * `player_stats_key` for the roster's players only); no query looks at the league's other rosters.
 */

export interface ExplainedLine {
  kind: PointsLineKind;
  label: string;
  count: number | null;
  per: number | null;
  points: number;
}

export type HoldingStatus = 'held' | 'boughtAfterStart';

export interface ExplainedGame {
  gameNumber: number;
  teamName: string;
  teamWon: boolean;
  champion: { id: string; name: string; tier: number } | null;
  /** whether the roster held the champion at the match start; null when no champion was recorded */
  championStatus: HoldingStatus | 'notHeld' | null;
  /** the stored game points (the same for every roster) */
  gamePoints: number;
  lines: ExplainedLine[];
  championBonus: { matchBonus: number; winBonus: number } | null;
  /** game points + champion bonus */
  points: number;
}

export interface ExplainedPlayer {
  playerId: string;
  name: string;
  team: string;
  role: Role;
  status: HoldingStatus;
  games: ExplainedGame[];
  seriesMvpPoints: number | null;
  points: number;
}

export interface ExplainedMatch {
  matchId: string;
  date: Date;
  team1: string;
  team2: string;
  matchFormat: number;
  gamesPlayed: number | null;
  winner: string | null;
  players: ExplainedPlayer[];
  /** champions bought after the match started that a held player played: 0 points, with the reason */
  lateChampions: { championId: string; name: string; playerName: string }[];
  points: number;
}

export interface ExplainedWeek {
  weekId: string;
  weekNumber: number;
  name: string;
  matches: ExplainedMatch[];
  /** the stored week points (roster_week_points) */
  points: number;
  /** the weekly captain's bonus (issue 29): whose points were multiplied, and what it added */
  captain: ExplainedCaptain | null;
  /** stored − explained: 0 unless the rules changed since the points were computed */
  unexplained: number;
}

export interface ExplainedCaptain {
  role: CaptainRole;
  playerId: string;
  name: string;
  multiplier: number;
  /** his player points of the week for this roster (games held at the start, series MVP; no champion bonus) */
  playerPoints: number;
  bonus: number;
  /** "Capitano ×2 (Caps)" */
  label: string;
}

export interface ExplainedRosterPoints {
  rosterId: string;
  username: string;
  weeks: ExplainedWeek[];
  weeksTotal: number;
  adjustment: number;
  totalPoints: number;
}

/** Integer cents: every stored value has at most two decimals, so sums in cents are exact. */
const toCents = (v: number) => Math.round(v * 100);
const fromCents = (c: number) => (c === 0 ? 0 : c / 100);

interface Interval {
  acquiredAt: Date;
  releasedAt: Date | null;
}
const heldAt = (intervals: Interval[] | undefined, at: Date) =>
  Boolean(intervals?.some((h) => h.acquiredAt <= at && (h.releasedAt === null || h.releasedAt > at)));
/** bought after the match started, but within the match's week (before the day after its end date) */
const boughtAfter = (intervals: Interval[] | undefined, at: Date, weekEnd: Date) =>
  Boolean(intervals?.some((h) => h.acquiredAt > at && h.acquiredAt < weekEnd));

function group<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

export async function explainRosterPoints(
  db: DbOrTx,
  roster: typeof rosters.$inferSelect,
  rulesIn?: ScoringRules,
): Promise<ExplainedRosterPoints> {
  const rules = rulesIn ?? (await rulesForLeague(db, roster.leagueId));
  // sequential: inside a transaction there is one connection
  const leagueWeeks = await db
    .select({
      id: weeks.id,
      weekNumber: weeks.weekNumber,
      name: weeks.name,
      endDate: weeks.endDate,
    })
    .from(weeks)
    .where(eq(weeks.leagueId, roster.leagueId))
    .orderBy(asc(weeks.weekNumber));
  const weekIds = leagueWeeks.map((w) => w.id);
  const stored = await weekPointsWithPending(db, roster.leagueId, [roster.id], weekIds);
  const heldPlayers = await db
    .select({
      playerId: rosterPlayers.playerId,
      acquiredAt: rosterPlayers.acquiredAt,
      releasedAt: rosterPlayers.releasedAt,
      name: players.name,
      team: players.team,
      role: players.role,
    })
    .from(rosterPlayers)
    .innerJoin(players, eq(players.id, rosterPlayers.playerId))
    .where(eq(rosterPlayers.rosterId, roster.id));
  const heldChampions = await db
    .select({
      championId: rosterChampions.championId,
      acquiredAt: rosterChampions.acquiredAt,
      releasedAt: rosterChampions.releasedAt,
    })
    .from(rosterChampions)
    .where(eq(rosterChampions.rosterId, roster.id));
  const completed = await db
    .select()
    .from(matches)
    .where(and(eq(matches.leagueId, roster.leagueId), eq(matches.completed, true)))
    .orderBy(asc(matches.date), asc(matches.id));

  const choices = await db
    .select({
      weekNumber: weeks.weekNumber,
      captainPlayerId: rosterCaptains.captainPlayerId,
      vicePlayerId: rosterCaptains.vicePlayerId,
    })
    .from(rosterCaptains)
    .innerJoin(weeks, eq(weeks.id, rosterCaptains.weekId))
    .where(eq(rosterCaptains.rosterId, roster.id))
    .orderBy(asc(weeks.weekNumber));
  const completeWeeks =
    choices.length === 0
      ? new Set<string>()
      : new Set(
          (
            await db.execute<{ week_id: string }>(sql`
              select week_id from matches where league_id = ${roster.leagueId}
              group by week_id having bool_and(completed)`)
          ).rows.map((r) => r.week_id),
        );

  const playerIds = [...new Set(heldPlayers.map((h) => h.playerId))];
  const matchIds = completed.map((m) => m.id);
  const stats =
    playerIds.length === 0 || matchIds.length === 0
      ? []
      : await db
          .select({
            matchId: playerStats.matchId,
            playerId: playerStats.playerId,
            gameNumber: playerStats.gameNumber,
            teamName: playerStats.teamName,
            championId: playerStats.championId,
            ...playerStatCounts,
            championName: champions.name,
            championTier: champions.tier,
          })
          .from(playerStats)
          .leftJoin(champions, eq(champions.id, playerStats.championId))
          .where(and(inArray(playerStats.matchId, matchIds), inArray(playerStats.playerId, playerIds)))
          .orderBy(asc(playerStats.gameNumber));
  const playedMatchIds = [...new Set(stats.map((s) => s.matchId))];
  const [objectives, games, mvps] =
    playedMatchIds.length === 0
      ? [[], [], []]
      : [
          await db.select().from(teamObjectives).where(inArray(teamObjectives.matchId, playedMatchIds)),
          await db.select().from(matchGames).where(inArray(matchGames.matchId, playedMatchIds)),
          await db
            .select({ matchId: seriesMvp.matchId, playerId: seriesMvp.playerId })
            .from(seriesMvp)
            .where(inArray(seriesMvp.matchId, playedMatchIds)),
        ];

  const playerIntervals = group(heldPlayers, (h) => h.playerId);
  const championIntervals = group(heldChampions, (h) => h.championId);
  const playerInfo = new Map(heldPlayers.map((h) => [h.playerId, h]));
  const statsByMatch = group(stats, (s) => s.matchId);
  const objectiveOf = new Map(objectives.map((o) => [`${o.matchId}|${o.gameNumber}|${o.teamName}`, o]));
  const gameWinner = new Map(games.map((g) => [`${g.matchId}|${g.gameNumber}`, g.winner]));
  const mvpOf = new Map(mvps.map((m) => [m.matchId, m.playerId]));
  const weekById = new Map(leagueWeeks.map((w) => [w.id, w]));
  const storedByWeek = stored.get(roster.id) ?? new Map<string, number>();

  const matchesByWeek = new Map<string, ExplainedMatch[]>();
  const centsByWeek = new Map<string, number>();
  /** per week, each held player's points in the games he counted for (no champion bonus): the captain's */
  const playerCentsByWeek = new Map<string, Map<string, number>>();
  for (const match of completed) {
    const week = weekById.get(match.weekId);
    const matchStats = statsByMatch.get(match.id);
    if (!week || !matchStats) continue;
    const weekEnd = new Date(`${week.endDate}T00:00:00Z`);
    weekEnd.setUTCDate(weekEnd.getUTCDate() + 1);
    const perfect =
      match.gamesPlayed !== null && isPerfectSeries(match.matchFormat as MatchFormat, match.gamesPlayed);
    const explainedPlayers: ExplainedPlayer[] = [];
    const lateChampions: ExplainedMatch['lateChampions'] = [];
    let matchCents = 0;
    for (const [playerId, rows] of group(matchStats, (s) => s.playerId)) {
      const info = playerInfo.get(playerId)!;
      const base = { playerId, name: info.name, team: info.team, role: info.role as Role };
      const intervals = playerIntervals.get(playerId);
      if (!heldAt(intervals, match.date)) {
        if (boughtAfter(intervals, match.date, weekEnd)) {
          explainedPlayers.push({
            ...base,
            status: 'boughtAfterStart',
            games: [],
            seriesMvpPoints: null,
            points: 0,
          });
        }
        continue;
      }
      let playerCents = 0;
      const explainedGames: ExplainedGame[] = rows.map((s) => {
        const gamePoints = s.points ?? 0;
        const { lines, total } = playerGamePointsLines(
          {
            stats: s,
            teamObjectives: objectiveOf.get(`${match.id}|${s.gameNumber}|${s.teamName}`) ?? null,
            perfectSeriesWinner: perfect && match.winner === s.teamName,
          },
          rules,
        );
        const explained: ExplainedLine[] = lines.map((l) => ({ ...l, label: POINTS_LINE_LABELS[l.kind] }));
        const drift = toCents(gamePoints) - toCents(total);
        if (drift !== 0) {
          explained.push({
            kind: 'rounding',
            label: MESSAGES.leagueMatches.unexplained,
            count: null,
            per: null,
            points: fromCents(drift),
          });
        }
        const teamWon = (gameWinner.get(`${match.id}|${s.gameNumber}`) ?? null) === s.teamName;
        let championStatus: ExplainedGame['championStatus'] = null;
        let bonus: ExplainedGame['championBonus'] = null;
        if (s.championId && s.championTier !== null) {
          const champIntervals = championIntervals.get(s.championId);
          if (heldAt(champIntervals, match.date)) {
            championStatus = 'held';
            bonus = championBonusParts(s.championTier, teamWon, rules);
          } else if (boughtAfter(champIntervals, match.date, weekEnd)) {
            championStatus = 'boughtAfterStart';
            if (!lateChampions.some((c) => c.championId === s.championId && c.playerName === info.name)) {
              lateChampions.push({
                championId: s.championId,
                name: s.championName ?? '',
                playerName: info.name,
              });
            }
          } else {
            championStatus = 'notHeld';
          }
        }
        const gameCents =
          toCents(gamePoints) + (bonus ? toCents(bonus.matchBonus) + toCents(bonus.winBonus) : 0);
        playerCents += gameCents;
        return {
          gameNumber: s.gameNumber,
          teamName: s.teamName,
          teamWon,
          champion:
            s.championId && s.championName !== null && s.championTier !== null
              ? { id: s.championId, name: s.championName, tier: s.championTier }
              : null,
          championStatus,
          gamePoints,
          lines: explained,
          championBonus: bonus,
          points: fromCents(gameCents),
        };
      });
      const isMvp = mvpOf.get(match.id) === playerId;
      if (isMvp) playerCents += toCents(rules.seriesMvpPoints);
      const weekPlayers = playerCentsByWeek.get(week.id) ?? new Map<string, number>();
      weekPlayers.set(
        playerId,
        (weekPlayers.get(playerId) ?? 0) +
          rows.reduce((sum, s) => sum + toCents(s.points ?? 0), 0) +
          (isMvp ? toCents(rules.seriesMvpPoints) : 0),
      );
      playerCentsByWeek.set(week.id, weekPlayers);
      matchCents += playerCents;
      explainedPlayers.push({
        ...base,
        status: 'held',
        games: explainedGames,
        seriesMvpPoints: isMvp ? rules.seriesMvpPoints : null,
        points: fromCents(playerCents),
      });
    }
    if (explainedPlayers.length === 0) continue;
    explainedPlayers.sort((a, b) =>
      a.status === b.status ? a.name.localeCompare(b.name) : a.status === 'held' ? -1 : 1,
    );
    const list = matchesByWeek.get(week.id) ?? [];
    list.push({
      matchId: match.id,
      date: match.date,
      team1: match.team1,
      team2: match.team2,
      matchFormat: match.matchFormat,
      gamesPlayed: match.gamesPlayed,
      winner: match.winner,
      players: explainedPlayers,
      lateChampions,
      points: fromCents(matchCents),
    });
    matchesByWeek.set(week.id, list);
    centsByWeek.set(week.id, (centsByWeek.get(week.id) ?? 0) + matchCents);
  }

  /** the core's rule on the week's choice in force (the roster's choice for the latest week up to it) */
  const captainOf = (w: (typeof leagueWeeks)[number]): ExplainedCaptain | null => {
    const choice = choices.filter((c) => c.weekNumber <= w.weekNumber).at(-1);
    if (!choice) return null;
    const points = playerCentsByWeek.get(w.id);
    const of = (playerId: string | null) =>
      playerId === null
        ? null
        : { played: points?.has(playerId) ?? false, points: fromCents(points?.get(playerId) ?? 0) };
    const bonus = captainBonus(
      {
        captain: of(choice.captainPlayerId),
        vice: of(choice.vicePlayerId),
        weekComplete: completeWeeks.has(w.id),
      },
      rules,
    );
    if (!bonus) return null;
    const playerId = bonus.role === 'captain' ? choice.captainPlayerId : choice.vicePlayerId!;
    const name = playerInfo.get(playerId)?.name ?? '';
    return {
      role: bonus.role,
      playerId,
      name,
      multiplier: bonus.multiplier,
      playerPoints: bonus.playerPoints,
      bonus: bonus.bonus,
      label: captainLineLabel(bonus.role, bonus.multiplier, name),
    };
  };
  const explainedWeeks: ExplainedWeek[] = leagueWeeks
    .filter((w) => matchesByWeek.has(w.id) || storedByWeek.has(w.id))
    .map((w) => {
      const storedCents = toCents(storedByWeek.get(w.id) ?? 0);
      const captain = captainOf(w);
      const explainedCents = (centsByWeek.get(w.id) ?? 0) + (captain ? toCents(captain.bonus) : 0);
      return {
        weekId: w.id,
        weekNumber: w.weekNumber,
        name: w.name,
        matches: matchesByWeek.get(w.id) ?? [],
        points: fromCents(storedCents),
        captain,
        unexplained: fromCents(storedCents - explainedCents),
      };
    });
  const weeksCents = explainedWeeks.reduce((sum, w) => sum + toCents(w.points), 0);
  return {
    rosterId: roster.id,
    username: roster.username,
    weeks: explainedWeeks,
    weeksTotal: fromCents(weeksCents),
    adjustment: roster.pointsAdjustment,
    totalPoints: roster.totalPoints,
  };
}
