import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@/test/fake-event-source';
import { LiveConnection } from './live-events';

const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '22222222-2222-4222-8222-222222222222';

function setup() {
  const client = new QueryClient();
  for (const key of [
    ['leaderboard', L1],
    ['roster', L1],
    ['players', L1],
    ['leaderboard', L2],
    ['leagues'],
  ]) {
    client.setQueryData(key, { v: 1 });
  }
  const connection = new LiveConnection(client, (url) => new FakeEventSource(url) as unknown as EventSource);
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => q.queryKey.join(':'))
      .sort();
  return { client, connection, stale };
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('LiveConnection', () => {
  it('keeps one stream per tab, on the league of the page shown last', () => {
    const { connection } = setup();
    const releaseLeaderboard = connection.acquire(L1);
    const releaseRoster = connection.acquire(L1);
    expect(FakeEventSource.all.map((s) => s.url)).toEqual([`/api/leagues/${L1}/events`]);

    const releaseOther = connection.acquire(L2);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[0]!.closed).toBe(true);
    expect(connection.currentLeague).toBe(L2);

    releaseOther();
    expect(connection.currentLeague).toBe(L1);
    releaseLeaderboard();
    releaseRoster();
    // a page change re-uses the stream; with no page on a league it closes after a while
    expect(FakeEventSource.all.at(-1)!.closed).toBe(false);
    vi.advanceTimersByTime(6000);
    expect(FakeEventSource.all.at(-1)!.closed).toBe(true);
  });

  it('invalidates exactly the families an event names, for its league', () => {
    const { connection, stale } = setup();
    connection.acquire(L1);
    const source = FakeEventSource.all[0]!;
    source.emit('points', { type: 'points', leagueId: L1, invalidate: ['leaderboard', 'roster', 'matches'] });
    expect(stale()).toEqual([`leaderboard:${L1}`, `roster:${L1}`]);

    source.emit('market', { type: 'market', leagueId: L1, invalidate: ['market'] });
    expect(stale()).toEqual([`leaderboard:${L1}`, 'leagues', `players:${L1}`, `roster:${L1}`]);
  });

  it("hears an admin's roster edit and a change of the league itself", () => {
    const { connection, stale } = setup();
    connection.acquire(L1);
    const source = FakeEventSource.all[0]!;
    source.emit('roster', { type: 'roster', leagueId: L1, invalidate: ['leaderboard', 'roster'] });
    expect(stale()).toEqual([`leaderboard:${L1}`, `roster:${L1}`]);

    source.emit('league', {
      type: 'league',
      leagueId: L1,
      invalidate: ['leaderboard', 'roster', 'market', 'matches'],
    });
    expect(stale()).toEqual([`leaderboard:${L1}`, 'leagues', `players:${L1}`, `roster:${L1}`]);
  });

  it('reopens a stream the server ended and refetches everything the drop may have hidden', () => {
    const { connection, stale } = setup();
    connection.acquire(L1);
    const first = FakeEventSource.all[0]!;
    first.readyState = 2;
    first.onerror?.();
    expect(FakeEventSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.all).toHaveLength(2);
    const second = FakeEventSource.all[1]!;
    second.readyState = 1;
    second.onopen?.();
    expect(stale()).toEqual([`leaderboard:${L1}`, 'leagues', `players:${L1}`, `roster:${L1}`]);
  });
});
