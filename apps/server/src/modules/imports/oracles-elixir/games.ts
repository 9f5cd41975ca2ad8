import {
  isCalendarDate,
  IMPORT_MESSAGES as M,
  PLAYER_STAT_COUNTS,
  type PlayerStatCount,
  type Role,
  type TeamObjectives,
} from '@fantarift/core';
import { GAME_STAT_MAX } from '../../season/index.ts';
import type { Column, ColumnIndex, RawGame, Row } from './read-games.ts';

/** The statistics the file gives of a player's game; objective steals and the game MVP are the editor's. */
export const FILE_STAT_FIELDS = PLAYER_STAT_COUNTS.filter(
  (stat): stat is Exclude<PlayerStatCount, 'jungleSteals'> => stat !== 'jungleSteals',
);
export type FileStats = Record<(typeof FILE_STAT_FIELDS)[number], number>;

export interface OePlayer extends FileStats {
  name: string;
  /** `oe:player:<hash>`, '' when the file has none */
  playerId: string;
  role: Role;
  champion: string;
}

export interface OeTeam {
  name: string;
  side: 'Blue' | 'Red';
  won: boolean;
  objectives: Omit<TeamObjectives, never>;
  players: OePlayer[];
}

export interface OeGame {
  gameId: string;
  league: string;
  date: Date;
  gameNumber: number;
  completeness: string;
  /** Blue first */
  teams: [OeTeam, OeTeam];
  /** used columns that are empty in this game (counted as 0) */
  missing: string[];
  /** why the game cannot be imported, or null */
  problem: string | null;
}

const ROLE_OF: Record<string, Role> = { top: 'Top', jng: 'Jungle', mid: 'Mid', bot: 'ADC', sup: 'Support' };

const PLAYER_NUMBERS: Column[] = [
  'kills',
  'deaths',
  'assists',
  'doublekills',
  'triplekills',
  'quadrakills',
  'pentakills',
];
const TEAM_NUMBERS: Column[] = ['barons', 'elders', 'heralds', 'towers', 'void_grubs'];
const TEAM_FLAGS: Column[] = ['firstblood', 'firstdragon', 'firstbaron', 'firstherald', 'firsttower'];

const DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
/** Years whose weeks (Monday to Sunday around a game) are real calendar dates of ours (isCalendarDate). */
const FIRST_YEAR = 2000;
const LAST_YEAR = 9998;

function parseDate(text: string): Date | null {
  const m = DATE.exec(text);
  if (!m || !isCalendarDate(`${m[1]}-${m[2]}-${m[3]}`)) return null;
  if (+m[1]! < FIRST_YEAR || +m[1]! > LAST_YEAR || +m[4]! > 23 || +m[5]! > 59 || +m[6]! > 59) return null;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
}

/**
 * One game of the file as our statistics (issue 13 "Mapping to our statistics"): an empty cell or an
 * absent column is "no data" and counts as 0, and is listed in `missing`; the game's winner is the team
 * row with result 1; dragons are the elemental drakes (else dragons − elders). A structural problem
 * (not 10 players and 2 teams, no single winner) makes the game unusable (`problem`), and so does a
 * count past what the stats editor accepts (GAME_STAT_MAX, which keeps every points sum in its column).
 */
