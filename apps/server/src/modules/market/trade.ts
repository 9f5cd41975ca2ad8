import {
  type Currency,
  championRefund,
  type LeagueType,
  MESSAGES,
  marketStatus,
  playerRefund,
  ROSTER_LIMITS,
} from '@fantarift/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  champions,
  leagueRulesAcceptance,
  leagues,
  players,
  rosterChampions,
  rosterPlayers,
  rosters,
  transactions,
} from '../../db/schema.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { openRoster } from '../rosters/open-roster.ts';

export type ItemKind = 'player' | 'champion';

export interface TradeResult {
  itemId: string;
  itemName: string;
  /** coins paid (buy) or refunded (sell) */
  amount: number;
  currency: Currency;
  message: string;
  roster: { id: string; pandaCoin: number; burroCoin: number; playerCount: number; championCount: number };
}

type League = typeof leagues.$inferSelect;

/**
 * The moment of a change is taken after the roster lock is held (clock_timestamp, not the transaction's
 * start time), so holdings and ledger rows are ordered exactly as the trades were serialised.
 */
const changedAt = sql`clock_timestamp()`;

const marketRefused = (message: string) => new AppError(409, 'MARKET_BLOCKED', message);

/** The server's answer to "may this kind of item be traded now?", from the same core rule the UI shows. */
export function assertMarketOpen(league: League, kind: ItemKind, now: Date): void {
  const status = marketStatus(
    {
      status: league.status as 'Upcoming' | 'Active' | 'Completed',
      marketOpen: league.marketOpen,
      marketBlockTimezone: league.marketBlockTimezone,
      marketBlockStartTime: league.marketBlockStartTime,
      marketBlockEndTime: league.marketBlockEndTime,
    },
    now,
  );
  if (kind === 'champion') {
    if (status.championsBlocked) throw marketRefused(MESSAGES.market.championsBlocked);
    return;
  }
  if (status.playersBlocked) {
    throw marketRefused(
      status.reason === 'manual_closure' ? MESSAGES.market.playersClosed : MESSAGES.market.playersBlocked,
    );
  }
}

async function loadLeague(tx: Transaction, leagueId: string): Promise<League> {
  const [league] = await tx.select().from(leagues).where(eq(leagues.id, leagueId));
  if (!league) throw notFound(MESSAGES.market.leagueNotFound);
  return league;
}

/** Locks the user's roster row for the rest of the transaction: every trade on it runs one at a time. */
async function lockRoster(tx: Transaction, userId: string, leagueId: string) {
  const [roster] = await tx
    .select()
    .from(rosters)
    .where(and(eq(rosters.userId, userId), eq(rosters.leagueId, leagueId)))
    .for('update');
  return roster;
}

/** Buying in a league not joined yet joins it first, under the same rules (DECISIONS 6). */
async function lockOrOpenRoster(tx: Transaction, userId: string, league: League) {
  const existing = await lockRoster(tx, userId, league.id);
  if (existing) return existing;
  if (league.rulesRequired) {
    const [accepted] = await tx
      .select({ id: leagueRulesAcceptance.id })
      .from(leagueRulesAcceptance)
      .where(and(eq(leagueRulesAcceptance.userId, userId), eq(leagueRulesAcceptance.leagueId, league.id)));
    if (!accepted) throw forbidden(MESSAGES.leagues.rulesNotAccepted, 'RULES_NOT_ACCEPTED');
  }
  await openRoster(tx, { userId, leagueId: league.id, leagueType: league.type as LeagueType });
  const roster = await lockRoster(tx, userId, league.id);
  if (!roster) throw notFound(MESSAGES.market.rosterNotFound);
  return roster;
}

function rosterSummary(r: typeof rosters.$inferSelect): TradeResult['roster'] {
  return {
    id: r.id,
    pandaCoin: r.pandaCoin,
    burroCoin: r.burroCoin,
    playerCount: r.playerCount,
    championCount: r.championCount,
  };
}

