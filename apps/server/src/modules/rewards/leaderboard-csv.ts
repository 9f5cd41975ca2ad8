import { stringifyCsv } from '../../lib/csv.ts';

export type CsvVariant = 'csv' | 'excel';

export interface LeaderboardCsvRow {
  position: number;
  username: string;
  totalPoints: number;
  pandaCoin: number;
  burroCoin: number;
}

/**
 * The leaderboard as a CSV file. `csv` is the plain RFC 4180 file (comma, decimal point);
 * `excel` is what a spreadsheet set to Italian opens without an import wizard: semicolons,
 * decimal comma and a UTF-8 byte order mark so accented usernames survive.
 */
export function leaderboardCsv(rows: readonly LeaderboardCsvRow[], variant: CsvVariant): string {
  const excel = variant === 'excel';
  const points = (n: number) => (excel ? n.toFixed(1).replace('.', ',') : n.toFixed(1));
  return stringifyCsv(
    rows.map((r) => [r.position, r.username, points(r.totalPoints), r.pandaCoin, r.burroCoin]),
    ['posizione', 'utente', 'punti_totali', 'panda_coin', 'burro_coin'],
    { excel },
  );
}
