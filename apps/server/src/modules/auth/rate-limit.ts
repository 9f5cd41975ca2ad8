import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Fixed-window counters in the database, shared by every server instance.
 * `hit` counts one event and returns the count in the current window; `peek` only reads it.
 */
export async function hitRateLimit(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count`);
  return Number(result.rows[0]?.count ?? 0);
}

export async function peekRateLimit(db: DbOrTx, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    select count from rate_limits
    where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`);
  return Number(result.rows[0]?.count ?? 0);
}

export async function clearRateLimit(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

export const RATE_LIMITS = {
  // failed logins
  loginPerEmail: { max: 5, windowSeconds: 15 * 60 },
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  // reset e-mails requested
  resetPerEmail: { max: 3, windowSeconds: 60 * 60 },
  resetPerIp: { max: 10, windowSeconds: 60 * 60 },
} as const;
