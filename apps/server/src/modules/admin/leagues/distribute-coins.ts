import { type CoinDistributionInput, MESSAGES } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { lockLeagueForCredit } from '../../../lib/credit-locks.ts';
import { announceLeagueChange } from '../../../lib/league-events.ts';
import { transactionWithRetry } from '../../../lib/retry-transaction.ts';

export interface CoinDistributionResult {
  message: string;
  updatedRostersCount: number;
  totalPandaDistributed: number;
  totalBurroDistributed: number;
}

/**
 * "Distribuisci Monete": credits every roster of the league with the same amounts, in one transaction and
 * in set-based statements (one UPDATE, one INSERT ... SELECT of ledger rows), so a league of 100k rosters
 * costs two statements, not 200k. One 'AdminDistribution' ledger row per roster and currency credited.
 */
export async function distributeCoins(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  amounts: CoinDistributionInput,
): Promise<CoinDistributionResult> {
  const { pandaCoin, burroCoin } = amounts;
  return transactionWithRetry(db, async (tx) => {
    // one distribution of a league at a time; trades and joins go on (credit-locks.ts), and the count is
    // the rosters this statement credited
    await lockLeagueForCredit(tx, leagueId, MESSAGES.admin.invalidLeagueOrUser);
    const result = await tx.execute<{ n: number }>(sql`
      with credited as (
        update rosters
           set panda_coin = panda_coin + ${pandaCoin}, burro_coin = burro_coin + ${burroCoin}, updated_at = now()
         where league_id = ${leagueId}
        returning id, user_id
      ), ledger as (
        insert into transactions (roster_id, user_id, league_id, type, amount, currency, admin_user_id, note)
        select id, user_id, ${leagueId}::uuid, 'AdminDistribution', ${pandaCoin}::int, 'PandaCoin', ${actor.adminUserId}::uuid, 'Distribuzione monete admin'
          from credited where ${pandaCoin}::int > 0
        union all
        select id, user_id, ${leagueId}::uuid, 'AdminDistribution', ${burroCoin}::int, 'BurroCoin', ${actor.adminUserId}::uuid, 'Distribuzione monete admin'
          from credited where ${burroCoin}::int > 0
        returning 1
      )
      select (select count(*)::int from credited) as n, (select count(*)::int from ledger) as rows`);
    const count = Number(result.rows[0]?.n ?? 0);
    await announceLeagueChange(tx, leagueId, 'roster');
    const out = {
      message: MESSAGES.admin.coinsDistributed(pandaCoin, burroCoin, count),
      updatedRostersCount: count,
      totalPandaDistributed: pandaCoin * count,
      totalBurroDistributed: burroCoin * count,
    };
    await writeAudit(tx, actor, {
      action: 'DISTRIBUTE_COINS',
      tableName: 'rosters',
      recordId: leagueId,
      newValues: {
        league_id: leagueId,
        panda_amount: pandaCoin,
        burro_amount: burroCoin,
        participants_count: count,
        total_panda_distributed: out.totalPandaDistributed,
        total_burro_distributed: out.totalBurroDistributed,
      },
      severity: 'MEDIUM',
    });
    return out;
  });
}
