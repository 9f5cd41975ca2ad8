import type { Currency } from '@fantarift/core';
import { lazy, Suspense, useId, useState } from 'react';
import { tradeErrorMessage, useTradeItem } from '@/api/trade-item';
import type { ItemKind } from '@/api/types';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';

// The confirmation (and the dialog library) loads when it is about to open, not with the page.
const loadConfirmDialog = () => import('./sell-confirm-dialog');
const SellConfirmDialog = lazy(async () => ({ default: (await loadConfirmDialog()).SellConfirmDialog }));

interface SellButtonProps {
  leagueId: string;
  kind: ItemKind;
  itemId: string;
  itemName: string;
  /** What the sale gives back (full price for players, half rounded up for champions). */
  refund: number;
  currency: Currency;
  /** Why selling is not possible now (market blocked); the button is then disabled. */
  disabledReason?: string | null;
  size?: 'sm' | 'default';
}

/** 'Vendi {item}' with a confirmation, then the server's message as a toast. */
export function SellButton({
  leagueId,
  kind,
  itemId,
  itemName,
  refund,
  currency,
  disabledReason,
  size = 'sm',
}: SellButtonProps) {
  const [open, setOpen] = useState(false);
  // mounted from its first opening on, so that closing it animates
  const [shown, setShown] = useState(false);
  const trade = useTradeItem();
  const reasonId = useId();

  // told from the promise: a sold item's button leaves the page before the refresh ends (BuyButton too)
  const sell = () =>
    trade.mutateAsync({ leagueId, kind, action: 'sell', itemId }).then(
      (result) => notify.success(result.message),
      (error) => notify.error(tradeErrorMessage(error, kind, 'sell')),
    );

  return (
    <>
      <Button
        variant="outline"
        size={size}
        aria-label={`Vendi ${itemName}`}
        aria-describedby={disabledReason ? reasonId : undefined}
        title={disabledReason ?? undefined}
        disabled={Boolean(disabledReason) || trade.isPending}
        // the confirmation's code is fetched as soon as the pointer or the focus reaches the button
        onPointerEnter={() => void loadConfirmDialog()}
        onFocus={() => void loadConfirmDialog()}
        onClick={() => {
          setShown(true);
          setOpen(true);
        }}
      >
        {trade.isPending ? 'Vendita...' : 'Vendi'}
      </Button>
      {disabledReason && (
        <span id={reasonId} className="sr-only">
          {disabledReason}
        </span>
      )}
      {shown && (
        <Suspense fallback={null}>
          <SellConfirmDialog
            itemName={itemName}
            refund={refund}
            currency={currency}
            open={open}
            onOpenChange={setOpen}
            onConfirm={sell}
          />
        </Suspense>
      )}
    </>
  );
}
