/**
 * A league's roster ids by slot, kept outside the JavaScript heap: each id as four 32-bit words in one
 * `Int32Array`, and an open-addressing table (id → slot) in another. A million ids as strings and a `Map`
 * from them are some 130 MB of heap objects that every full garbage collection walks (tens of
 * milliseconds at a time, which landed on the leaderboard's pages); these two arrays are 32 bytes a
 * roster the collector never looks into.
 */
export class RosterIds {
  readonly length: number;
  /** slot → the id's 16 bytes, as four big-endian words */
  private readonly words: Int32Array;
  /** hash → slot + 1 (0: empty); a power of two at least twice the ids */
  private readonly table: Int32Array;

  constructor(ids: readonly string[]) {
    this.length = ids.length;
    this.words = new Int32Array(ids.length * 4);
    let size = 16;
    while (size < ids.length * 2) size *= 2;
    this.table = new Int32Array(size);
    const mask = size - 1;
    for (let slot = 0; slot < ids.length; slot++) {
      if (!parseInto(ids[slot]!, this.words, slot * 4)) throw new Error(`not a uuid: ${ids[slot]}`);
      let at = hashOf(this.words, slot * 4) & mask;
      while (this.table[at] !== 0) at = (at + 1) & mask;
      this.table[at] = slot + 1;
    }
  }

  /** The id in `slot`, as PostgreSQL writes a uuid (lowercase, hyphenated). */
  at(slot: number): string {
    const w = this.words;
    const hex = (word: number) => (word >>> 0).toString(16).padStart(8, '0');
    const a = hex(w[slot * 4]!);
    const b = hex(w[slot * 4 + 1]!);
    const c = hex(w[slot * 4 + 2]!);
    const d = hex(w[slot * 4 + 3]!);
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
  }

  /** The slot of an id (any case), or undefined when it is not one of the league's. */
  slotOf(id: string): number | undefined {
    const probe = PROBE;
    if (!parseInto(id, probe, 0)) return undefined;
    const mask = this.table.length - 1;
    const w = this.words;
    for (let at = hashOf(probe, 0) & mask; ; at = (at + 1) & mask) {
      const entry = this.table[at]!;
      if (entry === 0) return undefined;
      const k = (entry - 1) * 4;
      if (w[k] === probe[0] && w[k + 1] === probe[1] && w[k + 2] === probe[2] && w[k + 3] === probe[3]) {
        return entry - 1;
      }
    }
  }
}

const PROBE = new Int32Array(4);

/** Mixes the four words (random in a v4 uuid, but not in every kind) into a table index. */
function hashOf(words: Int32Array, k: number): number {
  let h = Math.imul(words[k]! ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ words[k + 1]! ^ (h >>> 13), 0xc2b2ae35);
  h = Math.imul(h ^ words[k + 2]! ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ words[k + 3]! ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The value of one hexadecimal digit's char code, or -1. */
function hexDigit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 32;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return -1;
}

/** Writes the 16 bytes of a hyphenated uuid into `out` from `k`; false when `id` is not one. */
function parseInto(id: string, out: Int32Array, k: number): boolean {
  if (id.length !== 36 || id[8] !== '-' || id[13] !== '-' || id[18] !== '-' || id[23] !== '-') return false;
  let word = 0;
  let digits = 0;
  let w = k;
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) continue;
    const v = hexDigit(id.charCodeAt(i));
    if (v < 0) return false;
    word = (word << 4) | v;
    if (++digits === 8) {
      out[w++] = word;
      word = 0;
      digits = 0;
    }
  }
  return true;
}
