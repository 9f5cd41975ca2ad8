import { type MarketStatus, MESSAGES, marketStatus } from '@fantarift/core';
import { useMemo } from 'react';
import type { ItemKind, League } from '@/api/types';
import { useNow } from '@/hooks/use-now';

/** Re-evaluated every 30 s with the same core rule the server enforces (DECISIONS 10). */
export function useMarketStatus(league: League | undefined): MarketStatus | undefined {
  const now = useNow(30_000);
  return useMemo(() => (league ? marketStatus(league, now) : undefined), [league, now]);
}

/** "Mercato Aperto" only when both players and champions can be traded. */
export function isMarketOpen(status: MarketStatus): boolean {
  return !status.playersBlocked && !status.championsBlocked;
}

/** Why this kind of item can't be traded now (spec §8 wording), or null when it can. */
export function tradeBlockedReason(status: MarketStatus, kind: ItemKind): string | null {
  const blocked = kind === 'player' ? status.playersBlocked : status.championsBlocked;
  if (!blocked) return null;
  if (status.reason === 'completed') return MESSAGES.market.leagueCompleted;
  if (kind === 'champion') return MESSAGES.market.championsBlocked;
  return status.reason === 'manual_closure' ? MESSAGES.market.playersClosed : MESSAGES.market.playersBlocked;
}
