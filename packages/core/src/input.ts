/**
 * Building blocks of every input schema (issue 11, item 8): each string has a maximum length and
 * refuses control characters, each number the range of the column that stores it, each date is a
 * real calendar date, each array a maximum length. A value that passes them can always be stored
 * and compared by PostgreSQL (no NUL byte, no int4 overflow, no numeric overflow, no year -1), so
 * bad input is a 400 with an Italian message, never a 500.
 */
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

// zod's own messages (type errors, lengths) in Italian, on the server and in the browser alike
z.config(z.locales.it());

const m = MESSAGES.validation;

/** PostgreSQL `integer` (int4). */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** Coin amounts an admin may type (balances are int4; a sum of two such amounts still fits). */
export const COIN_MAX = 1_000_000_000;

/** Scoring-rule values: numeric(12, 2) columns, kept far enough from 10^10 that points computed from them fit. */
export const RULE_VALUE_MAX = 1000;

/** Longest e-mail address SMTP allows (RFC 5321). */
export const EMAIL_MAX = 254;

/** Teams in a league or a phase (the largest international events have about 20). */
export const LEAGUE_TEAMS_MAX = 100;

/** Free single-line text: short names, filters, searches. */
export const SHORT_TEXT_MAX = 200;

/** C0 and C1 control characters and DEL; with `multiline`, tab, line feed and carriage return pass. */
const CONTROL_CHARS = /\p{Cc}/u;
const CONTROL_CHARS_MULTILINE = /[^\P{Cc}\t\n\r]/u;
// a lone surrogate cannot be encoded in UTF-8: PostgreSQL would get a replacement character instead
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasControlChars(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).test(value) || LONE_SURROGATE.test(value);
}

/** A string of at most `max` characters without control characters (one line unless `multiline`). */
export function safeText(max: number, opts: { multiline?: boolean; message?: string } = {}) {
  return z
    .string(opts.message ? { error: opts.message } : undefined)
    .max(max, { error: opts.message ?? m.textTooLong(max) })
    .refine((v) => !hasControlChars(v, opts.multiline), { error: m.controlCharacters });
}

/** An e-mail address as typed: trimmed, at most 254 characters, no control characters. */
export const emailText = (message?: string) => safeText(EMAIL_MAX, { message }).trim();

/** An integer in [min, max] (default: the whole int4 range). */
export function intInRange(min = INT4_MIN, max = INT4_MAX, message?: string) {
  const error = message ?? m.numberOutOfRange(min, max);
  return z
    .number(message ? { error: message } : undefined)
    .int({ error })
    .min(min, { error })
    .max(max, { error });
}

/** A decimal number in [min, max] (finite by construction of the bounds). */
export function decimalInRange(min: number, max: number, message?: string) {
  const error = message ?? m.numberOutOfRange(min, max);
  return z
    .number(message ? { error: message } : undefined)
    .min(min, { error })
    .max(max, { error });
}

/** Query-string integer in [min, max]; empty or absent means "not given". */
export function intQuery(min: number, max: number) {
  return z.preprocess(
    (v) =>
      v === '' || v === undefined
        ? undefined
        : typeof v === 'string' && /^-?\d{1,10}$/.test(v)
          ? Number(v)
          : v,
    intInRange(min, max).optional(),
  );
}

/** Years PostgreSQL, JavaScript and people agree on. */
const YEAR_MIN = 1900;
const YEAR_MAX = 9999;

/** True for a real calendar date 'YYYY-MM-DD' (no 2026-02-30, no year 0 or "-1"). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < YEAR_MIN || year > YEAR_MAX) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A calendar date 'YYYY-MM-DD', as PostgreSQL `date` columns hold them. */
export const calendarDate = (message: string = m.invalidDate) =>
  z.string({ error: message }).trim().max(10, { error: message }).refine(isCalendarDate, { error: message });

/** True for an ISO 8601 instant or calendar date that parses to a real moment between 1900 and 9999. */
export function isInstant(value: string): boolean {
  if (value.length > 40) return false;
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value))
    return false;
  if (!isCalendarDate(value.slice(0, 10))) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time);
}

/** An ISO 8601 instant ('2026-03-01T18:00:00Z', or a calendar date), as a string. */
export const instantText = (message: string = m.invalidDate) =>
  z.string({ error: message }).trim().refine(isInstant, { error: message });

/** An array of at most `max` items. */
export function boundedArray<T extends z.ZodType>(item: T, max: number, message?: string) {
  return z.array(item).max(max, { error: message ?? m.tooManyItems(max) });
}
