import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { adminAuditLog, users } from '../../../db/schema.ts';

export interface AuditLogFilters {
  action?: string;
  tableName?: string;
  recordId?: string;
  adminUserId?: string;
  severity?: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
  limit: number;
}

/** The latest audit rows (at most 100), newest first, with the admin's username. */
export async function listAuditLog(db: DbOrTx, f: AuditLogFilters) {
  const conditions: SQL[] = [];
  if (f.action) conditions.push(eq(adminAuditLog.action, f.action));
  if (f.tableName) conditions.push(eq(adminAuditLog.tableName, f.tableName));
  if (f.recordId) conditions.push(eq(adminAuditLog.recordId, f.recordId));
  if (f.adminUserId) conditions.push(eq(adminAuditLog.adminUserId, f.adminUserId));
  if (f.severity) conditions.push(eq(adminAuditLog.severity, f.severity));
  return db
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
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(f.limit);
}
