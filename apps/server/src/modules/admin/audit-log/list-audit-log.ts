import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { adminAuditLog, users } from '../../../db/schema.ts';

export interface AuditLogFilters {
  action?: string;
  tableName?: string;
  recordId?: string;
  adminUserId?: string;
  severity?: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
  /** Rows written at or after this moment. */
  from?: Date;
  /** Rows written at or before this moment. */
  to?: Date;
  /** The id of the last row of the previous page: the page continues with older rows. */
  before?: number;
  limit: number;
}

/**
 * One page of audit rows, newest first, with the admin's username. Pages are keyset pages on the
 * row id (ids grow with every insert), so a deep page costs what the first one does and rows
 * written meanwhile never shift a page.
 */
export async function listAuditLog(db: DbOrTx, f: AuditLogFilters) {
  const conditions: SQL[] = [];
  if (f.action) conditions.push(eq(adminAuditLog.action, f.action));
  if (f.tableName) conditions.push(eq(adminAuditLog.tableName, f.tableName));
  if (f.recordId) conditions.push(eq(adminAuditLog.recordId, f.recordId));
  if (f.adminUserId) conditions.push(eq(adminAuditLog.adminUserId, f.adminUserId));
  if (f.severity) conditions.push(eq(adminAuditLog.severity, f.severity));
  if (f.from) conditions.push(gte(adminAuditLog.createdAt, f.from));
  if (f.to) conditions.push(lte(adminAuditLog.createdAt, f.to));
  if (f.before !== undefined) conditions.push(lt(adminAuditLog.id, f.before));
  const rows = await db
    .select({
      id: adminAuditLog.id,
      adminUserId: adminAuditLog.adminUserId,
      adminUsername: users.username,
      action: adminAuditLog.action,
      tableName: adminAuditLog.tableName,
      recordId: adminAuditLog.recordId,
      oldValues: adminAuditLog.oldValues,
      newValues: adminAuditLog.newValues,
      severity: adminAuditLog.severity,
      userAgent: adminAuditLog.userAgent,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .leftJoin(users, eq(users.id, adminAuditLog.adminUserId))
    .where(and(...conditions))
    .orderBy(desc(adminAuditLog.id))
    .limit(f.limit + 1);
  const entries = rows.slice(0, f.limit);
  const nextCursor = rows.length > f.limit ? String(entries[entries.length - 1]!.id) : null;
  return { entries, nextCursor };
}

/** The values the page's filters offer: actions, tables and admins that appear in the log. */
export async function auditLogFacets(db: DbOrTx) {
  const actions = await db
    .selectDistinct({ v: adminAuditLog.action })
    .from(adminAuditLog)
    .orderBy(adminAuditLog.action);
  const tables = await db
    .selectDistinct({ v: adminAuditLog.tableName })
    .from(adminAuditLog)
    .orderBy(adminAuditLog.tableName);
  const admins = await db
    .selectDistinct({ id: users.id, username: users.username })
    .from(adminAuditLog)
    .innerJoin(users, eq(users.id, adminAuditLog.adminUserId))
    .orderBy(users.username);
  return { actions: actions.map((r) => r.v), tables: tables.map((r) => r.v), admins };
}
