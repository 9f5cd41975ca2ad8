import type { Database, Transaction } from '../../../db/client.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { conflict } from '../../../lib/errors.ts';

/** A catalogue row (a player, a champion) as its table stores it. */
interface CatalogueRow {
  id: string;
  createdAt: unknown;
  updatedAt: unknown;
}

/**
 * One table of the catalogue (players, champions): its own statements, and the names its audit entries and
 * its refusal of a deletion go by. The writes below are the same for every table: each runs in one
 * transaction with its audit entry.
 */
export interface CatalogueTable<Row extends CatalogueRow, Values> {
  /** the audit entries' table_name */
  tableName: string;
  /** the audit actions' subject: CREATE_<entity>, UPDATE_<entity>, DELETE_<entity> */
  entity: string;
  insert(tx: Transaction, values: Values): Promise<Row>;
  /** the row locked for the rest of the transaction; throws the table's "not found" */
  lock(tx: Transaction, id: string): Promise<Row>;
  /** writes the values and stamps updated_at */
  update(tx: Transaction, id: string, values: Values): Promise<Row>;
  /** whether anything refers to the row (a roster's holding, a statistic), which then stays */
  inUse(tx: Transaction, id: string): Promise<boolean>;
  /** the 409 a deletion of a row in use answers */
  inUseError: { message: string; code: string };
  delete(tx: Transaction, id: string): Promise<void>;
}

/** An optional text left blank is stored as null, a filled one trimmed. */
export const blankToNull = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

/** The row as the audit log keeps it: everything but its timestamps. */
export function auditRow<Row extends CatalogueRow>(row: Row) {
  const { createdAt: _c, updatedAt: _u, ...rest } = row;
  return rest;
}

/** Adds a row, with its CREATE_ audit entry of the values stored. */
export function createRow<Row extends CatalogueRow, Values>(
  db: Database,
  actor: AuditActor,
  table: CatalogueTable<Row, Values>,
  values: Values,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const row = await table.insert(tx, values);
    await writeAudit(tx, actor, {
      action: `CREATE_${table.entity}`,
      tableName: table.tableName,
      recordId: row.id,
      newValues: auditRow(row),
    });
    return row;
  });
}

/** Edits a row under its lock, with its UPDATE_ audit entry of the values before and after. */
export function updateRow<Row extends CatalogueRow, Values>(
  db: Database,
  actor: AuditActor,
  table: CatalogueTable<Row, Values>,
  id: string,
  values: Values,
): Promise<Row> {
  return db.transaction(async (tx) => {
    const current = await table.lock(tx, id);
    const row = await table.update(tx, id, values);
    await writeAudit(tx, actor, {
      action: `UPDATE_${table.entity}`,
      tableName: table.tableName,
      recordId: id,
      oldValues: auditRow(current),
      newValues: auditRow(row),
    });
    return row;
  });
}

/**
 * Deletes a row nothing refers to, with its DELETE_ audit entry of the values it had; a row in use stays
 * (its holdings and statistics would lose their meaning).
 */
export function deleteRow<Row extends CatalogueRow, Values>(
  db: Database,
  actor: AuditActor,
  table: CatalogueTable<Row, Values>,
  id: string,
): Promise<void> {
  return db.transaction(async (tx) => {
    const current = await table.lock(tx, id);
    if (await table.inUse(tx, id)) throw conflict(table.inUseError.message, table.inUseError.code);
    await table.delete(tx, id);
    await writeAudit(tx, actor, {
      action: `DELETE_${table.entity}`,
      tableName: table.tableName,
      recordId: id,
      oldValues: auditRow(current),
    });
  });
}
