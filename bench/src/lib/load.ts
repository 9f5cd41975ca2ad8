import net from 'node:net';
import autocannon from 'autocannon';
import { fmtLatency, type LatencySummary, summarize } from './stats.ts';

export interface LoadOptions {
  url: string;
  connections: number;
  /** seconds; ignored when `amount` is set */
  durationS?: number;
  /** total requests, then stop */
  amount?: number;
  /** requests per second over all connections (default: as fast as the server answers) */
  overallRate?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** the request sequence of connection number `index` (0-based), repeated until the end */
  requestsFor?: (index: number) => autocannon.Request[];
  /** every 2xx latency is also added here (to pool the samples of several runs) */
  samples?: number[];
}

export interface LoadResult {
  connections: number;
  seconds: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** 2xx responses per second */
  okPerSecond: number;
  /** latency of the 2xx responses, exact (autocannon's own histogram rounds to whole milliseconds) */
  latency: LatencySummary;
  statusCodes: Record<string, number>;
}

/**
 * One autocannon run (closed loop: each connection sends its next request when the previous one is
 * answered, no think time). Latencies are taken from every response event, in fractional milliseconds.
 */
export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  return runLoads([o]);
}

/**
 * Several autocannon runs at once (for example one per server instance), reported as one: counts added
 * up, latencies of every response pooled, the throughput over the longest of the runs.
 */
export async function runLoads(parts: LoadOptions[]): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const results = await Promise.all(parts.map((o) => cannon(o, latencies, statusCodes)));
  const seconds = Math.max(...results.map((r) => (r.finish.getTime() - r.start.getTime()) / 1000));
  const sum = (f: (r: autocannon.Result) => number) => results.reduce((a, r) => a + f(r), 0);
  const ok = sum((r) => r['2xx']);
  return {
    connections: parts.reduce((a, o) => a + o.connections, 0),
    seconds,
    ok,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    okPerSecond: ok / seconds,
    latency: summarize(latencies),
    statusCodes,
  };
}

function cannon(
  o: LoadOptions,
  latencies: number[],
  statusCodes: Record<string, number>,
): Promise<autocannon.Result> {
  let index = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: o.url,
        connections: o.connections,
        duration: o.durationS ?? 10,
        amount: o.amount,
        overallRate: o.overallRate,
        method: o.method ?? 'GET',
        headers: o.headers,
        timeout: 10,
        setupClient: (client) => {
          const i = index++;
          if (o.requestsFor) client.setRequests(o.requestsFor(i));
          client.on('response', (statusCode: number, _bytes: number, responseTime: number) => {
            statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
            if (statusCode >= 200 && statusCode < 300) {
              latencies.push(responseTime);
              o.samples?.push(responseTime);
            }
          });
        },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    // autocannon prints nothing unless asked to; keep it that way
    void instance;
  });
}

/** One line for a log or a note: throughput, latencies and, for HTTP runs, the failures. */
export const loadLine = (
  label: string,
  r: LoadResult | { ok: number; okPerSecond: number; latency: LatencySummary },
) =>
  `${label}: ${Math.round(r.okPerSecond)} ok/s, ${fmtLatency(r.latency)}` +
  ('non2xx' in r ? `, non-2xx ${r.non2xx}, errors ${r.errors}` : '');

export interface PacedOptions {
  url: string;
  /** concurrent clients, each on its own keep-alive connection */
  connections: number;
  /** requests per second over all clients, spread evenly in time */
  rate: number;
  durationS: number;
  /** the request sequence of client number `index`, repeated until the end */
  requestsFor: (index: number) => autocannon.Request[];
  /** every 2xx latency is also added here (to pool the samples of several runs) */
  samples?: number[];
}

/**
 * One keep-alive HTTP/1.1 connection on a raw socket: a request is bytes built once, an answer is read up to
 * its status and its length. Node's own client costs several times more CPU a request, which on two cores
 * is taken from the server and PostgreSQL at the rates the paced runs ask for (autocannon reads answers
 * the same way).
 */
