import { type Currency, currencyLabel } from '@fantarift/core';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { tradeErrorMessage, useTradeItem } from '@/api/trade-item';
import type { ItemKind } from '@/api/types';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

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
  const trade = useTradeItem();
  const reasonId = useId();

  const sell = () =>
    trade.mutate(
      { leagueId, kind, action: 'sell', itemId },
      {
        onSuccess: (result) => toast.success(result.message),
        onError: (error) => toast.error(tradeErrorMessage(error, kind, 'sell')),
      },
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
        onClick={() => setOpen(true)}
      >
        {trade.isPending ? 'Vendita...' : 'Vendi'}
      </Button>
      {disabledReason && (
        <span id={reasonId} className="sr-only">
          {disabledReason}
        </span>
      )}
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Vendere {itemName}?</AlertDialogTitle>
            <AlertDialogDescription>
              Riceverai {refund} {currencyLabel(currency)}.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Annulla</AlertDialogCancel>
            <AlertDialogAction onClick={sell}>Conferma vendita</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
