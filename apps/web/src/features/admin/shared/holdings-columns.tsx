import { Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { errorMessage } from './error-message';

/** The two columns of the manage dialogs: what the roster holds, and what can be added. */
export function HoldingsColumns({
  held,
  available,
  heldTitle,
  availableTitle,
}: {
  held: ReactNode;
  available: ReactNode;
  heldTitle: ReactNode;
  availableTitle: ReactNode;
}) {
  return (
    <div className="grid min-h-0 gap-4 md:grid-cols-2">
      <Column title={heldTitle}>{held}</Column>
      <Column title={availableTitle}>{available}</Column>
    </div>
  );
}

function Column({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="grid min-h-0 content-start gap-2 rounded-lg border p-3">
      <h3 className="font-semibold text-sm">{title}</h3>
      {children}
    </section>
  );
}

export function HoldingList({
  children,
  className,
  label,
}: {
  children: ReactNode;
  className?: string;
  label: string;
}) {
  return (
    <ul
      aria-label={label}
      className={cn('grid max-h-[40dvh] content-start gap-2 overflow-y-auto pr-1 md:max-h-96', className)}
    >
      {children}
    </ul>
  );
}

export function EmptyLine({ children }: { children: ReactNode }) {
  return <li className="py-4 text-center text-muted-foreground text-sm">{children}</li>;
}

interface MutationHandlers {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/** The add (+) or remove (−) button of a holding row: runs the mutation and toasts its outcome. */
export function HoldingActionButton({
  action,
  itemName,
  disabled,
  title,
  run,
  success,
  failure,
}: {
  action: 'add' | 'remove';
  itemName: string;
  disabled: boolean;
  title?: string;
  run: (handlers: MutationHandlers) => void;
  success: string;
  failure: string;
}) {
  return (
    <Button
      variant={action === 'remove' ? 'outline' : 'default'}
      size="icon"
      aria-label={action === 'add' ? `Aggiungi ${itemName} al roster` : `Rimuovi ${itemName} dal roster`}
      title={title}
      disabled={disabled}
      onClick={() =>
        run({
          onSuccess: () => toast.success(success),
          onError: (err) => toast.error(errorMessage(err, failure)),
        })
      }
    >
      {action === 'add' ? <Plus /> : <Minus />}
    </Button>
  );
}
