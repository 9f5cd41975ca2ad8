import { CircleAlert } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from './error-message';

/**
 * A dialog holding one form, open while `item` is neither null nor false; the form is mounted only
 * while open, so each opening starts from the item's values.
 */
export function FormDialog<T>({
  item,
  onOpenChange,
  className,
  children,
}: {
  item: T | null | false;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: (item: T, close: () => void) => ReactNode;
}) {
  const open = item !== null && item !== false;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        {open && children(item as T, () => onOpenChange(false))}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form inside a FormDialog: title, fields, the error in one place (never also as a toast), and
 * Annulla / submit buttons.
 */
export function DialogForm({
  title,
  description,
  onSubmit,
  error,
  errorId,
  pending,
  submitLabel = 'Salva',
  pendingLabel = 'Salvataggio...',
  cancelLabel = 'Annulla',
  onCancel,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  onSubmit: () => void;
  error: string | null;
  /** id for the error, so fields can point at it with aria-describedby. */
  errorId?: string;
  pending: boolean;
  submitLabel?: string;
  pendingLabel?: string;
  cancelLabel?: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      className="grid gap-4"
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      {error && (
        <Alert id={errorId} variant="destructive" role="alert">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {cancelLabel}
        </Button>
        <SubmitButton pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

/**
 * The handlers of a dialog's save: on success the server's message (or `success`) as a toast and the
 * dialog closes; on failure the message goes to the dialog's error line only.
 */
export function saveHandlers({
  success,
  failure,
  setError,
  close,
}: {
  success: string;
  failure: string;
  setError: (message: string) => void;
  close: () => void;
}) {
  return {
    onSuccess: (result: { message?: string } | undefined) => {
      toast.success(result?.message || success);
      close();
    },
    onError: (err: unknown) => setError(errorMessage(err, failure)),
  };
}
