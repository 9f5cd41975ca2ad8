import { randomUUID } from 'node:crypto';
import { INT4_MAX, IMPORT_MESSAGES as M, type Role, type TeamObjectives } from '@fantarift/core';
import { eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../../../db/client.ts';
import {
  champions,
  leagues,
  matches,
  matchGames,
  playerStats,
  players,
  teamAliases,
  teamObjectives,
  weeks,
} from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { FILE_STAT_FIELDS, type FileStats, nameKey, type OeGame, type OePlayer } from './games.ts';
import { MAX_SERIES_GAMES } from './limits.ts';
import type { OeSeries } from './series.ts';

export type SeriesStatus = 'new' | 'updated' | 'unchanged' | 'skipped';

export interface PlannedWeek {
  id: string;
  weekNumber: number;
  name: string;
  startDate: string;
  endDate: string;
  isClosed: boolean;
  created: boolean;
}

export interface PlannedPlayerStat extends FileStats {
  playerId: string;
  teamName: string;
  championId: string | null;
}

export interface PlannedGame {
  gameNumber: number;
  winner: string;
  players: PlannedPlayerStat[];
  objectives: (TeamObjectives & { teamName: string })[];
}

export interface PlannedSeries {
  series: OeSeries;
  status: SeriesStatus;
  reason: string | null;
  team1: string | null;
  team2: string | null;
  /** the league teams of the file's two teams, in the file's order (team1/team2 follow an existing match) */
  mappedTeams: [string | null, string | null];
  week: PlannedWeek | null;
  matchId: string | null;
  /** the match exists already (scheduled by the admin or imported before) */
  existing: boolean;
  matchDay: number;
  completed: boolean;
  winner: string | null;
  games: PlannedGame[];
  /** game numbers whose stored data differs from the file's */
  changedGames: number[];
  /** stored game numbers the file does not have */
  staleGames: number[];
}

export interface NewPlayer {
  id: string;
  name: string;
  team: string;
  role: Role;
  oePlayerId: string | null;
}

export interface ImportPlan {
  leagueTeams: string[];
  series: PlannedSeries[];
  unmatchedTeams: { name: string; games: number }[];
  newPlayers: NewPlayer[];
  /** existing players whose file id is remembered now */
  playerIdsToRemember: { id: string; oePlayerId: string }[];
  playersMatched: number;
  newWeeks: PlannedWeek[];
  /** teamMap entries used by this import, to remember as aliases */
  aliasesToRemember: { alias: string; teamName: string }[];
  warnings: string[];
}

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY));

/** A game's team objectives as the file and the editor give them (team_objectives' columns). */
export const OBJECTIVE_FIELDS = [
  'dragons',
  'barons',
  'elders',
  'heralds',
  'towers',
  'larvas',
  'firstBlood',
  'firstDrake',
  'firstBaron',
  'firstHerald',
  'firstElder',
  'firstTower',
  'athakan',
] as const;

/**
 * What an import would do, read inside the caller's transaction: the file's teams, players and
 * champions matched to ours, each series given its week (existing or to create) and its match (an
 * existing one of that week with the same two teams on the same day, or a new one), and each game
 * compared with what is stored, so that an unchanged series writes nothing.
 */
