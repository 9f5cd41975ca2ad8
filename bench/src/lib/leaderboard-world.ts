import type { Database } from '@fantarift/server/src/db/client.ts';
import { sql } from 'drizzle-orm';
import { timed } from './stats.ts';

/** What GET /api/leagues/:id/leaderboard answers (the parts the bench reads). */
export interface LeaderboardBody {
  participantCount: number;
  entries: { position: number; username: string; totalPoints: number }[];
  nextCursor: string | null;
  me: { position: number; username: string; totalPoints: number } | null;
}

/** The server's own part of an answer (its `Server-Timing: app;dur=`), in ms; NaN when it does not say. */
export const serverTimingMs = (res: Response) =>
  Number(/app;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);

/** One leaderboard page over HTTP, timed from the request to the last byte; anything but 200 throws. */
export async function getPage<Body = LeaderboardBody>(
  url: string,
  cookie: string,
): Promise<{ ms: number; serverMs: number; parts: string; body: Body }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  const text = await res.text();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 200)}`);
  const timing = res.headers.get('server-timing') ?? '';
  const serverMs = serverTimingMs(res);
  // and its parts, when it names them (the leaderboard: first statements + standings + rows, in ms)
  const parts = [...timing.matchAll(/(\w+);dur=([\d.]+)/g)]
    .filter(([, name]) => name !== 'app')
    .map(([, , ms]) => ms)
    .join('+');
  return { ms, serverMs, parts, body: JSON.parse(text) as Body };
}

/**
 * Adds `rosters` users with a roster each to a league, set-based: users `<prefix>_000001`, … Points are
 * 0..1000 in steps of 0.5 (2,001 distinct totals: many ties). Every roster also gets its two
 * StartingBalance ledger rows, so the tables have the sizes a real league of this size would have.
 * Returns the milliseconds it took.
 */
export async function fillLeague(db: Database, leagueId: string, rosters: number, prefix: string) {
  const pad = String(rosters).length;
  const mine = `${prefix}\\_%`;
  const t = await timed(async () => {
    await db.execute(sql`
      insert into users (email, username, password_hash, email_confirmed_at)
      select ${prefix} || g || '@bench.invalid', ${prefix} || '_' || lpad(g::text, ${pad}, '0'), 'bench-no-login', now()
      from generate_series(1, ${rosters}) g`);
    await db.execute(sql`
      insert into rosters (user_id, league_id, username, panda_coin, burro_coin, total_points)
      select u.id, ${leagueId}, u.username, 15, 8, floor(random() * 2001) / 2
      from users u where u.username like ${mine}`);
    await db.execute(sql`
      insert into transactions (roster_id, user_id, league_id, type, amount, currency, note)
      select r.id, r.user_id, r.league_id, 'StartingBalance', c.amount, c.currency, 'Saldo iniziale'
      from rosters r cross join (values (15, 'PandaCoin'), (8, 'BurroCoin')) as c(amount, currency)
      where r.league_id = ${leagueId} and r.username like ${mine}`);
  });
  return t.ms;
}

/** The username `fillLeague` gave its roster number `n` (1-based). */
export const filledUsername = (prefix: string, rosters: number, n: number) =>
  `${prefix}_${String(n).padStart(String(rosters).length, '0')}`;
