import type { MyRoster, RosterTransaction } from '@/api/types';
import { Coins } from '@/components/items/coins';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatPoints } from '@/lib/format';
import { cn } from '@/lib/utils';

export function WeekPointsCard({ weekPoints }: { weekPoints: MyRoster['weekPoints'] }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Punti per settimana</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {weekPoints.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            Nessun punto ancora: i punti arrivano con le statistiche dei match.
          </p>
        ) : (
          <ul className="divide-y">
            {weekPoints.map((week) => (
              <li key={week.weekId} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="min-w-0 truncate">
                  <span className="text-muted-foreground">Settimana {week.weekNumber}</span>
                  {week.name && week.name !== `Settimana ${week.weekNumber}` && <> · {week.name}</>}
                </span>
                <span className="font-semibold tabular-nums">{formatPoints(week.points)} pt</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const TYPE_LABEL: Record<string, string> = {
  StartingBalance: 'Saldo iniziale',
  BuyPlayer: 'Acquisto giocatore',
  SellPlayer: 'Vendita giocatore',
  BuyChampion: 'Acquisto campione',
  SellChampion: 'Vendita campione',
  WeeklyReward: 'Premio settimanale',
  WeeklyRewardEdit: 'Correzione premio',
  ThresholdBonus: 'Bonus soglia punti',
  AdminDistribution: 'Distribuzione admin',
  AdminAdjustment: 'Rettifica admin',
  Restore: 'Ripristino',
};

function describe(tx: RosterTransaction): string {
  const label = TYPE_LABEL[tx.type] ?? tx.type;
  return tx.itemName ? `${label}: ${tx.itemName}` : label;
}

export function TransactionsCard({ transactions }: { transactions: RosterTransaction[] }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Movimenti recenti</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {transactions.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nessun movimento.</p>
        ) : (
          <ul className="max-h-96 divide-y overflow-y-auto pr-1">
            {transactions.map((tx) => (
              <li key={tx.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <div className="min-w-0">
                  <p className="truncate">{describe(tx)}</p>
                  <p className="text-muted-foreground text-xs">
                    <time dateTime={tx.createdAt}>{formatDateTime(tx.createdAt)}</time>
                    {tx.note && tx.note !== TYPE_LABEL[tx.type] && <> · {tx.note}</>}
                  </p>
                </div>
                <Coins
                  amount={tx.amount}
                  currency={tx.currency}
                  signed
                  className={cn('font-semibold', tx.amount < 0 ? 'text-destructive' : 'text-success')}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
