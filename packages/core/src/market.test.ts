import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LeagueStatus } from './economy.ts';
import type { MarketLeague } from './market.ts';
import {
  isInMarketBlockWindow,
  isMarketTimezone,
  isTradeBlocked,
  isValidHHMM,
  MARKET_TIMEZONES,
  marketBlockWindowEnd,
  marketStatus,
  parseTimeOfDay,
} from './market.ts';

const at = (iso: string) => new Date(iso);

function league(overrides: Partial<MarketLeague> = {}): MarketLeague {
  return {
    status: 'Active',
    marketOpen: true,
    marketBlockTimezone: 'UTC',
    marketBlockStartTime: null,
    marketBlockEndTime: null,
    ...overrides,
  };
}

function windowed(timezone: string | null, start: string, end: string, extra: Partial<MarketLeague> = {}) {
  return league({
    marketBlockTimezone: timezone,
    marketBlockStartTime: start,
    marketBlockEndTime: end,
    ...extra,
  });
}

describe('isValidHHMM and parseTimeOfDay', () => {
  it('accepts 24-hour HH:MM only', () => {
    for (const ok of ['00:00', '09:05', '23:59', '12:30']) expect(isValidHHMM(ok)).toBe(true);
    for (const bad of ['24:00', '9:05', '12:60', '12:3', '12:30:00', '', 'ab:cd', ' 12:30']) {
      expect(isValidHHMM(bad)).toBe(false);
    }
  });

  it('reads HH:MM and the HH:MM:SS that PostgreSQL returns', () => {
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('02:30')).toBe(2 * 3600 + 30 * 60);
    expect(parseTimeOfDay('23:59:59')).toBe(86_399);
    expect(parseTimeOfDay('25:00')).toBeNull();
    expect(parseTimeOfDay('noon')).toBeNull();
  });

  it('lists the six spec time zones', () => {
    expect(MARKET_TIMEZONES).toEqual([
      'UTC',
      'Europe/Rome',
      'America/New_York',
      'America/Los_Angeles',
      'Asia/Seoul',
      'Asia/Shanghai',
    ]);
    expect(isMarketTimezone('Asia/Seoul')).toBe(true);
    expect(isMarketTimezone('Europe/Paris')).toBe(false);
  });
});

describe('marketStatus without a daily window', () => {
  it('is open when the market is open', () => {
    expect(marketStatus(league(), at('2025-06-01T12:00:00Z'))).toEqual({
      playersBlocked: false,
      championsBlocked: false,
      reason: null,
      reopensAt: null,
      timeBlocked: false,
      manuallyClosed: false,
    });
  });

  it('blocks only players when closed by hand (DECISIONS 8)', () => {
    expect(marketStatus(league({ marketOpen: false }), at('2025-06-01T12:00:00Z'))).toEqual({
      playersBlocked: true,
      championsBlocked: false,
      reason: 'manual_closure',
      reopensAt: null,
      timeBlocked: false,
      manuallyClosed: true,
    });
  });

  it('blocks everything in a Completed league, even with the market open (DECISIONS 9)', () => {
    const status = marketStatus(league({ status: 'Completed' }), at('2025-06-01T12:00:00Z'));
    expect(status).toMatchObject({ playersBlocked: true, championsBlocked: true, reason: 'completed' });
    expect(status.reopensAt).toBeNull();
  });

  it('treats equal, half-set or malformed times as no window', () => {
    const now = at('2025-06-01T12:00:00Z');
    expect(marketStatus(windowed('UTC', '12:00', '12:00'), now).timeBlocked).toBe(false);
    expect(marketStatus(league({ marketBlockStartTime: '11:00' }), now).timeBlocked).toBe(false);
    expect(marketStatus(league({ marketBlockEndTime: '13:00' }), now).timeBlocked).toBe(false);
    expect(marketStatus(windowed('UTC', '11:00', 'soon'), now).timeBlocked).toBe(false);
  });
});