const KINDS = {
  player: {
    currency: 'PandaCoin' as const,
    balanceKey: 'pandaCoin' as const,
    countKey: 'playerCount' as const,
    limit: ROSTER_LIMITS.players,
    refund: playerRefund,
    messages: {
      notFound: MESSAGES.market.playerNotFound,
      owned: MESSAGES.market.playerAlreadyOwned,
      limit: MESSAGES.market.maxPlayers,
      balance: MESSAGES.market.notEnoughPandaCoin,
      notInRoster: MESSAGES.market.playerNotInRoster,
      notInLeague: 'Questo giocatore non partecipa a questa lega',
    },
  },
  champion: {
    currency: 'BurroCoin' as const,
    balanceKey: 'burroCoin' as const,
    countKey: 'championCount' as const,
    limit: ROSTER_LIMITS.champions,
    refund: championRefund,
    messages: {
      notFound: MESSAGES.market.championNotFound,
      owned: MESSAGES.market.championAlreadyOwned,
      limit: MESSAGES.market.maxChampions,
      balance: MESSAGES.market.notEnoughBurroCoin,
      notInRoster: MESSAGES.market.championNotInRoster,
      notInLeague: '',
    },
  },
} as const;

async function loadItem(tx: Transaction, kind: ItemKind, itemId: string, league: League) {
  const k = KINDS[kind];
  if (kind === 'player') {
    const [p] = await tx
      .select({ id: players.id, name: players.name, cost: players.cost, team: players.team })
      .from(players)
      .where(eq(players.id, itemId));
    if (!p) throw notFound(k.messages.notFound);
    // A league without a team list (an international event being set up) trades every player.
    if (league.teams.length > 0 && !league.teams.includes(p.team)) throw badRequest(k.messages.notInLeague);
    return p;
  }
  const [c] = await tx
    .select({ id: champions.id, name: champions.name, cost: champions.cost })
    .from(champions)
    .where(eq(champions.id, itemId));
  if (!c) throw notFound(k.messages.notFound);
  return c;
}

async function findHolding(tx: Transaction, kind: ItemKind, rosterId: string, itemId: string) {
  if (kind === 'player') {
    const [h] = await tx
      .select({ id: rosterPlayers.id, pricePaid: rosterPlayers.pricePaid })
      .from(rosterPlayers)
      .where(
        and(
          eq(rosterPlayers.rosterId, rosterId),
          eq(rosterPlayers.playerId, itemId),
          isNull(rosterPlayers.releasedAt),
        ),
      );
    return h;
  }
  const [h] = await tx
    .select({ id: rosterChampions.id, pricePaid: rosterChampions.pricePaid })
    .from(rosterChampions)
    .where(
      and(
        eq(rosterChampions.rosterId, rosterId),
        eq(rosterChampions.championId, itemId),
        isNull(rosterChampions.releasedAt),
      ),
    );
  return h;
}

/**
 * Buys an item in one transaction: lock the roster, check every rule, take the coins with a guarded
 * UPDATE (the check constraints are the last line of defence), record the holding and the ledger row.
 */
