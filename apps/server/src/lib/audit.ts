import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { adminAuditLog } from '../db/schema.ts';

export type AuditSeverity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';

export interface AuditEntry {
  action: string;
  tableName: string;
  recordId?: string | null;
  oldValues?: unknown;
  newValues?: unknown;
  severity?: AuditSeverity | null;
}

/** Who is acting and from where, taken from the request once. */
export interface AuditActor {
  adminUserId: string;
  userAgent: string | null;
}

export function auditActor(request: FastifyRequest): AuditActor {
  const ua = request.headers['user-agent'];
  return { adminUserId: request.user!.id, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

/** Appends one row to admin_audit_log, inside the caller's transaction so it commits with the change. */
export async function writeAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    adminUserId: actor.adminUserId,
    userAgent: actor.userAgent,
    action: entry.action,
    tableName: entry.tableName,
    recordId: entry.recordId ?? null,
    oldValues: entry.oldValues ?? null,
    newValues: entry.newValues ?? null,
    severity: entry.severity ?? null,
  });
}

/**
 * Records a failed action after its transaction rolled back (separate statement, so it survives).
 * A failure to write it must not hide the original error, which the caller rethrows.
 */
export async function writeFailureAudit(db: DbOrTx, actor: AuditActor, entry: AuditEntry, err: unknown) {
  try {
    await writeAudit(db, actor, {
      ...entry,
      newValues: {
        ...(entry.newValues as object | undefined),
        error: rootMessage(err),
      },
    });
  } catch {
    // the original error is what the caller reports
  }
}

/** The database's own message (drizzle wraps it in "Failed query: ..." with the parameters). */
export function rootMessage(err: unknown): string {
  let current: unknown = err;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!(cause instanceof Error)) break;
    current = cause;
  }
  return current instanceof Error ? current.message : String(current);
}
