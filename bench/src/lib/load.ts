import autocannon from 'autocannon';
import { type LatencySummary, summarize } from './stats.ts';

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
export function runLoad(o: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
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
            if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
          });
        },
      },
      (err, result) => {
        if (err) return reject(err);
        const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
        const ok = result['2xx'];
        resolve({
          connections: o.connections,
          seconds,
          ok,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          okPerSecond: ok / seconds,
          latency: summarize(latencies),
          statusCodes,
        });
      },
    );
    // autocannon prints nothing unless asked to; keep it that way
    void instance;
  });
}
