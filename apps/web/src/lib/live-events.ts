import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiSchema } from '@/lib/api/client';

/** A league event as the server sends it (lib/league-events.ts), in the parts the page reads. */
export type LiveEvent = Pick<ApiSchema<'LiveEvent'>, 'type' | 'leagueId' | 'invalidate'>;

/** The query families a league event can name. */
export type LiveQueryFamily = LiveEvent['invalidate'][number];

/** Every event name the server sends: an EventSource hears only the names it listens to. */
export const EVENT_TYPES: LiveEvent['type'][] = [
  'points',
  'market',
  'week',
  'matches',
  'roster',
  'league',
  'resync',
];
const ALL_FAMILIES: LiveQueryFamily[] = ['leaderboard', 'roster', 'market', 'matches'];

/**
 * The first element of the query keys each family covers. Keys of a league carry its id second;
 * one-element keys (the league list with its market state, the home summary) hold every league.
 */
const FAMILY_ROOTS: Record<LiveQueryFamily, string[]> = {
  leaderboard: ['leaderboard', 'my-rewards', 'roster-history', 'home-summary'],
  roster: ['roster', 'roster-history', 'home-summary', 'deadline'],
  market: ['leagues', 'players', 'champions', 'deadline', 'home-summary'],
  matches: ['matches', 'player-card', 'deadline'],
};

export function invalidateLeagueFamilies(
  queryClient: QueryClient,
  leagueId: string,
  families: readonly LiveQueryFamily[],
) {
  const roots = new Set(families.flatMap((f) => FAMILY_ROOTS[f] ?? []));
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      typeof queryKey[0] === 'string' &&
      roots.has(queryKey[0]) &&
      (queryKey.length === 1 || queryKey[1] === leagueId),
  });
}

/** Pause before a page without a league subscription lets the stream go (a page change re-uses it). */
const LINGER_MS = 5_000;
const MAX_RETRY_MS = 30_000;
const EVENT_SOURCE_CLOSED = 2;

/**
 * One EventSource per tab, on the league the open page shows. Pages acquire their league; the last
 * acquired one is followed. The browser reconnects a dropped stream by itself (the server's `retry:`);
 * a stream the server ended for good is reopened here with a growing delay. After any drop every
 * family of the league is refetched, since events sent meanwhile were missed.
 */
export class LiveConnection {
  private source: EventSource | undefined;
  private leagueId: string | undefined;
  private readonly counts = new Map<string, number>();
  private order: string[] = [];
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = 1_000;
  private dropped = false;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly createSource: (url: string) => EventSource = (url) =>
      new EventSource(url, { withCredentials: true }),
  ) {}

  acquire(leagueId: string): () => void {
    this.counts.set(leagueId, (this.counts.get(leagueId) ?? 0) + 1);
    this.order = [...this.order.filter((id) => id !== leagueId), leagueId];
    clearTimeout(this.lingerTimer);
    this.follow(leagueId);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(leagueId) ?? 1) - 1;
      if (left > 0) {
        this.counts.set(leagueId, left);
        return;
      }
      this.counts.delete(leagueId);
      this.order = this.order.filter((id) => id !== leagueId);
      const next = this.order.at(-1);
      if (next) this.follow(next);
      else this.lingerTimer = setTimeout(() => this.disconnect(), LINGER_MS);
    };
  }

  /** The league the stream is on (tests, diagnostics). */
  get currentLeague(): string | undefined {
    return this.source ? this.leagueId : undefined;
  }

  disconnect() {
    clearTimeout(this.retryTimer);
    clearTimeout(this.lingerTimer);
    this.source?.close();
    this.source = undefined;
    this.leagueId = undefined;
  }

  private follow(leagueId: string) {
    if (this.leagueId === leagueId && this.source) return;
    this.disconnect();
    this.leagueId = leagueId;
    this.retryDelay = 1_000;
    this.dropped = false;
    this.open();
  }

  private open() {
    const leagueId = this.leagueId;
    if (!leagueId) return;
    const source = this.createSource(`/api/leagues/${encodeURIComponent(leagueId)}/events`);
    this.source = source;
    const onEvent = (message: MessageEvent<string>) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(message.data) as LiveEvent;
      } catch {
        return;
      }
      if (event.leagueId !== leagueId) return;
      void invalidateLeagueFamilies(this.queryClient, leagueId, event.invalidate);
    };
    for (const type of EVENT_TYPES) source.addEventListener(type, onEvent as EventListener);
    source.onopen = () => {
      this.retryDelay = 1_000;
      if (this.dropped) void invalidateLeagueFamilies(this.queryClient, leagueId, ALL_FAMILIES);
      this.dropped = false;
    };
    source.onerror = () => {
      if (this.source !== source) return;
      this.dropped = true;
      // CONNECTING: the browser is already retrying; CLOSED: it gave up (an error status), we retry later
      if (source.readyState !== EVENT_SOURCE_CLOSED) return;
      source.close();
      this.source = undefined;
      clearTimeout(this.retryTimer);
      this.retryTimer = setTimeout(() => {
        if (this.leagueId === leagueId && !this.source) this.open();
      }, this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
    };
  }
}

const connections = new WeakMap<QueryClient, LiveConnection>();

function connectionFor(queryClient: QueryClient): LiveConnection | undefined {
  if (typeof EventSource === 'undefined') return undefined;
  let connection = connections.get(queryClient);
  if (!connection) {
    connection = new LiveConnection(queryClient);
    connections.set(queryClient, connection);
  }
  return connection;
}

/** Keeps this tab's live stream on `leagueId` while the calling page shows it. */
export function useLiveLeague(leagueId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!leagueId) return;
    return connectionFor(queryClient)?.acquire(leagueId);
  }, [queryClient, leagueId]);
}