export async function planImport(
  tx: Transaction,
  p: {
    leagueId: string;
    series: OeSeries[];
    teamMap: Record<string, string>;
    includeIncomplete: boolean;
    absentColumns: string[];
  },
): Promise<ImportPlan> {
  const [league] = await tx.select().from(leagues).where(eq(leagues.id, p.leagueId));
  if (!league) throw notFound(M.leagueNotFound, 'LEAGUE_NOT_FOUND');
  const warnings: string[] = [];
  if (p.absentColumns.length > 0) warnings.push(M.absentColumns(p.absentColumns));

  // ---- teams: the admin's teamMap, then the league's names, then remembered aliases
  const leagueTeamByKey = new Map(league.teams.map((t) => [nameKey(t), t]));
  const mapped = new Map<string, string>();
  for (const [fileName, target] of Object.entries(p.teamMap)) {
    const team = league.teams.includes(target) ? target : leagueTeamByKey.get(nameKey(target));
    if (!team) throw badRequest(M.teamMapTarget(target), 'IMPORT_TEAM_MAP');
    mapped.set(nameKey(fileName), team);
  }
  const aliasRows = await tx.select().from(teamAliases).where(eq(teamAliases.leagueId, league.id));
  const aliasByKey = new Map(
    aliasRows.filter((a) => league.teams.includes(a.teamName)).map((a) => [a.aliasKey, a.teamName]),
  );
  const teamOf = (fileName: string) => {
    const key = nameKey(fileName);
    return mapped.get(key) ?? leagueTeamByKey.get(key) ?? aliasByKey.get(key) ?? null;
  };
  const unmatched = new Map<string, number>();
  const aliasesToRemember = new Map<string, { alias: string; teamName: string }>();
  for (const s of p.series) {
    for (const name of s.teams) {
      const team = teamOf(name);
      if (!team) unmatched.set(name, (unmatched.get(name) ?? 0) + s.games.length);
      else if (mapped.has(nameKey(name)) && leagueTeamByKey.get(nameKey(name)) !== team) {
        aliasesToRemember.set(nameKey(name), { alias: name.slice(0, 200), teamName: team });
      }
    }
  }

  // ---- players, champions, weeks and matches of the league
  const playerRows = await tx
    .select({
      id: players.id,
      name: players.name,
      team: players.team,
      role: players.role,
      oePlayerId: players.oePlayerId,
    })
    .from(players);
  const byOeId = new Map<string, (typeof playerRows)[number]>();
  const byName = new Map<string, (typeof playerRows)[number][]>();
  for (const row of playerRows) {
    if (row.oePlayerId) byOeId.set(row.oePlayerId, row);
    const key = nameKey(row.name);
    const list = byName.get(key);
    if (list) list.push(row);
    else byName.set(key, [row]);
  }
  const claimed = new Map<string, string>();
  const resolvedPlayers = new Map<string, string>();
  const newPlayers: NewPlayer[] = [];
  const playerIdsToRemember: { id: string; oePlayerId: string }[] = [];
  let playersMatched = 0;
  const resolvePlayer = (pl: OePlayer, team: string): string => {
    const fileKey = pl.playerId || `${nameKey(pl.name)}@${team}`;
    const known = resolvedPlayers.get(fileKey);
    if (known) return known;
    const usable = (row: (typeof playerRows)[number]) =>
      (!row.oePlayerId || !pl.playerId || row.oePlayerId === pl.playerId) &&
      (claimed.get(row.id) ?? fileKey) === fileKey;
    let found = pl.playerId ? byOeId.get(pl.playerId) : undefined;
    if (!found) {
      const namesakes = byName.get(nameKey(pl.name)) ?? [];
      found = namesakes.find((row) => row.team === team && usable(row));
      if (!found) {
        const others = namesakes.filter(usable);
        if (others.length > 1) warnings.push(M.ambiguousPlayer(pl.name));
        found = others[0];
      }
    }
    let id: string;
    if (found) {
      id = found.id;
      playersMatched++;
      if (pl.playerId && !found.oePlayerId) {
        found.oePlayerId = pl.playerId;
        playerIdsToRemember.push({ id, oePlayerId: pl.playerId });
      }
    } else {
      id = randomUUID();
      newPlayers.push({
        id,
        name: pl.name.slice(0, 100),
        team,
        role: pl.role,
        oePlayerId: pl.playerId || null,
      });
    }
    claimed.set(id, fileKey);
    resolvedPlayers.set(fileKey, id);
    return id;
  };

  const championRows = await tx.select({ id: champions.id, name: champions.name }).from(champions);
  const championByKey = new Map(championRows.map((c) => [nameKey(c.name), c.id]));
  const unknownChampions = new Map<string, number>();
  const championOf = (name: string) => {
    if (name === '') return null;
    const id = championByKey.get(nameKey(name));
    if (!id) unknownChampions.set(name, (unknownChampions.get(name) ?? 0) + 1);
    return id ?? null;
  };

  const weekRows = await tx.select().from(weeks).where(eq(weeks.leagueId, league.id));
  const allWeeks: PlannedWeek[] = weekRows.map((w) => ({
    id: w.id,
    weekNumber: w.weekNumber,
    name: w.name,
    startDate: w.startDate,
    endDate: w.endDate,
    isClosed: w.isClosed,
    created: false,
  }));
  const newWeeks: PlannedWeek[] = [];
  const weekFor = (day: string): PlannedWeek => {
    const found = allWeeks.find((w) => w.startDate <= day && day <= w.endDate);
    if (found) return found;
    // Monday to Sunday around the day, without reaching into a neighbouring week
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    let start = addDays(day, -weekday);
    let end = addDays(start, 6);
    for (const w of allWeeks) {
      if (w.endDate >= start && w.endDate < day) start = addDays(w.endDate, 1);
      if (w.startDate <= end && w.startDate > day) end = addDays(w.startDate, -1);
    }
    if (start >= end) {
      start = addDays(day, -weekday);
      end = addDays(start, 6);
    }
    // a loop, not Math.max(...weeks): a league's weeks are not bounded in number
    let weekNumber = 1;
    for (const w of allWeeks) if (w.weekNumber >= weekNumber) weekNumber = w.weekNumber + 1;
    if (weekNumber > INT4_MAX) throw badRequest(M.weekNumbersExhausted(INT4_MAX), 'IMPORT_WEEK_NUMBER');
    const week: PlannedWeek = {
      id: randomUUID(),
      weekNumber,
      name: M.weekName(weekNumber),
      startDate: start,
      endDate: end,
      isClosed: false,
      created: true,
    };
    allWeeks.push(week);
    newWeeks.push(week);
    return week;
  };

  const matchRows = await tx.select().from(matches).where(eq(matches.leagueId, league.id));
  const usedMatches = new Set<string>();

  // ---- each series: status, week, match, games
  const planned: PlannedSeries[] = [];
  for (const s of p.series) {
    const team1 = teamOf(s.teams[0]);
    const team2 = teamOf(s.teams[1]);
    const base: PlannedSeries = {
      series: s,
      status: 'skipped',
      reason: null,
      team1,
      team2,
      mappedTeams: [team1, team2],
      week: null,
      matchId: null,
      existing: false,
      matchDay: 1,
      completed: s.incomplete === null,
      winner: s.winner ? teamOf(s.winner) : null,
      games: [],
      changedGames: [],
      staleGames: [],
    };
    planned.push(base);
    // games of a pair whose numbers keep rising are one series however many: more than a BO5 is no series
    if (s.games.length > MAX_SERIES_GAMES) {
      base.reason = M.seriesTooLong(s.games.length, s.teams[0], s.teams[1], MAX_SERIES_GAMES);
      continue;
    }
    const problem = s.games.find((g) => g.problem);
    if (problem) {
      base.reason = M.invalidGame(problem.gameId, problem.problem!);
      continue;
    }
    if (s.incomplete && !p.includeIncomplete) {
      base.reason = `${M.incomplete}: ${s.incomplete}`;
      continue;
    }
    if (!team1 || !team2) {
      base.reason = M.unmatchedTeams(s.teams.filter((t) => !teamOf(t)));
      continue;
    }
    if (team1 === team2) {
      base.reason = M.invalidGame(
        s.games[0]!.gameId,
        'le due squadre corrispondono alla stessa squadra della lega',
      );
      continue;
    }
    const day = isoDay(s.start);
    const week = weekFor(day);
    base.week = week;
    base.matchDay = Math.min(
      100,
      Math.max(
        1,
        Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${week.startDate}T00:00:00Z`)) / DAY) + 1,
      ),
    );
    if (week.isClosed) {
      base.reason = M.weekClosed(week.name);
      warnings.push(M.closedWeekWarning(`${team1} vs ${team2} (${day})`, week.name));
      continue;
    }
    const candidates = matchRows
      .filter(
        (m) =>
          m.weekId === week.id &&
          !usedMatches.has(m.id) &&
          isoDay(m.date) === day &&
          ((m.team1 === team1 && m.team2 === team2) || (m.team1 === team2 && m.team2 === team1)),
      )
      .sort(
        (a, b) =>
          Math.abs(a.date.getTime() - s.start.getTime()) - Math.abs(b.date.getTime() - s.start.getTime()),
      );
    const match = candidates[0];
    if (match) {
      usedMatches.add(match.id);
      base.matchId = match.id;
      base.existing = true;
      base.team1 = match.team1;
      base.team2 = match.team2;
    } else {
      base.matchId = randomUUID();
    }
    base.games = s.games.map((g) => plannedGame(g, teamOf, resolvePlayer, championOf));
    for (const g of s.games) {
      if (g.missing.length > 0) {
        warnings.push(M.partialGame(`${team1} vs ${team2} game ${g.gameNumber} (${g.gameId})`, g.missing));
      }
    }
    base.status = 'new';
  }

  // ---- compare with what is stored for the matches that exist
  const existingIds = planned.filter((s) => s.existing).map((s) => s.matchId!);
  if (existingIds.length > 0) {
    const [storedStats, storedObjectives, storedGames] = [
      await tx.select().from(playerStats).where(inArray(playerStats.matchId, existingIds)),
      await tx.select().from(teamObjectives).where(inArray(teamObjectives.matchId, existingIds)),
      await tx.select().from(matchGames).where(inArray(matchGames.matchId, existingIds)),
    ];
    const matchById = new Map(matchRows.map((m) => [m.id, m]));
    for (const s of planned) {
      if (!s.existing) continue;
      const id = s.matchId!;
      const stats = storedStats.filter((r) => r.matchId === id);
      const objectives = storedObjectives.filter((r) => r.matchId === id);
      const games = storedGames.filter((r) => r.matchId === id);
      const fileNumbers = new Set(s.games.map((g) => g.gameNumber));
      s.staleGames = [
        ...new Set(
          [...stats, ...objectives, ...games].map((r) => r.gameNumber).filter((n) => !fileNumbers.has(n)),
        ),
      ].sort();
      for (const g of s.games) {
        const sameWinner = games.find((r) => r.gameNumber === g.gameNumber)?.winner === g.winner;
        const gameStats = stats.filter((r) => r.gameNumber === g.gameNumber);
        const sameStats =
          gameStats.length === g.players.length &&
          g.players.every((pl) => {
            const row = gameStats.find((r) => r.playerId === pl.playerId);
            return (
              row !== undefined &&
              row.points !== null &&
              row.teamName === pl.teamName &&
              row.championId === pl.championId &&
              FILE_STAT_FIELDS.every((f) => row[f] === pl[f])
            );
          });
        const gameObjectives = objectives.filter((r) => r.gameNumber === g.gameNumber);
        const sameObjectives =
          gameObjectives.length === g.objectives.length &&
          g.objectives.every((o) => {
            const row = gameObjectives.find((r) => r.teamName === o.teamName);
            return row !== undefined && OBJECTIVE_FIELDS.every((f) => row[f] === o[f]);
          });
        if (!(sameWinner && sameStats && sameObjectives)) s.changedGames.push(g.gameNumber);
      }
      const m = matchById.get(id)!;
      const sameMatch =
        m.completed === s.completed &&
        m.gamesPlayed === s.games.length &&
        m.winner === s.winner &&
        m.matchFormat === s.series.format;
      s.status =
        s.changedGames.length === 0 && s.staleGames.length === 0 && sameMatch ? 'unchanged' : 'updated';
    }
  }
  for (const s of planned) {
    if (s.status === 'new') s.changedGames = s.games.map((g) => g.gameNumber);
  }

  for (const [name, count] of unknownChampions) warnings.push(M.unknownChampion(name, count));
  return {
    leagueTeams: league.teams,
    series: planned,
    unmatchedTeams: [...unmatched].map(([name, games]) => ({ name, games })),
    newPlayers,
    playerIdsToRemember,
    playersMatched,
    newWeeks,
    aliasesToRemember: [...aliasesToRemember.values()],
    warnings,
  };
}

function plannedGame(
  g: OeGame,
  teamOf: (name: string) => string | null,
  resolvePlayer: (pl: OePlayer, team: string) => string,
  championOf: (name: string) => string | null,
): PlannedGame {
  const winner = teamOf(g.teams.find((t) => t.won)!.name)!;
  return {
    gameNumber: g.gameNumber,
    winner,
    objectives: g.teams.map((t) => ({ ...t.objectives, teamName: teamOf(t.name)! })),
    players: g.teams.flatMap((t) => {
      const teamName = teamOf(t.name)!;
      return t.players.map((pl) => ({
        playerId: resolvePlayer(pl, teamName),
        teamName,
        championId: championOf(pl.champion),
        kills: pl.kills,
        deaths: pl.deaths,
        assists: pl.assists,
        cs: pl.cs,
        doubleKills: pl.doubleKills,
        tripleKills: pl.tripleKills,
        quadraKills: pl.quadraKills,
        pentaKills: pl.pentaKills,
      }));
    }),
  };
}