class RawConnection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: ((status: number) => void) | null = null;
  /** the last answer's `Server-Timing: app;dur=` (ms), or NaN */
  appMs = Number.NaN;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  send(request: Buffer): Promise<number> {
    return new Promise((resolve) => {
      this.waiting = resolve;
      this.connected().write(request);
    });
  }

  close(): void {
    this.socket?.destroy();
  }

  private connected(): net.Socket {
    if (this.socket) return this.socket;
    const socket = net.connect({ host: this.host, port: this.port });
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    const fail = () => {
      if (this.socket === socket) this.socket = null;
      this.buffer = Buffer.alloc(0);
      this.answer(0);
    };
    socket.on('error', fail);
    socket.on('close', fail);
    this.socket = socket;
    return socket;
  }

  private answer(status: number): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(status);
  }

  private read(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffer.toString('latin1', 0, headEnd);
    let end: number;
    if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      const last = this.buffer.indexOf('\r\n0\r\n\r\n', headEnd);
      if (last < 0) return;
      end = last + 7;
    } else {
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      end = headEnd + 4 + (length ? Number(length[1]) : 0);
      if (this.buffer.length < end) return;
    }
    this.buffer = this.buffer.subarray(end);
    const timing = /\r\nserver-timing: *app;dur=([\d.]+)/i.exec(head);
    this.appMs = timing ? Number(timing[1]) : Number.NaN;
    this.answer(Number(head.slice(9, 12)));
  }
}

/** A request as the bytes a raw connection sends. */
function rawRequest(base: URL, req: autocannon.Request): Buffer {
  const body = typeof req.body === 'string' ? Buffer.from(req.body) : Buffer.alloc(0);
  const headers = Object.entries(req.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return Buffer.concat([
    Buffer.from(
      `${req.method ?? 'GET'} ${req.path} HTTP/1.1\r\nhost: ${base.host}\r\n${headers}content-length: ${body.length}\r\n\r\n`,
      'latin1',
    ),
    body,
  ]);
}

/**
 * A paced (open) schedule: client i sends request k at start + phase_i + k × (connections / rate), the
 * phases spread evenly over one interval, so the total rate is steady instead of arriving in bursts
 * (autocannon's `overallRate` gives each connection a budget per second, spent at the start of each
 * second: one burst per second). A client whose answer comes after its next slot sends at once, and
 * every latency is counted from the slot, not from the send: a server that falls behind shows it
 * (no coordinated omission).
 */
export async function pacedLoad(o: PacedOptions): Promise<LoadResult> {
  const base = new URL(o.url);
  const interval = (1000 * o.connections) / o.rate;
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let ok = 0;
  let non2xx = 0;
  let errors = 0;
  const connections = Array.from(
    { length: o.connections },
    () => new RawConnection(base.hostname, Number(base.port || 80)),
  );
  const start = performance.now() + 100;
  const end = start + o.durationS * 1000;
  // BENCH_TRACE_SLOW=<ms>: every answer slower than that, by when its slot came, with the server's own time
  const slowMs = Number(process.env.BENCH_TRACE_SLOW ?? Number.POSITIVE_INFINITY);
  const slow: [number, string][] = [];
  await Promise.all(
    Array.from({ length: o.connections }, async (_, i) => {
      const sequence = o.requestsFor(i).map((req) => rawRequest(base, req));
      const phase = (i * interval) / o.connections;
      for (let k = 0; ; k++) {
        const slot = start + phase + k * interval;
        if (slot >= end) break;
        const wait = slot - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const status = await connections[i]!.send(sequence[k % sequence.length]!);
        // from the slot (a timer may fire a hair early: never below 0)
        const latency = Math.max(0, performance.now() - slot);
        if (latency > slowMs) {
          slow.push([
            slot,
            `${((slot - start) / 1000).toFixed(3)} s: ${latency.toFixed(1)} ms (server ${connections[i]!.appMs} ms)`,
          ]);
        }
        statusCodes[status] = (statusCodes[status] ?? 0) + 1;
        if (status >= 200 && status < 300) {
          ok++;
          latencies.push(latency);
          o.samples?.push(latency);
        } else if (status === 0) errors++;
        else non2xx++;
      }
    }),
  );
  const seconds = (Math.max(performance.now(), end) - start) / 1000;
  for (const c of connections) c.close();
  if (slow.length > 0)
    console.log(
      `  slow answers at ${o.rate}/s:\n    ${slow
        .sort((a, b) => a[0] - b[0])
        .map((x) => x[1])
        .join('\n    ')}`,
    );
  return {
    connections: o.connections,
    seconds,
    ok,
    non2xx,
    errors,
    timeouts: 0,
    okPerSecond: ok / seconds,
    latency: summarize(latencies),
    statusCodes,
  };
}
