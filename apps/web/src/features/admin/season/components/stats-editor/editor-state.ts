import {
  defaultGamesPlayed,
  isMatchFormat,
  isPerfectSeries,
  MAX_DRAGONS,
  type MatchFormat,
  PLAYER_STAT_COUNTS,
  type PlayerGameStats,
  type PlayerStatCount,
  playerGamePoints,
  type ScoringRules,
  seriesWinner,
  type TeamObjectives,
  validGameCounts,
} from '@fantarift/core';
import type {
  MatchPlayer,
  MatchStatistics,
  SaveMatchStatistics,
  StoredPlayerStats,
  StoredTeamObjectives,
} from '../../api/types';

/**
 * State and rules of the match statistics editor (admin spec §2 "Match statistics editor", §4
 * "Series rules", "Series MVP", "Team objective exclusivity", §5 "Statistics inputs"). Pure, so the
 * rules are tested without rendering.
 */

/** A number input's value: null while the box is empty (counts as 0). */
export type Count = number | null;

export interface PlayerRow extends Record<PlayerStatCount, Count> {
  championId: string | null;
  mvp: boolean;
}

export const OBJECTIVE_COUNTS = ['dragons', 'barons', 'elders', 'towers', 'larvas'] as const;
export type ObjectiveCount = (typeof OBJECTIVE_COUNTS)[number];

export const OBJECTIVE_FLAGS = [
  'firstBlood',
  'firstDrake',
  'firstBaron',
  'firstHerald',
  'firstElder',
  'firstTower',
  'athakan',
] as const;
export type ObjectiveFlag = (typeof OBJECTIVE_FLAGS)[number];

export interface ObjectiveRow extends Record<ObjectiveCount, Count>, Record<ObjectiveFlag, boolean> {
  /** Stored 0/1, edited as a checkbox. */
  heralds: boolean;
}

/** Objectives only one of the two teams can hold in a game (the server refuses both too). */
export const EXCLUSIVE_OBJECTIVES = ['heralds', ...OBJECTIVE_FLAGS] as const;

export interface GameState {
  winner: string | null;
  players: Record<string, PlayerRow>;
  objectives: Record<string, ObjectiveRow>;
}

export interface EditorState {
  format: MatchFormat;
  team1: string;
  team2: string;
  /** Team of each player in this match (for the series MVP rule). */
  playerTeams: Record<string, string>;
  gamesPlayed: number;
  /** Series winner: derived from the game winners, but the admin may pick it. */
  winner: string | null;
  seriesMvpPlayerId: string | null;
  /** Game edited in the Player Statistics and Team Objectives tabs (1..gamesPlayed). */
  currentGame: number;
  /** Games 1..format, kept even beyond gamesPlayed so lowering and raising it loses nothing. */
  games: GameState[];
}

export function emptyPlayerRow(): PlayerRow {
  return {
    championId: null,
    kills: 0,
    deaths: 0,
    assists: 0,
    cs: 0,
    doubleKills: 0,
    tripleKills: 0,
    quadraKills: 0,
    pentaKills: 0,
    jungleSteals: 0,
    mvp: false,
  };
}

export function emptyObjectiveRow(): ObjectiveRow {
  return {
    dragons: 0,
    barons: 0,
    elders: 0,
    heralds: false,
    towers: 0,
    larvas: 0,
    firstBlood: false,
    firstDrake: false,
    firstBaron: false,
    firstHerald: false,
    firstElder: false,
    firstTower: false,
    athakan: false,
  };
}

