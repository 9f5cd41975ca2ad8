const dateFormat = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date ('2026-01-15') in Italian: "15 gennaio 2026". */
export function formatDate(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}

/** An instant with date and time, in the browser's zone: "22/11/2026, 14:05". */
export function formatDateTime(iso: string | Date): string {
  return new Date(iso).toLocaleString('it-IT', { dateStyle: 'short', timeStyle: 'short' });
}

/** "HH:MM" of an instant in an IANA zone (or the browser's when omitted). */
export function formatTime(instant: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone }).format(instant);
}

const pointsFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** Points with one decimal, Italian style: 12,5. */
export function formatPoints(points: number): string {
  return pointsFormat.format(points);
}

const numberFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/** A number with only the decimals it has (at most two), Italian style: 10, 0,2, 2,65. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Signed, for bonus lines: +3, −0,5. */
export function formatSigned(value: number): string {
  return value > 0 ? `+${numberFormat.format(value)}` : numberFormat.format(value).replace('-', '−');
}
