import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { applyPacked, packedMoves, unpackChanges } from './packed-changes.ts';
import { PACKED_BITMAP, PACKED_GROUPED, packChanges, packedChanges } from './points-log.ts';
import { buildSeqIndex } from './roster-slots.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** What the database packs for these (roster number, delta in points) changes. */
async function packed(changes: [number, number][]): Promise<Uint8Array | null> {
  const values = sql.join(
    changes.map(([seq, delta]) => sql`(${seq}::bigint, ${delta.toFixed(2)}::numeric)`),
    sql`, `,
  );
  const { rows } = await ctx.database.db.execute<{ packed: Uint8Array | null }>(sql`
    with changed(seq, delta) as (values ${values})
    select ${packedChanges(sql`changed`)} as packed from changed having count(*) > 0`);
  return rows[0]!.packed;
}

const formatOf = (event: Uint8Array) => new DataView(event.buffer, event.byteOffset).getInt32(0);

/** A league of these roster numbers: applies the event to zero totals, by number. */
function applied(seqs: number[], event: Uint8Array): Map<number, number> | null {
  const index = buildSeqIndex(Float64Array.from(seqs));
  const cents = new Float64Array(seqs.length);
  if (!applyPacked(event, index, cents)) return null;
  return new Map(seqs.map((seq, slot) => [seq, cents[slot]!]));
}

const expected = (seqs: number[], changes: [number, number][]) => {
  const totals = new Map(seqs.map((seq) => [seq, 0]));
  for (const [seq, delta] of changes) totals.set(seq, Math.round(delta * 100));
  return totals;
};

describe('packed points changes, as the database writes them', () => {
  it('round-trip through the standings in either format, for any league and deltas', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.boolean(),
        fc.array(fc.integer({ min: -50_000, max: 50_000 }), { minLength: 1, maxLength: 40 }),
        fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
        async (size, first, spread, amounts, coin) => {
          // the league's numbers: consecutive, or far apart (other leagues' rosters in between)
          const seqs = Array.from({ length: size }, (_, i) => first + (spread ? i * 37 : i));
          const changes = seqs
            .filter(() => coin.next().value! < 0.6)
            .map((seq, i): [number, number] => [seq, amounts[i % amounts.length]! / 100]);
          fc.pre(changes.length > 0);
          const event = (await packed(changes))!;
          // a bitmap when it takes less than two bytes a change, as for consecutive numbers
          const span = changes.at(-1)![0] - changes[0]![0];
          expect(formatOf(event)).toBe(
            Math.floor(span / 8) < 2 * changes.length ? PACKED_BITMAP : PACKED_GROUPED,
          );
          if (!spread) expect(formatOf(event)).toBe(PACKED_BITMAP);
          expect(applied(seqs, event)).toEqual(expected(seqs, changes));
          // the server packs the same changes the same way (a bitmap byte for byte), and both unpack to them
          const cents = changes.map(([, delta]) => Math.round(delta * 100));
          const mine = packChanges(
            changes.map(([seq]) => seq),
            cents,
          )!;
          expect(formatOf(mine)).toBe(formatOf(event));
          if (formatOf(event) === PACKED_BITMAP)
            expect(Buffer.from(mine).equals(Buffer.from(event))).toBe(true);
          expect(applied(seqs, mine)).toEqual(expected(seqs, changes));
          // unpacked, a delta of zero is left out: it changes nothing (and writers never pack one)
          const moved = changes.map(([seq], i) => [seq, cents[i]!]).filter(([, c]) => c !== 0);
          for (const e of [event, mine]) {
            const unpacked = unpackChanges(e)!;
            expect(Array.from(unpacked.seqs)).toEqual(moved.map(([seq]) => seq));
            expect(Array.from(unpacked.cents)).toEqual(moved.map(([, c]) => c));
          }
          // the largest rise and fall it carries, read from the deltas alone
          expect(packedMoves(event)).toEqual({
            rise: Math.max(0, ...cents),
            fall: Math.max(0, ...cents.map((c) => -c)),
          });
        },
      ),
      { numRuns: 30 },
    );
  });

  it('a bitmap names each delta with two bytes past 256 distinct ones, in about two bytes a change', async () => {
    const seqs = Array.from({ length: 5000 }, (_, i) => 10_000 + i);
    const changes = seqs.map((seq, i): [number, number] => [seq, (i % 700) - 350 + 0.25]);
    const event = (await packed(changes))!;
    expect(formatOf(event)).toBe(PACKED_BITMAP);
    expect(event.byteLength).toBe(16 + 700 * 4 + 5000 / 8 + 5000 * 2);
    expect(applied(seqs, event)).toEqual(expected(seqs, changes));
    expect(packedMoves(event)).toEqual({ rise: 34_925, fall: 34_975 });
    const cents = changes.map(([, delta]) => Math.round(delta * 100));
    expect(Buffer.from(packChanges(seqs, cents)!).equals(Buffer.from(event))).toBe(true);
    expect(Array.from(unpackChanges(event)!.cents)).toEqual(cents);
    expect(unpackChanges(event.subarray(0, event.byteLength - 1))).toBeNull();
    // …and a reader refuses it cut short, with an extra byte, or naming a delta it does not carry
    expect(applied(seqs, event.subarray(0, event.byteLength - 1))).toBeNull();
    expect(applied(seqs, Uint8Array.from([...event, 0]))).toBeNull();
    const bad = Uint8Array.from(event);
    bad[bad.byteLength - 2] = 0xff;
    expect(applied(seqs, bad)).toBeNull();
    // or naming a roster the standings do not know
    expect(applied(seqs.slice(1), event)).toBeNull();
  });

  it('is null when a delta does not fit, so readers read the league again', async () => {
    expect(await packed([[5, 30_000_000]])).toBeNull();
    expect(packChanges([5], [3_000_000_000])).toBeNull();
  });

  it('refuses roster numbers out of order or twice (a bitmap would name other rosters)', () => {
    expect(() => packChanges([1, 10, 9], [100, 100, 100])).toThrow(RangeError);
    expect(() => packChanges([1, 2, 2], [100, 100, 100])).toThrow(RangeError);
    expect(packChanges([1, 2, 9], [100, 100, 100])).not.toBeNull();
  });
});
