import { IMPORT_MESSAGES as M } from '@fantarift/core';
import type { OeGame } from './games.ts';

/** Two games of the same pair more than this apart are two series (a BO1 today, the next one days later). */
export const SERIES_GAP_MS = 6 * 60 * 60 * 1000;

export interface OeSeries {
  games: OeGame[];
  /** the file's names, Blue side of game 1 first */
  teams: [string, string];
  wins: [number, number];
  start: Date;
  /** 1, 3 or 5 when complete; for an incomplete one, the smallest format its games fit in */
  format: 1 | 3 | 5;
  /** the file's winner when complete */
  winner: string | null;
  /** why the series is incomplete, or null */
  incomplete: string | null;
}

const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/**
 * There is no series id in the file: a series is the consecutive games of the same two teams, numbered
 * 1, 2, … and each within a few hours of the previous one (it may cross midnight). Its format is
 * 2 × the winner's wins − 1; a series where no team reached a majority, with a game number missing, or
 * with games after the winner's last, is incomplete.
 */
export function detectSeries(games: OeGame[]): OeSeries[] {
  const sorted = [...games].sort(
    (a, b) => a.date.getTime() - b.date.getTime() || a.gameNumber - b.gameNumber,
  );
  const open = new Map<string, OeGame[]>();
  const all: OeGame[][] = [];
  for (const game of sorted) {
    const key = pairKey(game.teams[0].name, game.teams[1].name);
    const current = open.get(key);
    const last = current?.[current.length - 1];
    if (
      current &&
      last &&
      game.gameNumber > last.gameNumber &&
      game.date.getTime() - last.date.getTime() <= SERIES_GAP_MS
    ) {
      current.push(game);
    } else {
      const fresh = [game];
      open.set(key, fresh);
      all.push(fresh);
    }
  }
  return all.map(evaluate).sort((a, b) => a.start.getTime() - b.start.getTime());
}

function evaluate(games: OeGame[]): OeSeries {
  const first = games[0]!;
  const teams: [string, string] = [first.teams[0].name, first.teams[1].name];
  const wins: [number, number] = [0, 0];
  for (const g of games) {
    const winner = g.teams.find((t) => t.won)?.name;
    if (winner === teams[0]) wins[0]++;
    else if (winner === teams[1]) wins[1]++;
  }
  const numbers = games.map((g) => g.gameNumber);
  const top = Math.max(...wins);
  const lastWinner = games[games.length - 1]!.teams.find((t) => t.won)?.name ?? null;
  let incomplete: string | null = null;
  if (numbers.some((n, i) => n !== i + 1)) incomplete = M.incompleteMissingGame(numbers.join(', '));
  else if (wins[0] === wins[1]) incomplete = M.incompleteNoMajority;
  else if (top > 3 || lastWinner !== teams[wins[0] > wins[1] ? 0 : 1]) incomplete = M.incompleteAfterWin;
  const winner = incomplete ? null : teams[wins[0] > wins[1] ? 0 : 1];
  const needed = Math.max(top, ...numbers);
  const format = (incomplete ? ([1, 3, 5].find((f) => f >= needed) ?? 5) : 2 * top - 1) as 1 | 3 | 5;
  return { games, teams, wins, start: first.date, format, winner, incomplete };
}
