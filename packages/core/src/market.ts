/**
 * Is the market open? (DECISIONS 8–10). The server enforces the answer and the web
 * app shows the same answer, so this is the only implementation.
 *
 * Time zones come from @date-fns/tz (`tzOffset`, backed by Intl). We work on "wall
 * time" (the instant shifted by the zone's offset, read as if it were UTC) instead of
 * building TZDate values for the reopening time, because TZDate moves a wall time
 * that falls in a DST gap forward by the gap's length (02:30 → 03:30) and picks the
 * second of two repeated wall times, while we want the first instant the local
 * clock shows the end time or later.
 */
import { tzOffset } from '@date-fns/tz';
import type { LeagueStatus } from './economy.ts';

export const MARKET_TIMEZONES = [
  'UTC',
  'Europe/Rome',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Seoul',
  'Asia/Shanghai',
] as const;
export type MarketTimezone = (typeof MARKET_TIMEZONES)[number];

export const DEFAULT_MARKET_TIMEZONE: MarketTimezone = 'UTC';

export function isMarketTimezone(value: unknown): value is MarketTimezone {
  return typeof value === 'string' && (MARKET_TIMEZONES as readonly string[]).includes(value);
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;
// PostgreSQL `time` columns come back as HH:MM:SS; accept that when reading a league.
const HHMM_SS = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** Strict 24-hour "HH:MM", what the admin form sends. */
export function isValidHHMM(value: string): boolean {
  return HHMM.test(value);
}

/** Seconds since local midnight for "HH:MM" or "HH:MM:SS"; null when malformed. */
export function parseTimeOfDay(value: string): number | null {
  const match = HHMM_SS.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0);
}

export interface MarketLeague {
  status: LeagueStatus;
  marketOpen: boolean;
  marketBlockTimezone: string | null;
  marketBlockStartTime: string | null;
  marketBlockEndTime: string | null;
}

export type MarketBlockReason = 'completed' | 'time_block' | 'manual_closure';

export interface MarketStatus {
  playersBlocked: boolean;
  championsBlocked: boolean;
  /** Why players are blocked (the stronger cause when several apply); null when open. */
  reason: MarketBlockReason | null;
  /** When the daily window ends; null when no window is active or the league is completed. */
  reopensAt: Date | null;
  /** The daily window is active right now (whatever the league status). */
  timeBlocked: boolean;
  /** An admin closed the player market (market_open = false). */
  manuallyClosed: boolean;
}

export interface MarketBlockWindow {
  timezone: string | null;
  startTime: string | null;
  endTime: string | null;
}

const MS_PER_DAY = 86_400_000;

/** Unknown or missing zones fall back to UTC so that a bad stored value can't break every page. */
function resolveZone(timezone: string | null): string {
  if (!timezone) return 'UTC';
  return Number.isNaN(tzOffset(timezone, new Date(0))) ? 'UTC' : timezone;
}

function offsetMs(zone: string, instant: number): number {
  return tzOffset(zone, new Date(instant)) * 60_000;
}

/** The local wall-clock reading of `instant`, encoded as milliseconds on a UTC axis. */
function wallTime(zone: string, instant: number): number {
  return instant + offsetMs(zone, instant);
}

/** The first instant after `after` at which the local clock reads exactly `wall`, or null (skipped, or past). */
function exactInstantAtWallTime(zone: string, wall: number, after: number): number | null {
  const candidates = [wall - offsetMs(zone, wall - MS_PER_DAY), wall - offsetMs(zone, wall + MS_PER_DAY)]
    .filter((instant) => instant > after && wallTime(zone, instant) === wall)
    .sort((a, b) => a - b);
  return candidates[0] ?? null;
}

/**
 * The first instant after `after` at which the local clock reads `wall` or later.
 * Usually that is the instant the clock reads exactly `wall`; when `wall` is repeated
 * (autumn) it is the first reading; when `wall` is skipped (spring) it is the moment
 * of the jump.
 */
