import { type LeagueStatus, type LeagueType, MESSAGES, marketStatus } from '@fantarift/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { leagueRulesAcceptance, leagues, rosters } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { sanitizeRulesText } from '../../lib/sanitize.ts';
import type { LeagueFields } from './schemas.ts';

type LeagueRow = typeof leagues.$inferSelect;

export function leagueMarket(league: LeagueRow, now: Date) {
  const s = marketStatus(
    {
      status: league.status as LeagueStatus,
      marketOpen: league.marketOpen,
      marketBlockTimezone: league.marketBlockTimezone,
      marketBlockStartTime: league.marketBlockStartTime,
      marketBlockEndTime: league.marketBlockEndTime,
    },
    now,
  );
  return {
    playersBlocked: s.playersBlocked,
    championsBlocked: s.championsBlocked,
    reason: s.reason,
    reopensAt: s.reopensAt,
  };
}

const leagueColumns = {
  league: leagues,
  participantCount: leagues.participantCount,
};

/** The fields every reader of a league sees, as stored (LeagueFieldsSchema). */
export function presentLeagueFields(league: LeagueRow): LeagueFields {
  return {
    id: league.id,
    name: league.name,
    type: league.type as LeagueType,
    status: league.status as LeagueStatus,
    startDate: league.startDate,
    endDate: league.endDate,
    teams: league.teams,
    marketOpen: league.marketOpen,
    rulesRequired: league.rulesRequired,
    rulesText: league.rulesText,
    marketBlockTimezone: league.marketBlockTimezone,
    marketBlockStartTime: league.marketBlockStartTime,
    marketBlockEndTime: league.marketBlockEndTime,
  };
}

function present(
  row: { league: LeagueRow; participantCount: number; rosterId: string | null; rulesAccepted: boolean },
  now: Date,
) {
  const { league } = row;
  return {
    ...presentLeagueFields(league),
    rulesText: league.rulesText ? sanitizeRulesText(league.rulesText) : null,
    participantCount: Number(row.participantCount),
    joined: row.rosterId !== null,
    rulesAccepted: row.rulesAccepted,
    rosterId: row.rosterId,
    market: leagueMarket(league, now),
  };
}

function withUserColumns(userId: string) {
  return {
    ...leagueColumns,
    rosterId: sql<
      string | null
    >`(select r.id from rosters r where r.league_id = "leagues"."id" and r.user_id = ${userId})`,
    rulesAccepted: sql<boolean>`exists (select 1 from league_rules_acceptance a where a.league_id = "leagues"."id" and a.user_id = ${userId})`,
  };
}

/** Every league, ordered by name, with the user's membership and the market state now. */
export async function listLeagues(db: DbOrTx, userId: string, now: Date) {
  const rows = await db.select(withUserColumns(userId)).from(leagues).orderBy(asc(leagues.name));
  return rows.map((row) => present(row, now));
}

/**
 * The league a participant page shows when its address names none (the web app's pickLeague over
 * `listLeagues`): the first joined one in name order, else the first one; null when there is none.
 */
export async function defaultLeagueId(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: leagues.id })
    .from(leagues)
    .leftJoin(rosters, and(eq(rosters.leagueId, leagues.id), eq(rosters.userId, userId)))
    .orderBy(sql`${rosters.id} is null`, asc(leagues.name))
    .limit(1);
  return row?.id ?? null;
}

export async function getLeague(db: DbOrTx, userId: string, leagueId: string, now: Date) {
  const [row] = await db.select(withUserColumns(userId)).from(leagues).where(eq(leagues.id, leagueId));
  if (!row) throw notFound(MESSAGES.market.leagueNotFound);
  return present(row, now);
}

export async function hasAcceptedRules(db: DbOrTx, userId: string, leagueId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leagueRulesAcceptance.id })
    .from(leagueRulesAcceptance)
    .where(and(eq(leagueRulesAcceptance.userId, userId), eq(leagueRulesAcceptance.leagueId, leagueId)));
  return Boolean(row);
}

export async function findRosterId(db: DbOrTx, userId: string, leagueId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: rosters.id })
    .from(rosters)
    .where(and(eq(rosters.userId, userId), eq(rosters.leagueId, leagueId)));
  return row?.id ?? null;
}
