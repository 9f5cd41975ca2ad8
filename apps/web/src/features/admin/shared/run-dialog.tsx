import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { TitledDialog } from './manage-dialog';

/**
 * The dialog that starts a long admin operation (the recalculations): its fields, the error, a
 * warning of what it does, and Annulla / run; it cannot be closed while the operation runs.
 */
export function RunDialog({
  open,
  onOpenChange,
  pending,
  title,
  description,
  error,
  errorId,
  warning,
  warningVariant,
  runLabel,
  runVariant,
  pendingLabel,
  progress,
  onRun,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  title: string;
  description: ReactNode;
  error: string | null;
  errorId: string;
  warning: ReactNode;
  warningVariant: 'warning' | 'destructive';
  runLabel: string;
  runVariant?: 'destructive';
  pendingLabel: string;
  /** the operation's phase and percentage while it runs (JobProgress) */
  progress?: ReactNode;
  onRun: () => void;
  children: ReactNode;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={title}
      description={description}
    >
      <div className="flex flex-col gap-3">
        {children}
        {error && (
          <p id={errorId} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
        <Alert variant={warningVariant} role="note">
          <AlertTriangle aria-hidden="true" />
          <AlertDescription>{warning}</AlertDescription>
        </Alert>
        {pending && progress}
      </div>
      <DialogFooter>
        <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
          Annulla
        </Button>
        <Button variant={runVariant} disabled={pending} aria-busy={pending || undefined} onClick={onRun}>
          {pending ? pendingLabel : runLabel}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
