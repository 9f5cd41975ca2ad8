import type { ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client.ts';

/** What changed in a league; the web invalidates the query families an event names. */
export const LIVE_EVENT_TYPES = ['points', 'market', 'week', 'matches'] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const LIVE_QUERY_FAMILIES = ['leaderboard', 'roster', 'market', 'matches'] as const;
export type LiveQueryFamily = (typeof LIVE_QUERY_FAMILIES)[number];

export const LiveEventSchema = z
  .object({
    type: z.enum([...LIVE_EVENT_TYPES, 'resync']),
    leagueId: z.string().uuid(),
    invalidate: z.array(z.enum(LIVE_QUERY_FAMILIES)).max(LIVE_QUERY_FAMILIES.length),
    matchId: z.string().uuid().optional(),
    weekId: z.string().uuid().optional(),
    at: z.string().max(40),
  })
  .meta({ id: 'LiveEvent' });
export type LiveEvent = z.infer<typeof LiveEventSchema>;

export interface LiveEventInput {
  type: LiveEventType;
  matchId?: string;
  weekId?: string;
}

/** Which screens each kind of change makes stale. */
const INVALIDATES: Record<LiveEventType | 'resync', LiveQueryFamily[]> = {
  // statistics saved, match completed/reopened/deleted, recalculation: points move
  points: ['leaderboard', 'roster', 'matches'],
  // market opened/closed by hand
  market: ['market', 'roster'],
  // week closed / rewards distributed: Burro Coin balances and reward history change
  week: ['leaderboard', 'roster', 'matches'],
  // calendar changed without points (a match added or moved)
  matches: ['matches'],
  resync: [...LIVE_QUERY_FAMILIES],
};

/** PostgreSQL channel; NOTIFY is per database, so two databases on one server never cross. */
export const LIVE_CHANNEL = 'fantarift_league_events';
const HEARTBEAT_MS = 25_000;
const RECONNECT_MS = 1_000;
/** A subscriber this far behind (bytes queued, not read) is dropped: its browser reconnects and refetches. */
const MAX_BACKLOG_BYTES = 256 * 1024;

export function sseFrame(event: LiveEvent): Buffer {
  return Buffer.from(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

/**
 * League events of one server process: who listens (SSE responses per league) and how an event
 * reaches them. On PostgreSQL every event goes through NOTIFY on one channel and comes back through
 * this process's one LISTEN connection, so every instance on the database sees it (and only once it
 * has committed). PGlite runs inside this process and has NOTIFY too: its own listener is the
 * in-process bus, with the same commit-or-nothing delivery.
 */
export class LiveHub {
  private readonly subscribers = new Map<string, Set<ServerResponse>>();
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  private listener: pg.Client | undefined;
  private unlistenPglite: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly kind: DatabaseHandle['kind'],
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
    if (this.kind === 'postgres') await this.listen();
    else {
      const client = (this.db as unknown as { $client: PGlite }).$client;
      this.unlistenPglite = await client.listen(LIVE_CHANNEL, (payload) => this.receive(payload));
    }
  }

  /** Number of open subscriptions (all leagues). */
  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /**
   * Announces a change to every open page of the league. Call it once the change has committed (or
   * inside the committing transaction with `tx`: NOTIFY is then delivered on commit and dropped on
   * rollback). A failure is logged, never thrown: the change itself is already saved.
   */
  async publishLeagueEvent(
    leagueId: string,
    input: LiveEventInput,
    tx?: { execute: Database['execute'] },
  ): Promise<void> {
    const event: LiveEvent = {
      type: input.type,
      leagueId,
      invalidate: INVALIDATES[input.type],
      ...(input.matchId ? { matchId: input.matchId } : {}),
      ...(input.weekId ? { weekId: input.weekId } : {}),
      at: new Date().toISOString(),
    };
    try {
      await (tx ?? this.db).execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(event)})`);
    } catch (err) {
      this.log.warn({ err, leagueId, type: input.type }, 'live event not published');
    }
  }

  /**
   * Runs `listener` for every event this process receives, from this instance or another one, once the
   * change has committed (the server's own caches follow the changes this way); returns the function that
   * removes it. A listener must not throw.
   */
  onEvent(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds an SSE response to a league; returns the function that removes it. */
  subscribe(leagueId: string, res: ServerResponse): () => void {
    let set = this.subscribers.get(leagueId);
    if (!set) {
      set = new Set();
      this.subscribers.set(leagueId, set);
    }
    set.add(res);
    return () => {
      const current = this.subscribers.get(leagueId);
      if (!current) return;
      current.delete(res);
      if (current.size === 0) this.subscribers.delete(leagueId);
    };
  }

  /** Ends every stream (server shutting down) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.reconnectTimer);
    for (const set of this.subscribers.values()) for (const res of set) res.end();
    this.subscribers.clear();
    const listener = this.listener;
    this.listener = undefined;
    if (listener) await listener.end().catch(() => undefined);
    await this.unlistenPglite?.().catch(() => undefined);
  }

  private receive(payload: string) {
    let json: unknown;
    try {
      json = JSON.parse(payload);
    } catch {
      return;
    }
    const parsed = LiveEventSchema.safeParse(json);
    if (!parsed.success) return;
    for (const listener of this.listeners) listener(parsed.data);
    this.deliver(parsed.data);
  }

  private deliver(event: LiveEvent) {
    const set = this.subscribers.get(event.leagueId);
    if (!set) return;
    const frame = sseFrame(event);
    for (const res of set) this.write(res, frame, set);
  }

  private write(res: ServerResponse, chunk: Buffer, set: Set<ServerResponse>) {
    if (res.writableLength > MAX_BACKLOG_BYTES) {
      set.delete(res);
      res.destroy();
      return;
    }
    res.write(chunk);
  }

  private beat() {
    const comment = Buffer.from(': ping\n\n');
    for (const set of this.subscribers.values()) for (const res of set) this.write(res, comment, set);
  }

  /** One dedicated connection (outside the pool) that LISTENs for the whole process. */
  private async listen(): Promise<void> {
    const pool = (this.db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client(pool.options);
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.receive(message.payload);
    });
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err }, 'live: LISTEN connection lost, reconnecting');
      this.reconnectTimer = setTimeout(() => void this.reconnect(), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    this.listener = client;
    await client.connect();
    await client.query(`listen ${LIVE_CHANNEL}`);
  }

  private async reconnect() {
    try {
      await this.listen();
      // events sent while we were not listening are lost: every page refetches what it shows
      for (const leagueId of this.subscribers.keys()) {
        this.deliver({
          type: 'resync',
          leagueId,
          invalidate: INVALIDATES.resync,
          at: new Date().toISOString(),
        });
      }
    } catch (err) {
      this.listener = undefined;
      if (this.closed) return;
      this.log.warn({ err }, 'live: LISTEN reconnect failed');
      this.reconnectTimer = setTimeout(() => void this.reconnect(), RECONNECT_MS);
    }
  }
}
