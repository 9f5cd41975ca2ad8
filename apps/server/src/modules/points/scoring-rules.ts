import {
  DEFAULT_SCORING_RULES,
  MESSAGES,
  type PartialScoringRules,
  resolveScoringRules,
  type ScoringRules,
} from '@fantarift/core';
import { eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leagues, scoringRules } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { leagueChangeNotice } from '../../lib/league-events.ts';

export const RULE_KEYS = Object.keys(DEFAULT_SCORING_RULES) as (keyof ScoringRules)[];

type RuleRow = typeof scoringRules.$inferSelect;

function rowToPartial(row: RuleRow | undefined): PartialScoringRules | null {
  if (!row) return null;
  const partial: PartialScoringRules = {};
  for (const key of RULE_KEYS) (partial as Record<string, unknown>)[key] = row[key];
  return partial;
}

export async function globalRulesRow(db: DbOrTx) {
  const [row] = await db.select().from(scoringRules).where(isNull(scoringRules.leagueId));
  return row;
}

export async function leagueRulesRow(db: DbOrTx, leagueId: string) {
  const [row] = await db.select().from(scoringRules).where(eq(scoringRules.leagueId, leagueId));
  return row;
}

/** DECISIONS 16: the league's own row, else the global row; any value either leaves unset is the default. */
export async function rulesForLeague(db: DbOrTx, leagueId: string): Promise<ScoringRules> {
  const own = await leagueRulesRow(db, leagueId);
  return resolveScoringRules(rowToPartial(own ?? (await globalRulesRow(db))));
}

export async function globalRules(db: DbOrTx): Promise<{ rules: ScoringRules; stored: boolean }> {
  const row = await globalRulesRow(db);
  return { rules: resolveScoringRules(rowToPartial(row)), stored: Boolean(row) };
}

/**
 * Saves every rule at once (the spec's "save all"): the global row, or a league's override. Call it in a
 * transaction: two saves of the same row take turns on a transaction lock (the second updates the row
 * the first inserted, and its audit sees the first's values), and a league must exist.
 */
export async function saveRules(db: DbOrTx, leagueId: string | null, rules: ScoringRules) {
  if (leagueId) {
    // key share: the weakest lock that keeps the league from being deleted, and the one trades take too
    const [league] = await db
      .select({ id: leagues.id })
      .from(leagues)
      .where(eq(leagues.id, leagueId))
      .for('key share');
    if (!league) throw notFound(MESSAGES.market.leagueNotFound);
  }
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`scoring_rules:${leagueId ?? 'global'}`}))`);
  const values = { ...rules, leagueId, updatedAt: new Date() };
  const existing = leagueId ? await leagueRulesRow(db, leagueId) : await globalRulesRow(db);
  await announceRulesChange(db, leagueId);
  if (existing) {
    await db.update(scoringRules).set(values).where(eq(scoringRules.id, existing.id));
    return { old: rowToPartial(existing), id: existing.id };
  }
  const [row] = await db.insert(scoringRules).values(values).returning({ id: scoringRules.id });
  return { old: null, id: row!.id };
}

/** Removes a league's own rules (it follows the global ones again). Call it in a transaction. */
export async function deleteLeagueRules(db: DbOrTx, leagueId: string) {
  const rows = await db.delete(scoringRules).where(eq(scoringRules.leagueId, leagueId)).returning();
  if (rows[0]) await announceRulesChange(db, leagueId);
  return rows[0];
}

/**
 * A rules change reaches the pages of every league it applies to (the breakdown of a roster's points is
 * read with them): the league's own rules, or, for the global ones, every league without its own; inside
 * the change's transaction (lib/league-events.ts).
 */
async function announceRulesChange(db: DbOrTx, leagueId: string | null) {
  const ids = leagueId
    ? [leagueId]
    : (
        await db.execute<{ id: string }>(sql`
          select l.id from leagues l
          where not exists (select 1 from scoring_rules s where s.league_id = l.id)`)
      ).rows.map((r) => r.id);
  // a few hundred leagues a statement (a select list holds at most 1,664 columns)
  for (let i = 0; i < ids.length; i += 500) {
    const notices = ids.slice(i, i + 500).map((id) => leagueChangeNotice(id, 'league'));
    await db.execute(sql`select ${sql.join(notices, sql`, `)}`);
  }
}
