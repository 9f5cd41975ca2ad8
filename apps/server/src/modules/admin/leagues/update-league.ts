import {
  isLeagueType,
  LEAGUE_NAME_MAX,
  LEAGUE_STATUSES,
  MarketBlockSchema,
  MESSAGES,
  sanitizeText,
  validateLeagueName,
  validateRulesText,
} from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { leagues } from '../../../db/schema.ts';
import { type AuditActor, writeAudit, writeFailureAudit } from '../../../lib/audit.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { sanitizeRulesText } from '../../../lib/sanitize.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { isIsoDate } from '../schemas.ts';
import { auditLeague, getAdminLeague, lockLeague } from './list-leagues.ts';
import type { AdminLeague, UpdateLeagueBody } from './schemas.ts';

type LeagueRow = typeof leagues.$inferSelect;

/** The edit dialog's values merged onto the league, validated and sanitised as the spec says (§5). */
function nextValues(current: LeagueRow, body: UpdateLeagueBody) {
  const name = body.name ?? current.name;
  const nameError = validateLeagueName(name);
  if (nameError) throw badRequest(nameError, 'INVALID_LEAGUE');
  const type = body.type ?? current.type;
  if (!isLeagueType(type)) throw badRequest(MESSAGES.leagues.invalidType, 'INVALID_LEAGUE');
  const status = body.status ?? current.status;
  if (!(LEAGUE_STATUSES as readonly string[]).includes(status)) {
    throw badRequest(MESSAGES.common.invalidInput, 'INVALID_LEAGUE');
  }
  const startDate = body.startDate ?? current.startDate;
  const endDate = body.endDate ?? current.endDate;
  if (startDate.trim() === '' || endDate.trim() === '') {
    throw badRequest(MESSAGES.leagues.fillRequiredFields, 'INVALID_LEAGUE');
  }
  if (!isIsoDate(startDate) || !isIsoDate(endDate))
    throw badRequest(ADMIN_MESSAGES.invalidDate, 'INVALID_LEAGUE');
  if (endDate < startDate) throw badRequest(MESSAGES.leagues.endBeforeStart, 'INVALID_LEAGUE');

  const rulesRequired = body.rulesRequired ?? current.rulesRequired;
  const rawRules = body.rulesText !== undefined ? body.rulesText : current.rulesText;
  const rules = rawRules?.trim() ? rawRules : null;
  if (rulesRequired && !rules) throw badRequest(ADMIN_MESSAGES.rulesTextRequired, 'INVALID_RULES');
  if (rules) {
    const rulesError = validateRulesText(rules);
    if (rulesError) throw badRequest(rulesError, 'INVALID_RULES');
  }

  const block = MarketBlockSchema.safeParse({
    timezone: body.marketBlockTimezone ?? current.marketBlockTimezone,
    startTime:
      body.marketBlockStartTime !== undefined ? body.marketBlockStartTime : current.marketBlockStartTime,
    endTime: body.marketBlockEndTime !== undefined ? body.marketBlockEndTime : current.marketBlockEndTime,
  });
  if (!block.success) {
    throw badRequest(block.error.issues[0]?.message ?? MESSAGES.common.invalidInput, 'INVALID_MARKET_BLOCK');
  }

  return {
    // spec §5: validated, then sanitised to at most 100 characters
    name: Array.from(sanitizeText(name)).slice(0, LEAGUE_NAME_MAX).join(''),
    type,
    status,
    startDate,
    endDate,
    rulesRequired,
    rulesText: rules ? sanitizeRulesText(rules) || null : null,
    marketBlockTimezone: block.data.timezone,
    marketBlockStartTime: block.data.startTime,
    marketBlockEndTime: block.data.endTime,
  };
}

/**
 * The "Modifica Lega" dialog. A refused edit changes nothing; an edit that fails for another reason is
 * logged with severity HIGH after the rollback, so the attempt is never lost.
 */
export async function updateLeague(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  body: UpdateLeagueBody,
): Promise<AdminLeague> {
  try {
    await db.transaction(async (tx) => {
      const current = await lockLeague(tx, leagueId);
      const values = nextValues(current, body);
      const [updated] = await tx
        .update(leagues)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(leagues.id, leagueId))
        .returning();
      await writeAudit(tx, actor, {
        action: 'UPDATE_LEAGUE',
        tableName: 'leagues',
        recordId: leagueId,
        oldValues: auditLeague(current),
        newValues: auditLeague(updated!),
        severity: 'MEDIUM',
      });
    });
  } catch (err) {
    if (!(err instanceof AppError)) {
      await writeFailureAudit(
        db,
        actor,
        {
          action: 'UPDATE_LEAGUE_ERROR',
          tableName: 'leagues',
          recordId: leagueId,
          newValues: { request: body },
          severity: 'HIGH',
        },
        err,
      );
    }
    throw err;
  }
  return getAdminLeague(db, leagueId);
}