function num(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

function playerRowFrom(stats: StoredPlayerStats): PlayerRow {
  const row = emptyPlayerRow();
  for (const field of PLAYER_STAT_COUNTS) row[field] = num(stats[field]);
  row.championId = stats.championId ?? null;
  row.mvp = Boolean(stats.mvp);
  return row;
}

function objectiveRowFrom(stored: StoredTeamObjectives): ObjectiveRow {
  const row = emptyObjectiveRow();
  for (const field of OBJECTIVE_COUNTS) row[field] = num(stored[field]);
  row.dragons = Math.min(row.dragons ?? 0, MAX_DRAGONS);
  row.heralds = num(stored.heralds) > 0;
  for (const flag of OBJECTIVE_FLAGS) row[flag] = Boolean(stored[flag]);
  return row;
}

/** The editor's state from GET /statistics: stored values where present, zeros elsewhere. */
export function initialEditorState(
  data: Pick<MatchStatistics, 'match' | 'players' | 'stats' | 'objectives' | 'games' | 'seriesMvpPlayerId'>,
): EditorState {
  const { match } = data;
  const format: MatchFormat = isMatchFormat(match.matchFormat) ? match.matchFormat : 1;
  const teams = [match.team1, match.team2];
  const playerTeams = Object.fromEntries(data.players.map((p) => [p.id, p.team]));
  const games: GameState[] = [];
  for (let n = 1; n <= format; n++) {
    const players: Record<string, PlayerRow> = {};
    for (const p of data.players) {
      const stored = data.stats.find((s) => s.playerId === p.id && s.gameNumber === n);
      players[p.id] = stored ? playerRowFrom(stored) : emptyPlayerRow();
    }
    const objectives: Record<string, ObjectiveRow> = {};
    for (const team of teams) {
      const stored = data.objectives.find((o) => o.teamName === team && o.gameNumber === n);
      objectives[team] = stored ? objectiveRowFrom(stored) : emptyObjectiveRow();
    }
    const winner = data.games.find((g) => g.gameNumber === n)?.winner ?? null;
    games.push({ winner: winner && teams.includes(winner) ? winner : null, players, objectives });
  }
  const gamesPlayed =
    match.gamesPlayed !== null && validGameCounts(format).includes(match.gamesPlayed)
      ? match.gamesPlayed
      : defaultGamesPlayed(format);
  const derived = seriesWinner(
    format,
    games.slice(0, gamesPlayed).map((g) => g.winner),
  );
  const winner = match.winner && teams.includes(match.winner) ? match.winner : derived;
  const mvp = data.seriesMvpPlayerId;
  return {
    format,
    team1: match.team1,
    team2: match.team2,
    playerTeams,
    gamesPlayed,
    winner,
    seriesMvpPlayerId: mvp && winner && playerTeams[mvp] === winner ? mvp : null,
    currentGame: 1,
    games,
  };
}

export type EditorAction =
  | { type: 'setGamesPlayed'; gamesPlayed: number }
  | { type: 'setGameWinner'; game: number; winner: string | null }
  | { type: 'setWinner'; winner: string | null }
  | { type: 'setSeriesMvp'; playerId: string | null }
  | { type: 'setCurrentGame'; game: number }
  | { type: 'setPlayerCount'; game: number; playerId: string; field: PlayerStatCount; value: Count }
  | { type: 'setPlayerChampion'; game: number; playerId: string; championId: string | null }
  | { type: 'setPlayerMvp'; game: number; playerId: string; mvp: boolean }
  | { type: 'setObjectiveCount'; game: number; team: string; field: ObjectiveCount; value: Count }
  | {
      type: 'setObjectiveFlag';
      game: number;
      team: string;
      field: ObjectiveFlag | 'heralds';
      value: boolean;
    };

/** Statistics inputs: min 0, whole numbers; dragons at most 4; empty stays empty (= 0). */
export function sanitizeCount(value: Count, field?: ObjectiveCount | PlayerStatCount): Count {
  if (value === null || Number.isNaN(value)) return null;
  const whole = Math.max(0, Math.floor(value));
  return field === 'dragons' ? Math.min(whole, MAX_DRAGONS) : whole;
}

/** A series MVP must play for the winner: any other pick goes back to none. */
function keepMvpIfOnWinner(state: EditorState): EditorState {
  const mvp = state.seriesMvpPlayerId;
  if (mvp === null) return state;
  return state.winner !== null && state.playerTeams[mvp] === state.winner
    ? state
    : { ...state, seriesMvpPlayerId: null };
}

/** After a change of game winners or games played the derived winner (when there is one) wins. */
function rederiveWinner(state: EditorState): EditorState {
  const derived = seriesWinner(
    state.format,
    state.games.slice(0, state.gamesPlayed).map((g) => g.winner),
  );
  return keepMvpIfOnWinner(derived === null ? state : { ...state, winner: derived });
}

function updateGame(state: EditorState, game: number, update: (g: GameState) => GameState): EditorState {
  return {
    ...state,
    games: state.games.map((g, index) => (index === game - 1 ? update(g) : g)),
  };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'setGamesPlayed': {
      // Only the counts the format allows (BO1: 1; BO3: 2–3; BO5: 3–5).
      if (!validGameCounts(state.format).includes(action.gamesPlayed)) return state;
      return rederiveWinner({
        ...state,
        gamesPlayed: action.gamesPlayed,
        currentGame: Math.min(state.currentGame, action.gamesPlayed),
      });
    }
    case 'setGameWinner':
      return rederiveWinner(updateGame(state, action.game, (g) => ({ ...g, winner: action.winner })));
    case 'setWinner':
      return keepMvpIfOnWinner({ ...state, winner: action.winner });
    case 'setSeriesMvp': {
      const { playerId } = action;
      if (playerId !== null && (state.winner === null || state.playerTeams[playerId] !== state.winner)) {
        return state;
      }
      return { ...state, seriesMvpPlayerId: playerId };
    }
    case 'setCurrentGame':
      if (action.game < 1 || action.game > state.gamesPlayed) return state;
      return { ...state, currentGame: action.game };
    case 'setPlayerCount':
    case 'setPlayerChampion':
    case 'setPlayerMvp':
      return updateGame(state, action.game, (g) => {
        const row = g.players[action.playerId] ?? emptyPlayerRow();
        const next =
          action.type === 'setPlayerCount'
            ? { ...row, [action.field]: sanitizeCount(action.value, action.field) }
            : action.type === 'setPlayerChampion'
              ? { ...row, championId: action.championId }
              : { ...row, mvp: action.mvp };
        return { ...g, players: { ...g.players, [action.playerId]: next } };
      });
    case 'setObjectiveCount':
      return updateGame(state, action.game, (g) => {
        const row = g.objectives[action.team] ?? emptyObjectiveRow();
        return {
          ...g,
          objectives: {
            ...g.objectives,
            [action.team]: { ...row, [action.field]: sanitizeCount(action.value, action.field) },
          },
        };
      });
    case 'setObjectiveFlag':
      return updateGame(state, action.game, (g) => {
        const objectives = { ...g.objectives };
        objectives[action.team] = {
          ...(objectives[action.team] ?? emptyObjectiveRow()),
          [action.field]: action.value,
        };
        // Herald, Athakan and every "first" belong to one team per game: checking one clears the other.
        if (action.value && (EXCLUSIVE_OBJECTIVES as readonly string[]).includes(action.field)) {
          const other = action.team === state.team1 ? state.team2 : state.team1;
          objectives[other] = { ...(objectives[other] ?? emptyObjectiveRow()), [action.field]: false };
        }
        return { ...g, objectives };
      });
  }
}

