import { MESSAGES } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ItemKind, MyRoster, TradeResult } from './types';

export type TradeAction = 'buy' | 'sell';

export interface TradeInput {
  leagueId: string;
  kind: ItemKind;
  action: TradeAction;
  itemId: string;
}

export function tradeItem({ leagueId, kind, action, itemId }: TradeInput): Promise<TradeResult> {
  // the routes take no body; `{}` makes the request JSON like every other write
  if (kind === 'player') {
    const params = { leagueId, playerId: itemId };
    return action === 'buy'
      ? api.post('/api/leagues/{leagueId}/players/{playerId}/buy', { params, body: {} })
      : api.post('/api/leagues/{leagueId}/players/{playerId}/sell', { params, body: {} });
  }
  const params = { leagueId, championId: itemId };
  return action === 'buy'
    ? api.post('/api/leagues/{leagueId}/champions/{championId}/buy', { params, body: {} })
    : api.post('/api/leagues/{leagueId}/champions/{championId}/sell', { params, body: {} });
}

const FALLBACK: Record<ItemKind, Record<TradeAction, string>> = {
  player: { buy: MESSAGES.market.buyPlayerError, sell: MESSAGES.market.sellPlayerError },
  champion: { buy: MESSAGES.market.buyChampionError, sell: MESSAGES.market.sellChampionError },
};

/** Spec §8: the server's refusal (market blocked, balance, owned, limits) or the generic trade error. */
export function tradeErrorMessage(error: unknown, kind: ItemKind, action: TradeAction): string {
  if (error instanceof ApiError && error.isClientError && error.message) return error.message;
  return FALLBACK[kind][action];
}

/** Spec §4: after a trade the data is refreshed again after 500 ms (players) or 1 s (champions). */
export const TRADE_REFRESH_DELAY_MS: Record<ItemKind, number> = { player: 500, champion: 1000 };

export function useTradeItem() {
  const queryClient = useQueryClient();
  const refresh = (leagueId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.roster(leagueId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard(leagueId) }),
    ]);

  return useMutation({
    mutationFn: tradeItem,
    onError: (error, { leagueId, kind }) => {
      // A refusal is the server telling us what we showed was stale (a balance spent in another tab, a
      // market closed meanwhile, an item already owned or gone): fetch again what it is judged on.
      if (!(error instanceof ApiError) || !error.isClientError || error.status === 401) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.roster(leagueId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.leagues() });
      void queryClient.invalidateQueries({
        queryKey: kind === 'player' ? queryKeys.players(leagueId) : queryKeys.champions(leagueId),
      });
    },
    onSuccess: async (result, { leagueId, kind }) => {
      // Show the new balance at once; the refetch below brings the holdings and the ledger.
      queryClient.setQueryData<MyRoster | null>(queryKeys.roster(leagueId), (roster) =>
        roster ? { ...roster, ...result.roster } : roster,
      );
      // A first purchase in a league not joined yet joins it, so the league list changes too.
      void queryClient.invalidateQueries({ queryKey: queryKeys.leagues() });
      setTimeout(() => void refresh(leagueId), TRADE_REFRESH_DELAY_MS[kind]);
      await refresh(leagueId);
    },
  });
}
