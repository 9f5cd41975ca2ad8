import { describe, expect, it } from 'vitest';
import { centsOf, toMicros } from './lineup-deltas.ts';

describe('a match change summed in the server (lineup-deltas.ts)', () => {
  it('reads a decimal as whole millionths, and refuses more decimals than that', () => {
    expect(toMicros('12.5')).toBe(12_500_000);
    expect(toMicros('-0.000001')).toBe(-1);
    expect(toMicros('3')).toBe(3_000_000);
    expect(toMicros('1.2500000')).toBe(1_250_000);
    expect(toMicros('0.0000001')).toBeNull();
    expect(toMicros('1e3')).toBeNull();
  });

  it('rounds to the cent as round(numeric, 2) does: halves away from zero', () => {
    expect([5000, -5000, 4999, -4999, 15_000, -15_000, 0].map(centsOf)).toEqual([1, -1, 0, -0, 2, -2, 0]);
  });
});
