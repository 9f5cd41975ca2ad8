import { type MarketStatus, MESSAGES, ROSTER_LIMITS } from '@fantarift/core';
import type { ItemKind } from '@/api/types';
import { tradeBlockedReason } from '@/lib/market';

export interface BuyContext {
  kind: ItemKind;
  status: MarketStatus;
  cost: number;
  owned: boolean;
  /** Items of this kind already in the roster. */
  count: number;
  /** Coins of this kind's currency (the starting balance when the league is not joined yet). */
  balance: number;
  /** The league requires rules the user has not accepted: joining (and so buying) must go through them. */
  rulesPending: boolean;
}

/**
 * Why the buy button is disabled, in the spec's words (§5, §8), or null. The server
 * checks the same things in the same order; this only explains them before the click.
 */
export function buyBlockedReason({ kind, status, cost, owned, count, balance, rulesPending }: BuyContext) {
  const blocked = tradeBlockedReason(status, kind);
  if (blocked) return blocked;
  if (rulesPending) return MESSAGES.leagues.rulesNotAccepted;
  const player = kind === 'player';
  if (owned) return player ? MESSAGES.market.playerAlreadyOwned : MESSAGES.market.championAlreadyOwned;
  if (count >= (player ? ROSTER_LIMITS.players : ROSTER_LIMITS.champions)) {
    return player ? MESSAGES.market.maxPlayers : MESSAGES.market.maxChampionsShort;
  }
  if (balance < cost) {
    return player
      ? MESSAGES.market.notEnoughPandaCoinForPlayer
      : MESSAGES.market.notEnoughBurroCoinForChampion;
  }
  return null;
}

/** Spec §2 Market: the tab name, marked ' (Bloccato)' when that market is blocked. */
export function marketTabLabel(base: string, blocked: boolean): string {
  return blocked ? `${base} ${MESSAGES.common.blocked}` : base;
}
