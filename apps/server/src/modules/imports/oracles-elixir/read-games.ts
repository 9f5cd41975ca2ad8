import type { Readable } from 'node:stream';
import { IMPORT_MESSAGES as M } from '@fantarift/core';
import { CsvError, parse } from 'csv-parse';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { MAX_CELL_CHARS } from './limits.ts';

/** Columns the import cannot work without (the issue names gameid, teamname and result). */
export const REQUIRED_COLUMNS = [
  'gameid',
  'league',
  'date',
  'game',
  'position',
  'playername',
  'teamname',
  'result',
] as const;

/** Every other column the import reads; absent ones are "no data" (the column set changes every year). */
export const OPTIONAL_COLUMNS = [
  'datacompleteness',
  'participantid',
  'side',
  'playerid',
  'teamid',
  'champion',
  'kills',
  'deaths',
  'assists',
  'total cs',
  'minionkills',
  'monsterkills',
  'doublekills',
  'triplekills',
  'quadrakills',
  'pentakills',
  'firstblood',
  'firstdragon',
  'firstbaron',
  'firstherald',
  'firsttower',
  'elementaldrakes',
  'dragons',
  'elders',
  'heralds',
  'barons',
  'towers',
  'void_grubs',
  'atakhans',
] as const;

export type Column = (typeof REQUIRED_COLUMNS)[number] | (typeof OPTIONAL_COLUMNS)[number];

/** One CSV row reduced to the columns we read: `get(row, 'kills')` is '' when empty or absent. */
export type Row = string[];

export interface ColumnIndex {
  get(row: Row, column: Column): string;
  /** the first column the import reads whose cell in the row is longer than `max` characters */
  tooLong(row: Row, max: number): Column | undefined;
  absent: Column[];
}

export const ROWS_PER_GAME = 12;
const MAX_RECORD_BYTES = 1024 * 1024;

function columnIndex(header: string[]): ColumnIndex {
  const position = new Map<string, number>();
  header.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (!position.has(key)) position.set(key, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !position.has(c));
  if (missing.length > 0) throw badRequest(M.missingColumns(missing), 'IMPORT_BAD_HEADER');
  const absent = OPTIONAL_COLUMNS.filter((c) => !position.has(c));
  const at = new Map<Column, number>();
  for (const c of [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS]) {
    const i = position.get(c);
    if (i !== undefined) at.set(c, i);
  }
  return {
    absent,
    get(row, column) {
      const i = at.get(column);
      return i === undefined ? '' : (row[i] ?? '').trim();
    },
    tooLong(row, max) {
      for (const [column, i] of at) if ((row[i] ?? '').trim().length > max) return column;
      return undefined;
    },
  };
}

export interface RawGame {
  gameId: string;
  league: string;
  rows: Row[];
}

/**
 * Streams an Oracle's Elixir CSV and hands over one game at a time (its 12 consecutive rows, keyed by
 * `gameid`), so memory holds one game, whatever the file's size. Columns are found by header name.
 * A game with another number of rows (a truncated file), or whose rows are not together, is an error;
 * so is a cell of a column the import reads longer than any name of ours (limits.ts).
 */
export async function readGames(
  input: Readable,
  onGame: (game: RawGame, columns: ColumnIndex) => void,
): Promise<{ columns: ColumnIndex; rows: number }> {
  const parser = input.pipe(
    parse({
      bom: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: MAX_RECORD_BYTES,
    }),
  );
  // an error of the request stream (a client gone, the size limit) ends the parse with it
  input.once('error', (err) => parser.destroy(err));
  let columns: ColumnIndex | null = null;
  let current = null as RawGame | null;
  let rows = 0;
  const seen = new Set<string>();
  const flush = () => {
    if (!current) return;
    if (current.rows.length !== ROWS_PER_GAME) {
      throw badRequest(M.truncatedGame(current.gameId, current.rows.length), 'IMPORT_TRUNCATED_GAME');
    }
    onGame(current, columns!);
    current = null;
  };
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        if (record.some((cell) => cell.includes('\u0000'))) throw badRequest(M.notCsv, 'IMPORT_NOT_CSV');
        columns = columnIndex(record);
        continue;
      }
      rows++;
      const gameId = columns.get(record, 'gameid');
      if (gameId === '') throw badRequest(M.badCsv(rows + 1, 'gameid vuoto'), 'IMPORT_BAD_ROW');
      const long = columns.tooLong(record, MAX_CELL_CHARS);
      if (long) {
        throw badRequest(
          M.cellTooLong(rows + 1, long, columns.get(record, long), MAX_CELL_CHARS),
          'IMPORT_CELL_TOO_LONG',
        );
      }
      if (current?.gameId !== gameId) {
        flush();
        if (seen.has(gameId)) throw badRequest(M.splitGame(gameId), 'IMPORT_SPLIT_GAME');
        seen.add(gameId);
        current = { gameId, league: columns.get(record, 'league'), rows: [] };
      }
      current!.rows.push(record);
    }
    if (!columns) throw badRequest(M.emptyFile, 'IMPORT_EMPTY');
    flush();
    return { columns, rows };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? rows + 1;
      throw badRequest(M.badCsv(line, err.message), 'IMPORT_BAD_CSV');
    }
    if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      throw new AppError(413, 'IMPORT_TOO_LARGE', M.tooLarge);
    }
    throw err;
  } finally {
    parser.destroy();
  }
}
