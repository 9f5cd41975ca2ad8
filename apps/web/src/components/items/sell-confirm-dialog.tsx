import { type Currency, currencyLabel } from '@fantarift/core';
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

interface SellConfirmDialogProps {
  itemName: string;
  refund: number;
  currency: Currency;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

/** 'Vendere {item}?': loaded by SellButton when it is first about to open. */
export function SellConfirmDialog({
  itemName,
  refund,
  currency,
  open,
  onOpenChange,
  onConfirm,
}: SellConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Vendere {itemName}?</AlertDialogTitle>
          <AlertDialogDescription>
            Riceverai {refund} {currencyLabel(currency)}.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Annulla</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Conferma vendita</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
