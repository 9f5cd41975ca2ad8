import type { Role } from '@fantarift/core';
import type { FantaLineup } from '@/api/fanta-leagues';

export type Draft = Pick<
  FantaLineup['lineup'],
  'starters' | 'bench' | 'captainPlayerId' | 'viceCaptainPlayerId'
>;

/**
 * Two taps swap: a starter with a bench player of his role (the captain or vice leaving the field loses the
 * band), or two bench players' places. Anything else: null.
 */
export function swap(draft: Draft, a: string, b: string, byId: Map<string, { role: Role }>): Draft | null {
  const startA = draft.starters.includes(a);
  const startB = draft.starters.includes(b);
  if (!startA && !startB) {
    const bench = [...draft.bench];
    const i = bench.indexOf(a);
    const j = bench.indexOf(b);
    if (i < 0 || j < 0) return null;
    [bench[i], bench[j]] = [bench[j]!, bench[i]!];
    return { ...draft, bench };
  }
  if (startA === startB) return null;
  const [starter, sub] = startA ? [a, b] : [b, a];
  if (byId.get(starter)?.role !== byId.get(sub)?.role) return null;
  const captainOut = draft.captainPlayerId === starter;
  return {
    starters: draft.starters.map((x) => (x === starter ? sub : x)),
    bench: draft.bench.map((x) => (x === sub ? starter : x)),
    captainPlayerId: captainOut ? null : draft.captainPlayerId,
    viceCaptainPlayerId:
      captainOut || draft.viceCaptainPlayerId === starter ? null : draft.viceCaptainPlayerId,
  };
}
