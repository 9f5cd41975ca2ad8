import { type ReactNode, useLayoutEffect, useRef } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  pendingLabel?: string;
  pending?: boolean;
  destructive?: boolean;
  /** the confirm button also waits for this (e.g. a choice still to make) */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  /** what the prompt shows between its description and its buttons */
  children?: ReactNode;
  className?: string;
}

/**
 * A confirmation prompt (spec §8 "Confirmation prompts"). The confirm button does not close the
 * dialog by itself: the caller closes it when the request ends, so "in corso" stays visible. When it
 * closes, focus goes back to what had it when it opened (the button that asked), if still on the page.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Annulla',
  pendingLabel,
  pending = false,
  destructive = false,
  confirmDisabled = false,
  onConfirm,
  children,
  className,
}: ConfirmDialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogContent
        className={className}
        onCloseAutoFocus={(event) => {
          const back = opener.current;
          if (back?.isConnected) {
            event.preventDefault();
            back.focus();
          }
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending || confirmDisabled}
            aria-busy={pending || undefined}
            onClick={onConfirm}
          >
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
