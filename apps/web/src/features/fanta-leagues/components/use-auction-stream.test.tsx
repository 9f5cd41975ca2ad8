import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fantaKeys } from '@/api/fanta-leagues';
import { FakeEventSource } from '@/test/fake-event-source';
import { useAuctionStream } from './use-auction-stream';

const LEAGUE = '11111111-1111-4111-8111-111111111111';
const FANTA = '44444444-4444-4444-8444-444444444444';

function openRoom() {
  const client = new QueryClient();
  client.setQueryData(fantaKeys.auction(FANTA), { version: 3, lot: null });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useAuctionStream(LEAGUE, FANTA), { wrapper });
  const roomStale = () =>
    client
      .getQueryCache()
      .find({ queryKey: fantaKeys.auction(FANTA) })!
      .isStale();
  return { client, hook, roomStale, source: FakeEventSource.all.at(-1)! };
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('useAuctionStream', () => {
  it('refetches the room when its stream first opens: a lot called while the page loaded is not missed', () => {
    const { hook, roomStale, source } = openRoom();
    expect(source.url).toBe(`/api/leagues/${LEAGUE}/events?fanta=${FANTA}`);
    expect(roomStale()).toBe(false);
    source.onopen?.();
    expect(roomStale()).toBe(true);
    hook.unmount();
    expect(source.closed).toBe(true);
  });

  it('refetches the room again when a dropped stream reopens', () => {
    const { client, roomStale, source } = openRoom();
    source.onopen?.();
    client.setQueryData(fantaKeys.auction(FANTA), { version: 4, lot: null });
    expect(roomStale()).toBe(false);
    source.onopen?.();
    expect(roomStale()).toBe(true);
  });
});
