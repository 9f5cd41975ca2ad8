import { type ReactNode, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button, type ButtonProps } from '@/components/ui/button';

interface ConfirmButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  label: ReactNode;
  ariaLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** resolves when the request ends: the dialog stays open (and busy) until then */
  onConfirm: () => Promise<unknown>;
}

/** A button that asks first; the prompt closes when the request has ended. */
export function ConfirmButton({
  label,
  ariaLabel,
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  ...buttonProps
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      setOpen(false);
    } catch {
      // the caller has shown the error; the prompt stays open to retry or cancel
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button {...buttonProps} aria-label={ariaLabel} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Annulla</AlertDialogCancel>
            <Button
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={confirm}
            >
              {confirmLabel}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