function statsOf(row: PlayerRow): PlayerGameStats {
  return {
    kills: row.kills ?? 0,
    deaths: row.deaths ?? 0,
    assists: row.assists ?? 0,
    cs: row.cs ?? 0,
    doubleKills: row.doubleKills ?? 0,
    tripleKills: row.tripleKills ?? 0,
    quadraKills: row.quadraKills ?? 0,
    pentaKills: row.pentaKills ?? 0,
    jungleSteals: row.jungleSteals ?? 0,
    mvp: row.mvp,
  };
}

export function objectivesOf(row: ObjectiveRow): TeamObjectives {
  return {
    dragons: row.dragons ?? 0,
    barons: row.barons ?? 0,
    elders: row.elders ?? 0,
    heralds: row.heralds ? 1 : 0,
    towers: row.towers ?? 0,
    larvas: row.larvas ?? 0,
    firstBlood: row.firstBlood,
    firstDrake: row.firstDrake,
    firstBaron: row.firstBaron,
    firstHerald: row.firstHerald,
    firstElder: row.firstElder,
    firstTower: row.firstTower,
    athakan: row.athakan,
  };
}

/** Live preview of a player's points in a game (same formula as the server, DECISIONS 11). */
export function previewPoints(
  state: EditorState,
  game: number,
  player: MatchPlayer,
  rules: ScoringRules,
): number {
  const g = state.games[game - 1];
  const row = g?.players[player.id] ?? emptyPlayerRow();
  const team = state.playerTeams[player.id] ?? player.team;
  const objectives = g?.objectives[team];
  return playerGamePoints(
    {
      stats: statsOf(row),
      teamObjectives: objectives ? objectivesOf(objectives) : null,
      perfectSeriesWinner:
        state.winner !== null && team === state.winner && isPerfectSeries(state.format, state.gamesPlayed),
    },
    rules,
  );
}

/** The PUT body: games 1..gamesPlayed, every player of both teams, both teams' objectives. */
export function toSaveBody(state: EditorState, players: readonly MatchPlayer[]): SaveMatchStatistics {
  const teams = [state.team1, state.team2];
  return {
    gamesPlayed: state.gamesPlayed,
    winner: state.winner,
    seriesMvpPlayerId: state.seriesMvpPlayerId,
    games: state.games.slice(0, state.gamesPlayed).map((g, index) => ({
      gameNumber: index + 1,
      winner: g.winner,
      players: players.map((p) => {
        const row = g.players[p.id] ?? emptyPlayerRow();
        return { playerId: p.id, championId: row.championId, ...statsOf(row) };
      }),
      objectives: teams.map((teamName) => ({
        teamName,
        ...objectivesOf(g.objectives[teamName] ?? emptyObjectiveRow()),
      })),
    })),
  };
}

export interface KillDeathMismatch {
  team: string;
  kills: number;
  opponent: string;
  deaths: number;
}

/**
 * A game's sanity check (a warning, not a block): each team's kills should equal the opponents'
 * deaths. Returns the teams whose numbers disagree; nothing while no kill or death is entered.
 */
export function killDeathMismatches(
  state: EditorState,
  game: number,
  players: readonly MatchPlayer[],
): KillDeathMismatch[] {
  const g = state.games[game - 1];
  if (!g) return [];
  const sum = (team: string, field: 'kills' | 'deaths') =>
    players
      .filter((p) => (state.playerTeams[p.id] ?? p.team) === team)
      .reduce((total, p) => total + (g.players[p.id]?.[field] ?? 0), 0);
  const pairs = [
    [state.team1, state.team2],
    [state.team2, state.team1],
  ] as const;
  const rows = pairs.map(([team, opponent]) => ({
    team,
    kills: sum(team, 'kills'),
    opponent,
    deaths: sum(opponent, 'deaths'),
  }));
  if (rows.every((r) => r.kills === 0 && r.deaths === 0)) return [];
  return rows.filter((r) => r.kills !== r.deaths);
}
