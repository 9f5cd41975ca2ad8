import type { Socket } from 'node:net';
import { LIVE_CHANNEL } from '@fantarift/server/src/modules/live/index.ts';
import { createLeague } from '@fantarift/server/src/seed/factories.ts';
import { sql } from 'drizzle-orm';
import { userWithSession } from '../lib/fixtures.ts';
import { rssMiB } from '../lib/process.ts';
import { SERVER_NOTE } from '../lib/server.ts';
import { subscribe } from '../lib/sse.ts';
import { fmtLatency, round, sleep, summarize } from '../lib/stats.ts';
import type { Suite } from './types.ts';

const SUBSCRIBERS = 5_000;
const EVENTS = 10;

interface Subscriber {
  socket: Socket;
  /** performance.now() when the frame of event `n` arrived */
  seen: Map<number, number>;
}

async function subscriber(port: number, path: string, cookie: string): Promise<Subscriber> {
  const seen = new Map<number, number>();
  const socket = await subscribe(port, path, cookie, (chunk, now) => {
    for (const m of chunk.matchAll(/"weekId":"[0-9a-f-]+-(\d{12})"/g)) seen.set(Number(m[1]), now);
  });
  return { socket, seen };
}

export const liveSuite: Suite = {
  name: 'live',
  issue: '#14',
  description: `${SUBSCRIBERS.toLocaleString('en')} idle SSE subscribers on one instance: memory, and the time to fan one event out to all`,
  async run(ctx) {
    const subscribers = ctx.quick ? 500 : SUBSCRIBERS;
    const league = await createLeague(ctx.db, { name: 'Bench Live', type: 'LEC', teams: [] });
    const viewer = await userWithSession(ctx.db, 'live_viewer');
    const server = await ctx.startServer();
    const port = Number(new URL(server.baseUrl).port);
    const path = `/api/leagues/${league.id}/events`;
    const subs: Subscriber[] = [];
    try {
      // one stream first, so the server's lazy parts (routes, pool) are warm before measuring memory
      subs.push(await subscriber(port, path, viewer.cookie));
      await sleep(1000);
      const rssBefore = rssMiB(server.pid);

      const connectStart = performance.now();
      for (let i = 1; i < subscribers; i += 250) {
        const batch = Array.from({ length: Math.min(250, subscribers - i) }, () =>
          subscriber(port, path, viewer.cookie),
        );
        subs.push(...(await Promise.all(batch)));
      }
      const connectMs = performance.now() - connectStart;
      if (typeof globalThis.gc === 'function') globalThis.gc();
      await sleep(2000);
      const rssAfter = rssMiB(server.pid);
      ctx.log(
        `${subs.length} subscribers open in ${round(connectMs / 1000, 1)} s; server RSS ${round(rssAfter)} MiB`,
      );

      // each event goes the way an admin's change goes: NOTIFY on the database, the server's LISTEN
      // connection, one write per open stream. Timed from the NOTIFY to the frame on the last socket.
      const fanOut: number[] = [];
      const firstArrival: number[] = [];
      for (let n = 1; n <= EVENTS; n++) {
        const payload = JSON.stringify({
          type: 'week',
          leagueId: league.id,
          invalidate: ['leaderboard', 'roster', 'matches'],
          weekId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          at: new Date().toISOString(),
        });
        const start = performance.now();
        await ctx.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
        const deadline = start + 30_000;
        while (subs.some((s) => !s.seen.has(n)) && performance.now() < deadline) await sleep(2);
        const times = subs.map((s) => s.seen.get(n) ?? Number.POSITIVE_INFINITY);
        fanOut.push(Math.max(...times) - start);
        firstArrival.push(Math.min(...times) - start);
        await sleep(300);
      }
      const missed = subs.filter((s) => s.seen.size < EVENTS).length;
      const last = summarize(fanOut);
      const first = summarize(firstArrival);
      const rssEnd = rssMiB(server.pid);
      const perSubscriberKiB = ((rssAfter - rssBefore) * 1024) / (subs.length - 1);

      return {
        metrics: [
          {
            key: 'live_idle_subscribers',
            label: 'idle SSE subscribers on one instance',
            value: subs.length,
            unit: 'streams',
          },
          {
            key: 'live_server_rss_mib',
            label: 'server memory (RSS) with them open',
            value: round(rssAfter, 1),
            unit: 'MiB',
          },
          {
            key: 'live_rss_per_subscriber_kib',
            label: 'memory per idle subscriber',
            value: round(perSubscriberKiB, 1),
            unit: 'KiB',
          },
          {
            key: 'live_fanout_p50_ms',
            label: `one event to all ${subs.length} (NOTIFY → last frame), p50`,
            value: round(last.p50, 1),
            unit: 'ms',
          },
          {
            key: 'live_fanout_max_ms',
            label: 'one event to all, max',
            value: round(last.max, 1),
            unit: 'ms',
          },
          { key: 'live_missed', label: 'subscribers that missed an event', value: missed, unit: 'streams' },
        ],
        notes: [
          SERVER_NOTE,
          `${subs.length} subscribers of one league, raw HTTP/1.1 sockets from the bench process (one session cookie), opened 250 at a time in ${round(connectMs / 1000, 1)} s; no target in the issue ("a bench figure")`,
          `server RSS: ${round(rssBefore, 1)} MiB with 1 stream, ${round(rssAfter, 1)} MiB with ${subs.length} (after 2 s idle), ${round(rssEnd, 1)} MiB after ${EVENTS} events`,
          `fan-out of ${EVENTS} events, from pg_notify on the bench connection to the frame read on the last socket: ${fmtLatency(last)}; to the first socket: ${fmtLatency(first)}`,
        ],
      };
    } finally {
      for (const s of subs) s.socket.destroy();
      await server.stop();
    }
  },
};
