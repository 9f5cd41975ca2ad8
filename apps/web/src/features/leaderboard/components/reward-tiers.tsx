import { REWARD_TIERS } from '@fantarift/core';
import { Gift } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface RewardTiersProps {
  tiers?: readonly { tier: string; amount: number; description: string }[];
}

/** Spec §9 / DECISIONS 18: weekly Burro Coin by leaderboard position. */
export function RewardTiers({ tiers = REWARD_TIERS }: RewardTiersProps) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <Gift aria-hidden="true" className="size-5 text-brand-text" />
            Ricompense settimanali
          </h2>
        </CardTitle>
        <CardDescription>Burro Coin assegnati ogni settimana in base alla posizione.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {tiers.map((tier) => (
            <li
              key={tier.tier}
              className="flex items-center justify-between gap-3 rounded-md border px-3 py-2"
            >
              <div className="min-w-0">
                <p className="font-medium text-sm">{tier.tier}</p>
                <p className="text-muted-foreground text-xs">{tier.description}</p>
              </div>
              <span className="shrink-0 font-bold text-amber-600 tabular-nums dark:text-amber-300">
                {tier.amount} Burro Coin
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
