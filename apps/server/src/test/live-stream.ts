import type { LiveEvent } from '../modules/live/hub.ts';

export interface LiveStream {
  res: Response;
  /** every event received so far, in order */
  events: LiveEvent[];
  /** the first event (received or to come) that matches, or an error after `timeoutMs` */
  next(predicate: (e: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  close(): Promise<void>;
}

/** An open text/event-stream, read as a browser's EventSource would. */
export async function openStream(url: string, cookie: string | undefined): Promise<LiveStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, signal: abort.signal });
  const events: LiveEvent[] = [];
  let text = '';
  let waiter: (() => void) | undefined;
  const pump = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          const frame = text.slice(0, end);
          text = text.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as LiveEvent);
          end = text.indexOf('\n\n');
        }
        waiter?.();
      }
    } catch {
      // aborted by the test
    }
  })();
  return {
    res,
    events,
    async next(predicate, timeoutMs = 3000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event in ${timeoutMs} ms: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiter = resolve;
          setTimeout(resolve, Math.min(left, 50));
        });
      }
    },
    async close() {
      abort.abort();
      await pump;
    },
  };
}
