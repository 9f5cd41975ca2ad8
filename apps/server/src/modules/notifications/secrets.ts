import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appSecrets } from '../../db/schema.ts';

/**
 * A secret made on the first start and kept in the database: the first instance's insert wins, every
 * instance (and every restart) then reads that one, so two servers never sign with different keys.
 */
export async function sharedSecret<T>(db: DbOrTx, name: string, make: () => T): Promise<T> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  return row!.value as T;
}