describe('marketStatus with a daily window in UTC', () => {
  const lg = windowed('UTC', '10:00', '12:00');

  it('blocks both from start (inclusive) to end (exclusive)', () => {
    expect(marketStatus(lg, at('2025-06-01T09:59:59Z')).timeBlocked).toBe(false);
    expect(marketStatus(lg, at('2025-06-01T10:00:00Z'))).toEqual({
      playersBlocked: true,
      championsBlocked: true,
      reason: 'time_block',
      reopensAt: at('2025-06-01T12:00:00Z'),
      timeBlocked: true,
      manuallyClosed: false,
    });
    expect(marketStatus(lg, at('2025-06-01T11:59:59.999Z')).reopensAt).toEqual(at('2025-06-01T12:00:00Z'));
    expect(marketStatus(lg, at('2025-06-01T12:00:00Z')).reason).toBeNull();
  });

  it('reads a null time zone as UTC, and so an unknown one', () => {
    const now = at('2025-06-01T11:00:00Z');
    expect(marketStatus(windowed(null, '10:00', '12:00'), now).reopensAt).toEqual(at('2025-06-01T12:00:00Z'));
    expect(marketStatus(windowed('Mars/Olympus', '10:00', '12:00'), now).reopensAt).toEqual(
      at('2025-06-01T12:00:00Z'),
    );
  });

  it('accepts HH:MM:SS from the database', () => {
    const status = marketStatus(windowed('UTC', '10:00:00', '12:00:00'), at('2025-06-01T11:00:00Z'));
    expect(status.reopensAt).toEqual(at('2025-06-01T12:00:00Z'));
  });

  it('names the window as the reason when a manual closure also applies', () => {
    const status = marketStatus({ ...lg, marketOpen: false }, at('2025-06-01T11:00:00Z'));
    expect(status).toEqual({
      playersBlocked: true,
      championsBlocked: true,
      reason: 'time_block',
      reopensAt: at('2025-06-01T12:00:00Z'),
      timeBlocked: true,
      manuallyClosed: true,
    });
    // after the window, the manual closure still holds players
    expect(marketStatus({ ...lg, marketOpen: false }, at('2025-06-01T12:00:00Z')).reason).toBe(
      'manual_closure',
    );
  });

  it('still reports the window in a Completed league, without a reopening time', () => {
    const status = marketStatus({ ...lg, status: 'Completed' }, at('2025-06-01T11:00:00Z'));
    expect(status).toMatchObject({ reason: 'completed', timeBlocked: true, reopensAt: null });
  });
});

describe('windows that cross midnight', () => {
  // Europe/Rome in January is UTC+1: 23:00–02:00 local = 22:00Z–01:00Z
  const lg = windowed('Europe/Rome', '23:00', '02:00');

  it('blocks before and after midnight and reopens at 02:00 local', () => {
    expect(marketStatus(lg, at('2025-01-15T21:59:00Z')).timeBlocked).toBe(false); // 22:59 local
    expect(marketStatus(lg, at('2025-01-15T22:30:00Z')).reopensAt).toEqual(at('2025-01-16T01:00:00Z')); // 23:30
    expect(marketStatus(lg, at('2025-01-16T00:30:00Z')).reopensAt).toEqual(at('2025-01-16T01:00:00Z')); // 01:30
    expect(marketStatus(lg, at('2025-01-16T01:00:00Z')).timeBlocked).toBe(false); // 02:00
  });
});

describe('DST in Europe/Rome', () => {
  it('uses summer time in July (UTC+2)', () => {
    const lg = windowed('Europe/Rome', '09:00', '17:00');
    expect(marketStatus(lg, at('2025-07-01T06:59:00Z')).timeBlocked).toBe(false); // 08:59
    expect(marketStatus(lg, at('2025-07-01T10:00:00Z')).reopensAt).toEqual(at('2025-07-01T15:00:00Z'));
  });

  it('reopens at 04:00 local over the spring-forward night (window lasts 4 h, not 5)', () => {
    // 2025-03-30: 02:00 CET jumps to 03:00 CEST (01:00Z). 23:30 CET = 22:30Z.
    const lg = windowed('Europe/Rome', '23:00', '04:00');
    expect(marketStatus(lg, at('2025-03-29T22:30:00Z')).reopensAt).toEqual(at('2025-03-30T02:00:00Z'));
  });

  it('reopens at 04:00 local over the fall-back night (window lasts 6 h)', () => {
    // 2025-10-26: 03:00 CEST goes back to 02:00 CET (01:00Z). 23:30 CEST = 21:30Z.
    const lg = windowed('Europe/Rome', '23:00', '04:00');
    expect(marketStatus(lg, at('2025-10-25T21:30:00Z')).reopensAt).toEqual(at('2025-10-26T03:00:00Z'));
  });

  it('reopens when the clock jumps past an end time that does not exist', () => {
    // 02:30 local never happens on 2025-03-30; the clock reads 03:00 at 01:00Z.
    const lg = windowed('Europe/Rome', '01:00', '02:30');
    const status = marketStatus(lg, at('2025-03-30T00:30:00Z')); // 01:30 CET
    expect(status.reopensAt).toEqual(at('2025-03-30T01:00:00Z'));
    expect(marketStatus(lg, at('2025-03-30T00:59:59Z')).timeBlocked).toBe(true);
    expect(marketStatus(lg, at('2025-03-30T01:00:00Z')).timeBlocked).toBe(false); // 03:00 CEST
  });

  it('reopens at the first 02:30 of a repeated hour, and at the second when already past the first', () => {
    const lg = windowed('Europe/Rome', '02:00', '02:30');
    // 02:10 CEST = 00:10Z → first 02:30 is 00:30Z
    expect(marketStatus(lg, at('2025-10-26T00:10:00Z')).reopensAt).toEqual(at('2025-10-26T00:30:00Z'));
    // 02:10 CET (second pass) = 01:10Z → blocked again, reopens at 02:30 CET = 01:30Z
    expect(marketStatus(lg, at('2025-10-26T01:10:00Z')).reopensAt).toEqual(at('2025-10-26T01:30:00Z'));
  });
});

