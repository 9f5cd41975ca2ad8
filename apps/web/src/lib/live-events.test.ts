import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveConnection } from './live-events';

class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, data: object) {
    for (const fn of this.listeners.get(type) ?? [])
      fn({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

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
  const connection = new LiveConnection(client, (url) => new FakeSource(url) as unknown as EventSource);
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
  FakeSource.all = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe('LiveConnection', () => {
  it('keeps one stream per tab, on the league of the page shown last', () => {
    const { connection } = setup();
    const releaseLeaderboard = connection.acquire(L1);
    const releaseRoster = connection.acquire(L1);
    expect(FakeSource.all.map((s) => s.url)).toEqual([`/api/leagues/${L1}/events`]);

    const releaseOther = connection.acquire(L2);
    expect(FakeSource.all).toHaveLength(2);
    expect(FakeSource.all[0]!.closed).toBe(true);
    expect(connection.currentLeague).toBe(L2);

    releaseOther();
    expect(connection.currentLeague).toBe(L1);
    releaseLeaderboard();
    releaseRoster();
    // a page change re-uses the stream; with no page on a league it closes after a while
    expect(FakeSource.all.at(-1)!.closed).toBe(false);
    vi.advanceTimersByTime(6000);
    expect(FakeSource.all.at(-1)!.closed).toBe(true);
  });

  it('invalidates exactly the families an event names, for its league', () => {
    const { connection, stale } = setup();
    connection.acquire(L1);
    const source = FakeSource.all[0]!;
    source.emit('points', { type: 'points', leagueId: L1, invalidate: ['leaderboard', 'roster', 'matches'] });
    expect(stale()).toEqual([`leaderboard:${L1}`, `roster:${L1}`]);

    source.emit('market', { type: 'market', leagueId: L1, invalidate: ['market'] });
    expect(stale()).toEqual([`leaderboard:${L1}`, 'leagues', `players:${L1}`, `roster:${L1}`]);
  });

  it("hears an admin's roster edit and a change of the league itself", () => {
    const { connection, stale } = setup();
    connection.acquire(L1);
    const source = FakeSource.all[0]!;
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
    const first = FakeSource.all[0]!;
    first.readyState = 2;
    first.onerror?.();
    expect(FakeSource.all).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeSource.all).toHaveLength(2);
    const second = FakeSource.all[1]!;
    second.readyState = 1;
    second.onopen?.();
    expect(stale()).toEqual([`leaderboard:${L1}`, 'leagues', `players:${L1}`, `roster:${L1}`]);
  });
});
