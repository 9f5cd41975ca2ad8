import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isInMarketBlockWindow,
  type MarketLeague,
  nextMarketBlockStart,
  nextMarketDeadline,
} from './market.ts';

const at = (iso: string) => new Date(iso);
const league = (o: Partial<MarketLeague> = {}): MarketLeague => ({
  status: 'Active',
  marketOpen: true,
  marketBlockTimezone: 'Europe/Rome',
  marketBlockStartTime: '17:00',
  marketBlockEndTime: '23:00',
  ...o,
});
const windowOf = (l: MarketLeague) => ({
  timezone: l.marketBlockTimezone,
  startTime: l.marketBlockStartTime,
  endTime: l.marketBlockEndTime,
});

describe('nextMarketBlockStart', () => {
  it('is today’s start before it, tomorrow’s once the window has begun, in the league’s zone', () => {
    const w = windowOf(league());
    // 12:00 in Rome (CET, UTC+1) → 17:00 Rome = 16:00 UTC
    expect(nextMarketBlockStart(w, at('2026-01-15T11:00:00Z'))).toEqual(at('2026-01-15T16:00:00Z'));
    // inside the window (18:00 Rome) → tomorrow 17:00
    expect(nextMarketBlockStart(w, at('2026-01-15T17:00:00Z'))).toEqual(at('2026-01-16T16:00:00Z'));
    // exactly at the start → the next one
    expect(nextMarketBlockStart(w, at('2026-01-15T16:00:00Z'))).toEqual(at('2026-01-16T16:00:00Z'));
    // summer time (CEST, UTC+2)
    expect(nextMarketBlockStart(w, at('2026-07-01T10:00:00Z'))).toEqual(at('2026-07-01T15:00:00Z'));
  });

  it('is null without a window', () => {
    expect(
      nextMarketBlockStart({ timezone: 'UTC', startTime: null, endTime: null }, at('2026-01-01T00:00:00Z')),
    ).toBe(null);
  });

  it('is always after now, within a day, and the window begins there (property)', () => {
    const zones = ['UTC', 'Europe/Rome', 'America/New_York', 'Asia/Seoul'];
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        hhmm,
        hhmm,
        fc.date({ min: at('2025-01-01T00:00:00Z'), max: at('2027-12-31T00:00:00Z'), noInvalidDate: true }),
        (timezone, startTime, endTime, now) => {
          fc.pre(startTime !== endTime);
          const w = { timezone, startTime, endTime };
          const next = nextMarketBlockStart(w, now)!;
          expect(next.getTime()).toBeGreaterThan(now.getTime());
          expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3600_000);
          expect(isInMarketBlockWindow(w, next)).toBe(true);
          // a minute before, the clock read start - 1 min: outside [start, end) (zones without DST)
          if (timezone === 'UTC' || timezone === 'Asia/Seoul') {
            expect(isInMarketBlockWindow(w, new Date(next.getTime() - 60_000))).toBe(false);
          }
        },
      ),
    );
  });
});

describe('nextMarketDeadline', () => {
  const now = at('2026-01-15T11:00:00Z');
  it('is the block when it comes before the next match, the match otherwise', () => {
    expect(nextMarketDeadline(league(), at('2026-01-15T18:00:00Z'), now)).toEqual({
      at: at('2026-01-15T16:00:00Z'),
      kind: 'market_block',
    });
    expect(nextMarketDeadline(league(), at('2026-01-15T13:00:00Z'), now)).toEqual({
      at: at('2026-01-15T13:00:00Z'),
      kind: 'match_start',
    });
  });

  it('ignores a match already started, and has none in a completed league or with nothing ahead', () => {
    const noWindow = league({ marketBlockStartTime: null, marketBlockEndTime: null });
    expect(nextMarketDeadline(noWindow, at('2026-01-15T10:00:00Z'), now)).toBe(null);
    expect(nextMarketDeadline(noWindow, null, now)).toBe(null);
    expect(nextMarketDeadline(league({ status: 'Completed' }), at('2026-01-15T13:00:00Z'), now)).toBe(null);
  });
});