export async function buyItem(
  db: Database,
  kind: ItemKind,
  p: { userId: string; leagueId: string; itemId: string; now: Date },
): Promise<TradeResult> {
  const k = KINDS[kind];
  return db.transaction(async (tx) => {
    const league = await loadLeague(tx, p.leagueId);
    assertMarketOpen(league, kind, p.now);
    const item = await loadItem(tx, kind, p.itemId, league);
    const roster = await lockOrOpenRoster(tx, p.userId, league);

    if (await findHolding(tx, kind, roster.id, item.id)) throw badRequest(k.messages.owned, 'ALREADY_OWNED');
    if (roster[k.countKey] >= k.limit) throw badRequest(k.messages.limit, 'ROSTER_FULL');
    if (roster[k.balanceKey] < item.cost) throw badRequest(k.messages.balance, 'INSUFFICIENT_FUNDS');

    const balance = rosters[k.balanceKey];
    const [updated] = await tx
      .update(rosters)
      .set({
        [k.balanceKey]: sql`${balance} - ${item.cost}`,
        [k.countKey]: sql`${rosters[k.countKey]} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(rosters.id, roster.id), sql`${balance} >= ${item.cost}`))
      .returning();
    if (!updated) throw badRequest(k.messages.balance, 'INSUFFICIENT_FUNDS');

    if (kind === 'player') {
      await tx
        .insert(rosterPlayers)
        .values({
          rosterId: roster.id,
          leagueId: league.id,
          playerId: item.id,
          pricePaid: item.cost,
          acquiredAt: changedAt,
        });
    } else {
      await tx
        .insert(rosterChampions)
        .values({
          rosterId: roster.id,
          leagueId: league.id,
          championId: item.id,
          pricePaid: item.cost,
          acquiredAt: changedAt,
        });
    }
    await tx.insert(transactions).values({
      rosterId: roster.id,
      userId: p.userId,
      leagueId: league.id,
      type: kind === 'player' ? 'BuyPlayer' : 'BuyChampion',
      itemId: item.id,
      itemName: item.name,
      amount: -item.cost,
      currency: k.currency,
      createdAt: changedAt,
    });
    return {
      itemId: item.id,
      itemName: item.name,
      amount: item.cost,
      currency: k.currency,
      message: MESSAGES.market.bought(item.name, item.cost, k.currency),
      roster: rosterSummary(updated),
    };
  });
}

/** Sells an item: the refund comes from the price paid (DECISIONS 3 and 5), never from today's cost. */
export async function sellItem(
  db: Database,
  kind: ItemKind,
  p: { userId: string; leagueId: string; itemId: string; now: Date },
): Promise<TradeResult> {
  const k = KINDS[kind];
  return db.transaction(async (tx) => {
    const league = await loadLeague(tx, p.leagueId);
    assertMarketOpen(league, kind, p.now);
    const roster = await lockRoster(tx, p.userId, league.id);
    if (!roster) throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
    const holding = await findHolding(tx, kind, roster.id, p.itemId);
    if (!holding) throw badRequest(k.messages.notInRoster, 'NOT_IN_ROSTER');
    const refund = k.refund(holding.pricePaid);

    const [updated] = await tx
      .update(rosters)
      .set({
        [k.balanceKey]: sql`${rosters[k.balanceKey]} + ${refund}`,
        [k.countKey]: sql`${rosters[k.countKey]} - 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(rosters.id, roster.id))
      .returning();

    let itemName: string;
    if (kind === 'player') {
      await tx.update(rosterPlayers).set({ releasedAt: changedAt }).where(eq(rosterPlayers.id, holding.id));
      const [row] = await tx.select({ name: players.name }).from(players).where(eq(players.id, p.itemId));
      itemName = row?.name ?? '';
    } else {
      await tx
        .update(rosterChampions)
        .set({ releasedAt: changedAt })
        .where(eq(rosterChampions.id, holding.id));
      const [row] = await tx
        .select({ name: champions.name })
        .from(champions)
        .where(eq(champions.id, p.itemId));
      itemName = row?.name ?? '';
    }
    await tx.insert(transactions).values({
      rosterId: roster.id,
      userId: p.userId,
      leagueId: league.id,
      type: kind === 'player' ? 'SellPlayer' : 'SellChampion',
      itemId: p.itemId,
      itemName,
      amount: refund,
      currency: k.currency,
      createdAt: changedAt,
    });
    return {
      itemId: p.itemId,
      itemName,
      amount: refund,
      currency: k.currency,
      message: MESSAGES.market.sold(itemName, refund, k.currency),
      roster: rosterSummary(updated!),
    };
  });
}