function firstInstantAtWallTime(zone: string, wall: number, after: number): number {
  const exact = exactInstantAtWallTime(zone, wall, after);
  if (exact !== null) return exact;
  const offsetBefore = offsetMs(zone, wall - MS_PER_DAY);
  const offsetAfter = offsetMs(zone, wall + MS_PER_DAY);
  // Skipped wall time: binary-search the offset change between the two candidates.
  let lo = Math.min(wall - offsetBefore, wall - offsetAfter);
  let hi = Math.max(wall - offsetBefore, wall - offsetAfter);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallTime(zone, mid) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

interface ParsedWindow {
  zone: string;
  start: number;
  end: number;
}

function parseWindow(window: MarketBlockWindow): ParsedWindow | null {
  if (window.startTime === null || window.endTime === null) return null;
  const start = parseTimeOfDay(window.startTime);
  const end = parseTimeOfDay(window.endTime);
  // start == end would mean "always" or "never"; the admin form refuses it, and we read it as no window.
  if (start === null || end === null || start === end) return null;
  return { zone: resolveZone(window.timezone), start: start * 1000, end: end * 1000 };
}

function isInside(timeOfDay: number, start: number, end: number): boolean {
  return start < end ? timeOfDay >= start && timeOfDay < end : timeOfDay >= start || timeOfDay < end;
}

/**
 * Is `now` inside the daily block window [start, end) in the window's time zone?
 * A window with start later than end crosses midnight (23:00–02:00).
 */
export function isInMarketBlockWindow(window: MarketBlockWindow, now: Date): boolean {
  const parsed = parseWindow(window);
  if (!parsed) return false;
  const wall = wallTime(parsed.zone, now.getTime());
  const timeOfDay = ((wall % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  return isInside(timeOfDay, parsed.start, parsed.end);
}

/**
 * When the daily window that contains `now` ends: the next instant the local clock
 * reads the end time (or, across a DST gap, the first instant after it). Null when
 * `now` is outside the window.
 */
export function marketBlockWindowEnd(window: MarketBlockWindow, now: Date): Date | null {
  const parsed = parseWindow(window);
  if (!parsed) return null;
  const instant = now.getTime();
  const wall = wallTime(parsed.zone, instant);
  const timeOfDay = ((wall % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  if (!isInside(timeOfDay, parsed.start, parsed.end)) return null;
  const localMidnight = wall - timeOfDay;
  const crossesMidnight = parsed.start > parsed.end;
  if (crossesMidnight && timeOfDay >= parsed.start) {
    // Before midnight the end is tomorrow's, unless an autumn change is about to repeat
    // today's end time: then the clock reads it again first.
    const repeat = exactInstantAtWallTime(parsed.zone, localMidnight + parsed.end, instant);
    if (repeat !== null) return new Date(repeat);
    return new Date(firstInstantAtWallTime(parsed.zone, localMidnight + MS_PER_DAY + parsed.end, instant));
  }
  return new Date(firstInstantAtWallTime(parsed.zone, localMidnight + parsed.end, instant));
}

/**
 * DECISIONS 8–9: a Completed league blocks everything; the daily window blocks
 * players and champions; a manual closure blocks players only. When the window and
 * a manual closure both apply, the window is the reason shown (it is the one with a
 * known reopening time) and players stay blocked after it ends.
 */
export function marketStatus(league: MarketLeague, now: Date): MarketStatus {
  const window: MarketBlockWindow = {
    timezone: league.marketBlockTimezone,
    startTime: league.marketBlockStartTime,
    endTime: league.marketBlockEndTime,
  };
  const windowEnd = marketBlockWindowEnd(window, now);
  const timeBlocked = windowEnd !== null;
  const manuallyClosed = !league.marketOpen;

  if (league.status === 'Completed') {
    return {
      playersBlocked: true,
      championsBlocked: true,
      reason: 'completed',
      reopensAt: null,
      timeBlocked,
      manuallyClosed,
    };
  }
  if (timeBlocked) {
    return {
      playersBlocked: true,
      championsBlocked: true,
      reason: 'time_block',
      reopensAt: windowEnd,
      timeBlocked,
      manuallyClosed,
    };
  }
  return {
    playersBlocked: manuallyClosed,
    championsBlocked: false,
    reason: manuallyClosed ? 'manual_closure' : null,
    reopensAt: null,
    timeBlocked,
    manuallyClosed,
  };
}

/** Convenience for trade checks: is buying or selling this kind of item blocked now? */
export function isTradeBlocked(status: MarketStatus, itemKind: 'player' | 'champion'): boolean {
  return itemKind === 'player' ? status.playersBlocked : status.championsBlocked;
}

/**
 * The next instant the daily block window starts (the local clock reads its start time), strictly after
 * `now`; null when the league has no window. Inside a window, that is the next day's start.
 */
export function nextMarketBlockStart(window: MarketBlockWindow, now: Date): Date | null {
  const parsed = parseWindow(window);
  if (!parsed) return null;
  const instant = now.getTime();
  const wall = wallTime(parsed.zone, instant);
  const timeOfDay = ((wall % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  const localMidnight = wall - timeOfDay;
  const day = timeOfDay < parsed.start ? localMidnight : localMidnight + MS_PER_DAY;
  return new Date(firstInstantAtWallTime(parsed.zone, day + parsed.start, instant));
}

export type MarketDeadlineKind = 'market_block' | 'match_start';

export interface MarketDeadline {
  at: Date;
  /** the automatic market block starts, or a match starts (its points go only to who held the player then) */
  kind: MarketDeadlineKind;
}

/**
 * What a player has to beat: the next automatic market block or the next match start, whichever comes
 * first (issue 14). None in a completed league; a match start only when one is scheduled after `now`.
 */
export function nextMarketDeadline(
  league: MarketLeague,
  nextMatchStart: Date | null,
  now: Date,
): MarketDeadline | null {
  if (league.status === 'Completed') return null;
  const block = nextMarketBlockStart(
    {
      timezone: league.marketBlockTimezone,
      startTime: league.marketBlockStartTime,
      endTime: league.marketBlockEndTime,
    },
    now,
  );
  const match = nextMatchStart && nextMatchStart.getTime() > now.getTime() ? nextMatchStart : null;
  if (block && (!match || block.getTime() <= match.getTime())) return { at: block, kind: 'market_block' };
  return match ? { at: match, kind: 'match_start' } : null;
}
