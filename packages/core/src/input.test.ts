import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boundedArray,
  calendarDate,
  decimalInRange,
  hasControlChars,
  INT4_MAX,
  intInRange,
  intQuery,
  isCalendarDate,
  isInstant,
  safeText,
} from './input.ts';
import { MESSAGES } from './messages.ts';

// any UTF-16 code units, lone surrogates included
const utf16 = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 15 })
  .map((units) => String.fromCharCode(...units));

describe('safeText', () => {
  it('refuses control characters and lone surrogates, keeps accents, emoji and (multi-line) newlines', () => {
    const line = safeText(50);
    for (const bad of [
      '\u0000',
      'a\u0000b',
      '\u0007',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      'a\nb',
      '\ud800',
      'x\udc00',
    ])
      expect(line.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const good of ['Gen.G', "Anyone's Legend", 'Perché 🎮', 'İstanbul', ''])
      expect(line.safeParse(good).success, good).toBe(true);
    expect(safeText(50, { multiline: true }).safeParse('riga\r\nriga\tdue').success).toBe(true);
    expect(safeText(50, { multiline: true }).safeParse('a\u0000').success).toBe(false);
  });

  it('gives the Italian message and the maximum length', () => {
    expect(safeText(5).safeParse('\u0000').error?.issues[0]?.message).toBe(
      MESSAGES.validation.controlCharacters,
    );
    expect(safeText(5).safeParse('abcdef').error?.issues[0]?.message).toBe(
      MESSAGES.validation.textTooLong(5),
    );
  });

  it('accepts exactly the strings without a control character, up to the limit', () => {
    fc.assert(
      fc.property(utf16, (s) => {
        const hasCc = [...s].some((ch) => {
          const c = ch.codePointAt(0)!;
          return c < 0x20 || (c >= 0x7f && c <= 0x9f) || (c >= 0xd800 && c <= 0xdfff);
        });
        expect(safeText(30).safeParse(s).success).toBe(!hasCc);
        expect(hasControlChars(s)).toBe(hasCc);
      }),
    );
  });
});

describe('numbers', () => {
  it('int4 by default, with the column range when given', () => {
    const int4 = intInRange();
    expect(int4.safeParse(INT4_MAX).success).toBe(true);
    expect(int4.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(int4.safeParse(-(2 ** 31) - 1).success).toBe(false);
    expect(int4.safeParse(1.5).success).toBe(false);
    expect(intInRange(1, 5).safeParse(6).error?.issues[0]?.message).toBe(
      MESSAGES.validation.numberOutOfRange(1, 5),
    );
  });

  it('decimals within their bounds, never infinite', () => {
    const rule = decimalInRange(-1000, 1000);
    expect(rule.safeParse(-0.5).success).toBe(true);
    for (const bad of [1e10, -1e308, Number.POSITIVE_INFINITY, Number.NaN])
      expect(rule.safeParse(bad).success).toBe(false);
  });

  it('query integers: digits only, empty is absent', () => {
    const tier = intQuery(1, 5);
    expect(tier.safeParse('3').data).toBe(3);
    expect(tier.safeParse('').data).toBeUndefined();
    for (const bad of ['1e400', '0x10', '99999999999999999999', '2.5', '6', 'NaN'])
      expect(tier.safeParse(bad).success).toBe(false);
  });
});

describe('dates', () => {
  it('calendar dates are real dates between 1900 and 9999', () => {
    for (const good of ['2026-03-01', '2024-02-29', '1900-01-01', '9999-12-31'])
      expect(isCalendarDate(good), good).toBe(true);
    for (const bad of [
      '-1',
      '2026-02-30',
      '2025-02-29',
      '0000-01-01',
      '99999-01-01',
      '2026-1-1',
      '2026-13-01',
      '',
    ])
      expect(isCalendarDate(bad), bad).toBe(false);
    expect(calendarDate().safeParse('-1').error?.issues[0]?.message).toBe(MESSAGES.validation.invalidDate);
  });

  it('instants are ISO 8601 and parse', () => {
    for (const good of [
      '2026-03-01T18:00:00Z',
      '2026-03-01T18:00:00.123+02:00',
      '2026-03-01',
      '2026-03-01T18:00',
    ])
      expect(isInstant(good), good).toBe(true);
    for (const bad of [
      '-1',
      '2026-13-01T25:61:00Z',
      '2026-02-30T10:00:00Z',
      'tomorrow',
      '1e10',
      '+275760-09-13',
    ])
      expect(isInstant(bad), bad).toBe(false);
  });

  it('every calendar date from fast-check round-trips', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('9999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          expect(isCalendarDate(d.toISOString().slice(0, 10))).toBe(true);
          expect(isInstant(d.toISOString())).toBe(true);
        },
      ),
    );
  });
});

describe('boundedArray', () => {
  it('refuses more items than the maximum', () => {
    const teams = boundedArray(safeText(10), 3);
    expect(teams.safeParse(['a', 'b', 'c']).success).toBe(true);
    expect(teams.safeParse(['a', 'b', 'c', 'd']).error?.issues[0]?.message).toBe(
      MESSAGES.validation.tooManyItems(3),
    );
  });
});
