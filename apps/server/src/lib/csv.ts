import { stringify } from 'csv-stringify/sync';

// A spreadsheet runs a cell that starts with one of these as a formula (=HYPERLINK(...), +cmd|...).
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+([.,]\d+)?$/;

/** Text a user typed (a username) cannot become a formula: it gets a leading apostrophe. Numbers stay. */
export function neutraliseCsvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** The Italian spreadsheet variant: semicolons, Windows line ends and a UTF-8 byte order mark. */
export interface CsvDialect {
  excel?: boolean;
}

/** CSV for download, every text cell neutralised (see {@link neutraliseCsvCell}). */
export function stringifyCsv(
  rows: unknown[][],
  columns: string[],
  { excel = false }: CsvDialect = {},
): string {
  return stringify(rows, {
    header: true,
    columns,
    cast: { string: neutraliseCsvCell },
    delimiter: excel ? ';' : ',',
    bom: excel,
    record_delimiter: excel ? 'windows' : 'unix',
  });
}
