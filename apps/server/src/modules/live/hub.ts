import type { ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database, DatabaseHandle } from '../../db/client.ts';
import { INVALIDATES, LIVE_CHANNEL, type LiveEvent, LiveEventSchema } from '../../lib/league-events.ts';

export { LIVE_CHANNEL, type LiveEvent } from '../../lib/league-events.ts';

const HEARTBEAT_MS = 25_000;
const RECONNECT_MS = 1_000;
/** A subscriber this far behind (bytes queued, not read) is dropped: its browser reconnects and refetches. */
const MAX_BACKLOG_BYTES = 256 * 1024;

/** The subscription key of a Lega Fanta's auction room (issue 31), beside its official league's. */
export const fantaTopic = (fantaLeagueId: string) => `fanta:${fantaLeagueId}`;

export function sseFrame(event: LiveEvent): Buffer {
  return Buffer.from(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
}

/**
 * League events of one server process: who listens (SSE responses per league) and how an event
 * reaches them. Events are published by the writers themselves, inside their transactions
 * (lib/league-events.ts `announceLeagueChange`): on PostgreSQL every event goes through NOTIFY on one
 * channel and comes back through this process's one LISTEN connection, so every instance on the
 * database sees it (and only once it has committed). PGlite runs inside this process and has NOTIFY
 * too: its own listener is the in-process bus, with the same commit-or-nothing delivery.
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
    // a Lega Fanta's auction events reach only the rooms of that Lega Fanta
    const set = this.subscribers.get(event.fantaLeagueId ? fantaTopic(event.fantaLeagueId) : event.leagueId);
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
          invalidate: [...INVALIDATES.resync],
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
