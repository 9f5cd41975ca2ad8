import { type Currency, currencyLabel } from '@fantarift/core';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

const SHORT: Record<Currency, string> = { PandaCoin: 'PC', BurroCoin: 'BC' };

/** An amount of coins: "5 PC", with the full currency name for screen readers. */
export function Coins({
  amount,
  currency,
  className,
  signed = false,
}: {
  amount: number;
  currency: Currency;
  className?: string;
  /** Show + for credits (ledger). */
  signed?: boolean;
}) {
  const text = signed && amount > 0 ? `+${amount}` : String(amount);
  return (
    <span className={cn('whitespace-nowrap tabular-nums', className)}>
      <span aria-hidden="true">
        {text} {SHORT[currency]}
      </span>
      <span className="sr-only">
        {text} {currencyLabel(currency)}
      </span>
    </span>
  );
}

interface StatTileProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  accent?: 'panda' | 'burro' | 'points';
}

const ACCENT: Record<NonNullable<StatTileProps['accent']>, string> = {
  panda: 'before:bg-emerald-500',
  burro: 'before:bg-amber-400',
  points: 'before:bg-primary',
};

/** A labelled figure (balance, points) for page headers. */
export function StatTile({ label, value, hint, accent = 'points' }: StatTileProps) {
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-lg border bg-card px-4 py-3 before:absolute before:inset-y-0 before:left-0 before:w-1',
        ACCENT[accent],
      )}
    >
      <dt className="text-muted-foreground text-xs uppercase tracking-wide">{label}</dt>
      <dd className="mt-1 font-bold text-xl tabular-nums">{value}</dd>
      {hint && <dd className="text-muted-foreground text-xs">{hint}</dd>}
    </div>
  );
}
