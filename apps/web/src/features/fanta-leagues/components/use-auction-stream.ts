import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type AuctionWithClock, fantaKeys } from '@/api/fanta-leagues';
import type { ApiSchema } from '@/lib/api/client';

type AuctionEvent = Pick<ApiSchema<'LiveEvent'>, 'type' | 'fantaLeagueId' | 'auction'>;

/**
 * The auction room's own stream: the official league's events plus this Lega Fanta's auction (`?fanta=`).
 * A bid carries the new lot, written straight into the cached state (when newer than what the room
 * shows); any other change refetches the room. Whenever the stream opens, the first time too, everything is
 * refetched: an event sent before the server subscribed this stream (a lot called while the page loaded, or
 * while a dropped stream was down) is missed, and a lot lasts seconds. The browser reconnects by itself (the
 * server's `retry:`).
 */
export function useAuctionStream(leagueId: string | undefined, fantaLeagueId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!leagueId || typeof EventSource === 'undefined') return;
    const refetchAll = () => queryClient.invalidateQueries({ queryKey: ['fanta-leagues', fantaLeagueId] });
    const source = new EventSource(
      `/api/leagues/${encodeURIComponent(leagueId)}/events?fanta=${encodeURIComponent(fantaLeagueId)}`,
      { withCredentials: true },
    );
    source.addEventListener('auction', (message: MessageEvent<string>) => {
      let event: AuctionEvent;
      try {
        event = JSON.parse(message.data) as AuctionEvent;
      } catch {
        return;
      }
      if (event.fantaLeagueId !== fantaLeagueId || !event.auction) return;
      const notice = event.auction;
      const cached = queryClient.getQueryData<AuctionWithClock>(fantaKeys.auction(fantaLeagueId));
      if (notice.kind === 'bid' && notice.lot && cached?.lot && cached.lot.playerId === notice.lot.playerId) {
        if (notice.version <= cached.version) return;
        queryClient.setQueryData<AuctionWithClock>(fantaKeys.auction(fantaLeagueId), {
          ...cached,
          version: notice.version,
          lot: { ...cached.lot, ...notice.lot, remainingMs: null },
          bids: [
            { userId: notice.lot.bidderUserId, amount: notice.lot.bid, at: notice.serverNow },
            ...cached.bids,
          ].slice(0, 10),
        });
        return;
      }
      void refetchAll();
    });
    source.addEventListener('resync', () => void refetchAll());
    // a statistics save, an import or a recalculation of the official league moves the weeks and the table
    const refetchSeason = () =>
      queryClient.invalidateQueries({
        predicate: ({ queryKey }) =>
          queryKey[0] === 'fanta-leagues' &&
          queryKey[1] === fantaLeagueId &&
          (queryKey[2] === 'lineup' || queryKey[2] === 'standings'),
      });
    for (const type of ['points', 'matches', 'week'] as const)
      source.addEventListener(type, () => void refetchSeason());
    // the server subscribes the stream before it sends the headers that open it: a fetch from here on sees
    // every change whose event this stream will not carry
    source.onopen = () => void refetchAll();
    return () => source.close();
  }, [queryClient, leagueId, fantaLeagueId]);
}