describe('DST in America/New_York', () => {
  const lg = windowed('America/New_York', '22:00', '06:00');

  it('reopens at 06:00 EDT after the spring-forward night', () => {
    // 2025-03-09 02:00 EST → 03:00 EDT. 23:00 EST = 04:00Z; 06:00 EDT = 10:00Z
    expect(marketStatus(lg, at('2025-03-09T04:00:00Z')).reopensAt).toEqual(at('2025-03-09T10:00:00Z'));
  });

  it('reopens at 06:00 EST after the fall-back night', () => {
    // 2025-11-02 02:00 EDT → 01:00 EST. 23:00 EDT = 03:00Z; 06:00 EST = 11:00Z
    expect(marketStatus(lg, at('2025-11-02T03:00:00Z')).reopensAt).toEqual(at('2025-11-02T11:00:00Z'));
  });

  it('uses each day’s own offset for the start', () => {
    // 22:00 EST in January = 03:00Z next day; 22:00 EDT in July = 02:00Z next day
    expect(marketStatus(lg, at('2025-01-16T02:59:00Z')).timeBlocked).toBe(false);
    expect(marketStatus(lg, at('2025-01-16T03:00:00Z')).timeBlocked).toBe(true);
    expect(marketStatus(lg, at('2025-07-16T01:59:00Z')).timeBlocked).toBe(false);
    expect(marketStatus(lg, at('2025-07-16T02:00:00Z')).timeBlocked).toBe(true);
  });
});

describe('helpers', () => {
  it('isInMarketBlockWindow and marketBlockWindowEnd agree with marketStatus', () => {
    const window = { timezone: 'Asia/Seoul', startTime: '18:00', endTime: '20:00' };
    // Seoul is UTC+9 all year: 19:00 local = 10:00Z
    expect(isInMarketBlockWindow(window, at('2025-05-05T10:00:00Z'))).toBe(true);
    expect(marketBlockWindowEnd(window, at('2025-05-05T10:00:00Z'))).toEqual(at('2025-05-05T11:00:00Z'));
    expect(isInMarketBlockWindow(window, at('2025-05-05T11:00:00Z'))).toBe(false);
    expect(marketBlockWindowEnd(window, at('2025-05-05T11:00:00Z'))).toBeNull();
  });

  it('a window across midnight ends when the autumn clock repeats its end time, not a day later', () => {
    // Rome, 26 Oct 2025: 03:00 CEST (01:00Z) goes back to 02:00 CET. At 02:59 CEST the
    // window 02:01–02:00 is on; a minute later the clock reads 02:00 again and the market opens.
    const window = { timezone: 'Europe/Rome', startTime: '02:01', endTime: '02:00' };
    expect(isInMarketBlockWindow(window, at('2025-10-26T00:59:00Z'))).toBe(true);
    expect(marketBlockWindowEnd(window, at('2025-10-26T00:59:00Z'))).toEqual(at('2025-10-26T01:00:00Z'));
    expect(isInMarketBlockWindow(window, at('2025-10-26T01:00:00Z'))).toBe(false);
    // After the repeat, the window's next end is the next day's 02:00 CET.
    expect(marketBlockWindowEnd(window, at('2025-10-26T01:01:00Z'))).toEqual(at('2025-10-27T01:00:00Z'));
  });

  it('isTradeBlocked picks the side of the market', () => {
    const status = marketStatus(league({ marketOpen: false }), at('2025-06-01T12:00:00Z'));
    expect(isTradeBlocked(status, 'player')).toBe(true);
    expect(isTradeBlocked(status, 'champion')).toBe(false);
  });
});

// ---------------------------------------------------------------- properties

const MINUTE = 60_000;
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

