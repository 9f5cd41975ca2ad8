import type { Database, Transaction } from '../db/client.ts';
import { pgError } from './errors.ts';

/** deadlock_detected and serialization_failure: PostgreSQL rolled the transaction back; running it again is safe */
const RETRYABLE = new Set(['40P01', '40001']);

export const isRetryableAbort = (err: unknown) => RETRYABLE.has(pgError(err)?.code ?? '');

export interface RetryOptions {
  /** runs in all, the first included */
  attempts?: number;
  /** upper bound of the first random pause, doubled after each abort */
  baseDelayMs?: number;
}

/**
 * Runs `work` in a transaction and runs it again, after a random pause ("full jitter": uniform in
 * [0, base × 2^n)), when PostgreSQL aborts it for a deadlock or a serialization failure. Everything
 * `work` does must be inside the transaction, since an aborted run leaves nothing behind.
 */
export async function transactionWithRetry<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  { attempts = 5, baseDelayMs = 20 }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (attempt >= attempts || !isRetryableAbort(err)) throw err;
      const pause = Math.random() * baseDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
