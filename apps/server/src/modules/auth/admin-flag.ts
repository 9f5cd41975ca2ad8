import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { canonicalEmail } from '../../lib/email.ts';

/** Grants or removes admin rights; returns false when no account has that e-mail. */
export async function setAdmin(db: DbOrTx, email: string, isAdmin: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isAdmin, updatedAt: sql`now()` })
    .where(eq(users.email, canonicalEmail(email)))
    .returning({ id: users.id });
  return rows.length > 0;
}
