import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RosterIds } from './roster-ids.ts';

describe('roster ids by slot', () => {
  it('give back each id and find each slot, for any uuids', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid(), { maxLength: 200 }), fc.uuid(), (ids, other) => {
        const kept = new RosterIds(ids);
        expect(kept.length).toBe(ids.length);
        for (const [slot, id] of ids.entries()) {
          expect(kept.at(slot)).toBe(id);
          expect(kept.slotOf(id)).toBe(slot);
          expect(kept.slotOf(id.toUpperCase())).toBe(slot);
        }
        if (!ids.includes(other)) expect(kept.slotOf(other)).toBeUndefined();
      }),
    );
  });

  it('find every one of many ids that share their first bytes (not only random v4 ones)', () => {
    const ids = Array.from(
      { length: 5000 },
      (_, i) => `0190aa00-0000-7000-8000-${i.toString(16).padStart(12, '0')}`,
    );
    const kept = new RosterIds(ids);
    for (const [slot, id] of ids.entries()) expect(kept.slotOf(id)).toBe(slot);
    expect(kept.slotOf('0190aa00-0000-7000-8000-ffffffffffff')).toBeUndefined();
  });

  it('answer undefined for what is not a uuid, and refuse one at construction', () => {
    const kept = new RosterIds([randomUUID()]);
    for (const bad of [
      '',
      'abc',
      `${randomUUID()}0`,
      'g0000000-0000-4000-8000-000000000000',
      '00000000+0000-4000-8000-000000000000',
    ])
      expect(kept.slotOf(bad)).toBeUndefined();
    expect(() => new RosterIds(['nope'])).toThrow();
  });
});
