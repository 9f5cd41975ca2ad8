import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Guessing limits for everything that checks a password (login, change-password) and everything that
 * sends mail to an address someone typed (sign-up, forgot-password). Every check is one conditional
 * statement that counts the attempt and answers whether it may go on, so concurrent requests cannot all
 * read "under the limit" before any of them writes. State lives in `rate_limits`, shared by every server
 * instance. The design is explained in docs/security.md.
 */

export interface Budget {
  max: number;
  windowSeconds: number;
}

export const BUDGETS = {
  /** password checks of one account from one IP (a success gives the attempt back) */
  loginPerAccountAndIp: { max: 5, windowSeconds: 15 * 60 },
  /** password checks from one IP, whatever the account (a success gives the attempt back) */
  loginPerIp: { max: 30, windowSeconds: 15 * 60 },
  /** wrong current passwords on change-password, per account */
  changePasswordPerAccount: { max: 5, windowSeconds: 15 * 60 },
  /** accounts created from one IP */
  signupPerIp: { max: 20, windowSeconds: 60 * 60 },
  /** reset e-mails requested for one address, and from one IP */
  resetPerEmail: { max: 3, windowSeconds: 60 * 60 },
  resetPerIp: { max: 10, windowSeconds: 60 * 60 },
  /** any mail (confirmation or reset) to one address */
  mailPerAddress: { max: 5, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, Budget>;

/** Per account, whatever the IP: verifications at once, and the backoff after repeated failures. */
export const ACCOUNT_GATE = {
  maxInFlight: 3,
  /** a crashed process cannot hold a slot longer than this */
  leaseSeconds: 30,
  /** failures (any IP) in the window before unknown devices have to wait between attempts */
  freeFailures: 10,
  windowSeconds: 24 * 60 * 60,
  /** the wait doubles with each failure past the free ones, up to this */
  maxDelaySeconds: 15 * 60,
} as const;

/**
 * Counts one attempt against `budget` and answers whether it is within it; an attempt over the budget is
 * refused and not counted, so a refused caller never pushes the window forward.
 */
export async function takeAttempt(db: DbOrTx, key: string, budget: Budget): Promise<boolean> {
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${budget.windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${budget.windowSeconds})
                   then now() else rate_limits.window_start end
    where rate_limits.window_start <= now() - make_interval(secs => ${budget.windowSeconds})
       or rate_limits.count < ${budget.max}
    returning count`);
  return result.rows.length > 0;
}

/** Gives back an attempt that turned out legitimate (a successful login). */
export async function refundAttempt(db: DbOrTx, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

export async function clearKeys(db: DbOrTx, keys: string[]): Promise<void> {
  for (const key of keys) await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Takes one of the account's verification slots. Refused when `maxInFlight` verifications of the account
 * are already running, or when the account is in backoff and the browser is not a trusted device; in
 * backoff an unknown device's attempt also holds off every other unknown device until it is over.
 */
export async function enterAccountGate(db: DbOrTx, key: string, trustedDevice: boolean): Promise<boolean> {
  const g = ACCOUNT_GATE;
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count, in_flight, lease_until)
    values (${key}, now(), 0, 1, now() + make_interval(secs => ${g.leaseSeconds}))
    on conflict (key) do update set
      in_flight = case when rate_limits.lease_until is null or rate_limits.lease_until < now()
                       then 1 else rate_limits.in_flight + 1 end,
      lease_until = now() + make_interval(secs => ${g.leaseSeconds}),
      -- in backoff, an unknown device takes the whole slot: the next one waits for this attempt's outcome
      next_at = case when not ${trustedDevice} and rate_limits.count >= ${g.freeFailures}
                      and rate_limits.window_start > now() - make_interval(secs => ${g.windowSeconds})
                     then now() + make_interval(secs => ${g.leaseSeconds}) else rate_limits.next_at end
    where (rate_limits.in_flight < ${g.maxInFlight} or rate_limits.lease_until is null
           or rate_limits.lease_until < now())
      and (${trustedDevice} or rate_limits.next_at is null or rate_limits.next_at <= now())
    returning in_flight`);
  return result.rows.length > 0;
}

/**
 * Frees the slot; a failure is counted for the account, and past `freeFailures` in the window the next
 * attempt of an unknown device must wait 2^(failures - freeFailures) seconds, at most `maxDelaySeconds`.
 */
export async function leaveAccountGate(db: DbOrTx, key: string, failed: boolean): Promise<void> {
  const g = ACCOUNT_GATE;
  if (!failed) {
    await db.execute(sql`update rate_limits set in_flight = greatest(in_flight - 1, 0) where key = ${key}`);
    return;
  }
  await db.execute(sql`
    update rate_limits set
      in_flight = greatest(in_flight - 1, 0),
      count = case when window_start <= now() - make_interval(secs => ${g.windowSeconds}) then 1 else count + 1 end,
      window_start = case when window_start <= now() - make_interval(secs => ${g.windowSeconds})
                          then now() else window_start end,
      next_at = case
        when window_start > now() - make_interval(secs => ${g.windowSeconds}) and count + 1 > ${g.freeFailures}
        then now() + make_interval(secs => least(power(2, least(count + 1 - ${g.freeFailures}, 20)),
                                                  ${g.maxDelaySeconds}))
        else null end
    where key = ${key}`);
}

/** Rows whose window and backoff are over carry no information any more. */
export async function purgeExpiredRateLimits(db: DbOrTx): Promise<number> {
  const longest = Math.max(ACCOUNT_GATE.windowSeconds, ...Object.values(BUDGETS).map((b) => b.windowSeconds));
  const result = await db.execute(sql`
    delete from rate_limits
     where window_start <= now() - make_interval(secs => ${longest})
       and (next_at is null or next_at <= now())
       and (lease_until is null or lease_until <= now())
    returning key`);
  return result.rows.length;
}