export function toGame(raw: RawGame, cols: ColumnIndex): OeGame {
  const missing = new Set<string>();
  const tooLarge = new Set<string>();
  const count = (column: Column, text: string): number => {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) return 0;
    if (value > GAME_STAT_MAX) tooLarge.add(column);
    return Math.floor(value);
  };
  const num = (row: Row, column: Column): number => {
    const text = cols.get(row, column);
    if (text === '') {
      missing.add(column);
      return 0;
    }
    return count(column, text);
  };
  const maybe = (row: Row, column: Column): number | null => {
    const text = cols.get(row, column);
    return text === '' ? null : count(column, text);
  };
  const first = raw.rows[0]!;
  const date = parseDate(cols.get(first, 'date'));
  const gameNumber = Number(cols.get(first, 'game'));
  const problems: string[] = [];
  if (!date) problems.push('data non valida');
  if (!Number.isInteger(gameNumber) || gameNumber < 1 || gameNumber > 5) {
    problems.push('numero del game non valido');
  }

  const teamRows = raw.rows.filter((r) => cols.get(r, 'position').toLowerCase() === 'team');
  const playerRows = raw.rows.filter((r) => cols.get(r, 'position').toLowerCase() !== 'team');
  if (teamRows.length !== 2 || playerRows.length !== 10) problems.push('servono 10 giocatori e 2 squadre');

  const sideOf = (row: Row, index: number): 'Blue' | 'Red' => {
    const side = cols.get(row, 'side').toLowerCase();
    if (side === 'blue' || side === 'red') return side === 'blue' ? 'Blue' : 'Red';
    const pid = Number(cols.get(row, 'participantid'));
    if (pid === 100 || (pid >= 1 && pid <= 5)) return 'Blue';
    if (pid === 200 || (pid >= 6 && pid <= 10)) return 'Red';
    return index === 0 ? 'Blue' : 'Red';
  };

  const teams = teamRows.slice(0, 2).map((row, i): OeTeam => {
    const elemental = maybe(row, 'elementaldrakes');
    let dragons = elemental;
    if (dragons === null) {
      const all = maybe(row, 'dragons');
      dragons = all === null ? null : Math.max(0, all - (maybe(row, 'elders') ?? 0));
    }
    if (dragons === null) missing.add('elementaldrakes');
    const [barons, elders, heralds, towers, larvas] = TEAM_NUMBERS.map((c) => num(row, c)) as [
      number,
      number,
      number,
      number,
      number,
    ];
    const [firstBlood, firstDrake, firstBaron, firstHerald, firstTower] = TEAM_FLAGS.map(
      (c) => num(row, c) > 0,
    ) as [boolean, boolean, boolean, boolean, boolean];
    const name = cols.get(row, 'teamname');
    return {
      name,
      side: sideOf(row, i),
      won: cols.get(row, 'result') === '1',
      objectives: {
        dragons: Math.min(dragons ?? 0, 4),
        barons,
        elders,
        heralds: Math.min(heralds, 1),
        towers,
        larvas,
        firstBlood,
        firstDrake,
        firstBaron,
        firstHerald,
        // the file has no first-elder column
        firstElder: false,
        firstTower,
        // a 2024 file has no atakhans column: no data, not a missing value
        athakan: num(row, 'atakhans') > 0,
      },
      players: [],
    };
  });
  if (teams.length === 2) {
    if (teams[0]!.side === teams[1]!.side) {
      teams[0]!.side = 'Blue';
      teams[1]!.side = 'Red';
    }
    teams.sort((a, b) => (a.side === 'Blue' ? 0 : 1) - (b.side === 'Blue' ? 0 : 1));
    if (teams.filter((t) => t.won).length !== 1) problems.push('serve esattamente una squadra vincitrice');
    if (teams.some((t) => t.name === '') || teams[0]!.name === teams[1]!.name) {
      problems.push('nomi delle squadre non validi');
    }
  }

  for (const row of playerRows) {
    const role = ROLE_OF[cols.get(row, 'position').toLowerCase()];
    const teamName = cols.get(row, 'teamname');
    const team = teams.find((t) => t.name === teamName);
    if (!role || !team) {
      problems.push('giocatore senza ruolo o squadra');
      continue;
    }
    const [kills, deaths, assists, doubleKills, tripleKills, quadraKills, pentaKills] = PLAYER_NUMBERS.map(
      (c) => num(row, c),
    ) as [number, number, number, number, number, number, number];
    let cs = maybe(row, 'total cs');
    if (cs === null) {
      const minions = maybe(row, 'minionkills');
      const monsters = maybe(row, 'monsterkills');
      cs = minions === null && monsters === null ? null : (minions ?? 0) + (monsters ?? 0);
    }
    if (cs === null) missing.add('total cs');
    else if (cs > GAME_STAT_MAX) tooLarge.add('total cs');
    const name = cols.get(row, 'playername');
    if (name === '') problems.push('giocatore senza nome');
    team.players.push({
      name,
      playerId: cols.get(row, 'playerid'),
      role,
      champion: cols.get(row, 'champion'),
      kills,
      deaths,
      assists,
      cs: cs ?? 0,
      doubleKills,
      tripleKills,
      quadraKills,
      pentaKills,
    });
  }
  if (teams.length === 2 && teams.some((t) => t.players.length !== 5)) {
    problems.push('servono 5 giocatori per squadra');
  }
  if (tooLarge.size > 0) problems.push(M.statsTooLarge([...tooLarge], GAME_STAT_MAX));
  // a column the header lacks is reported once for the file, not per game
  for (const c of cols.absent) missing.delete(c);

  return {
    gameId: raw.gameId,
    league: raw.league,
    date: date ?? new Date(0),
    gameNumber: Number.isInteger(gameNumber) ? gameNumber : 0,
    completeness: cols.get(first, 'datacompleteness'),
    teams: (teams.length === 2 ? teams : [emptyTeam('Blue'), emptyTeam('Red')]) as [OeTeam, OeTeam],
    missing: [...missing].sort(),
    problem: problems.length > 0 ? [...new Set(problems)].join('; ') : null,
  };
}

function emptyTeam(side: 'Blue' | 'Red'): OeTeam {
  return {
    name: '',
    side,
    won: false,
    objectives: {
      dragons: 0,
      barons: 0,
      elders: 0,
      heralds: 0,
      towers: 0,
      larvas: 0,
      firstBlood: false,
      firstDrake: false,
      firstBaron: false,
      firstHerald: false,
      firstElder: false,
      firstTower: false,
      athakan: false,
    },
    players: [],
  };
}

/** Names compared "ignoring case, spaces and punctuation" (teams, players, champions). */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}
