/**
 * The slot of each roster number. The numbers come from one sequence for every league, so a league's are
 * usually dense: an array from the smallest (a lookup is one read); a Map when they are spread out.
 */
export type SeqIndex = (
  | { kind: 'array'; base: number; slots: Int32Array }
  | { kind: 'map'; slots: Map<number, number> }
) & {
  /** slot → roster number, the other way */
  numbers: Float64Array;
};

export function buildSeqIndex(seqs: Float64Array): SeqIndex {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const seq of seqs) {
    if (seq < min) min = seq;
    if (seq > max) max = seq;
  }
  if (seqs.length === 0 || max - min + 1 > 4 * seqs.length + 1024) {
    const slots = new Map<number, number>();
    for (let slot = 0; slot < seqs.length; slot++) slots.set(seqs[slot]!, slot);
    return { kind: 'map', slots, numbers: seqs };
  }
  // slot + 1 in each entry: 0 is a number no roster of the league has
  const slots = new Int32Array(max - min + 1);
  for (let slot = 0; slot < seqs.length; slot++) slots[seqs[slot]! - min] = slot + 1;
  return { kind: 'array', base: min, slots, numbers: seqs };
}

/** The slot of roster number `seq`, or -1. */
export function slotOfSeq(index: SeqIndex, seq: number): number {
  if (index.kind === 'map') return index.slots.get(seq) ?? -1;
  const at = seq - index.base;
  return at >= 0 && at < index.slots.length ? index.slots[at]! - 1 : -1;
}