// Instants near the 2025 DST changes of Rome and New York, plus anywhere in 2020–2030.
const DST_INSTANTS = [
  '2025-03-30T01:00:00Z',
  '2025-10-26T01:00:00Z',
  '2025-03-09T07:00:00Z',
  '2025-11-02T06:00:00Z',
].map((iso) => Date.parse(iso));
const minuteInstant = fc
  .oneof(
    fc.integer({
      min: Date.parse('2020-01-01T00:00:00Z') / MINUTE,
      max: Date.parse('2030-01-01T00:00:00Z') / MINUTE,
    }),
    fc
      .tuple(fc.constantFrom(...DST_INSTANTS), fc.integer({ min: -2 * 1440, max: 2 * 1440 }))
      .map(([base, offset]) => base / MINUTE + offset),
  )
  .map((minutes) => new Date(minutes * MINUTE));

/** Local wall clock read through TZDate getters, independently of market.ts. */
function localWall(instant: number, timezone: string) {
  const d = new TZDate(instant, timezone);
  return {
    minuteOfDay: d.getHours() * 60 + d.getMinutes(),
    wall: Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes()),
  };
}

function toMinutes(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The window as an explicit set of minutes, walking from start to end one minute at a time. */
function blockedMinutes(start: string, end: string): Set<number> {
  const minutes = new Set<number>();
  for (let m = toMinutes(start); m !== toMinutes(end); m = (m + 1) % 1440) minutes.add(m);
  return minutes;
}

/** First minute after `now` at which the local clock reads `end` or jumps over it. */
function referenceReopening(now: number, timezone: string, end: string): number {
  const endMinute = toMinutes(end);
  let previous = localWall(now, timezone).wall;
  for (let u = now + MINUTE; u < now + 3 * 1440 * MINUTE; u += MINUTE) {
    const current = localWall(u, timezone);
    if (current.minuteOfDay === endMinute) return u;
    if (current.wall - previous > MINUTE) {
      for (let skipped = previous + MINUTE; skipped < current.wall; skipped += MINUTE) {
        if (Math.floor(skipped / MINUTE) % 1440 === endMinute) return u;
      }
    }
    previous = current.wall;
  }
  throw new Error('no reopening found');
}

const timezones = fc.constantFrom(...MARKET_TIMEZONES);

describe('marketStatus properties', () => {
  it('champions blocked implies players blocked', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<LeagueStatus>('Upcoming', 'Active', 'Completed'),
        fc.boolean(),
        fc.option(timezones),
        fc.option(hhmm),
        fc.option(hhmm),
        minuteInstant,
        (status, marketOpen, timezone, start, end, now) => {
          const result = marketStatus(
            {
              status,
              marketOpen,
              marketBlockTimezone: timezone,
              marketBlockStartTime: start,
              marketBlockEndTime: end,
            },
            now,
          );
          if (result.championsBlocked) expect(result.playersBlocked).toBe(true);
          expect(result.reason === null).toBe(!result.playersBlocked);
          if (result.reopensAt) expect(result.reopensAt.getTime()).toBeGreaterThan(now.getTime());
        },
      ),
      { numRuns: 500 },
    );
  });

  it('the window matches a minute-by-minute reference', () => {
    fc.assert(
      fc.property(
        timezones,
        hhmm,
        hhmm,
        minuteInstant,
        fc.integer({ min: 0, max: 59_999 }),
        (tz, start, end, now, ms) => {
          const instant = new Date(now.getTime() + ms);
          const expected = blockedMinutes(start, end).has(localWall(instant.getTime(), tz).minuteOfDay);
          expect(isInMarketBlockWindow({ timezone: tz, startTime: start, endTime: end }, instant)).toBe(
            expected,
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reopensAt is the first instant the local clock reaches the end time', () => {
    fc.assert(
      fc.property(timezones, hhmm, hhmm, minuteInstant, (tz, start, end, now) => {
        const window = { timezone: tz, startTime: start, endTime: end };
        fc.pre(isInMarketBlockWindow(window, now));
        const reopensAt = marketBlockWindowEnd(window, now);
        expect(reopensAt?.getTime()).toBe(referenceReopening(now.getTime(), tz, end));
      }),
      { numRuns: 150 },
    );
  });

  it('reopensAt matches the reference around DST changes, end times in the changing hours', () => {
    const nearDst = fc
      .tuple(fc.constantFrom(...DST_INSTANTS), fc.integer({ min: -12 * 60, max: 6 * 60 }))
      .map(([base, offset]) => new Date(base + offset * MINUTE));
    const earlyHours = fc
      .tuple(fc.integer({ min: 0, max: 4 }), fc.constantFrom(0, 15, 30, 59))
      .map(([h, m]) => `0${h}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.constantFrom('Europe/Rome', 'America/New_York'),
        hhmm,
        earlyHours,
        nearDst,
        (tz, start, end, now) => {
          const window = { timezone: tz, startTime: start, endTime: end };
          fc.pre(isInMarketBlockWindow(window, now));
          expect(marketBlockWindowEnd(window, now)?.getTime()).toBe(
            referenceReopening(now.getTime(), tz, end),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});
