import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyLine, HoldingActionButton, HoldingList, HoldingsColumns } from './holdings-columns';

interface MutationHandlers {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

export interface Side<T> {
  items: readonly T[];
  pending: boolean;
  /** Accessible name of the list. */
  label: string;
  empty: string;
  /** Runs the add or remove of one item; the button toasts `success` or the error. */
  run(item: T, handlers: MutationHandlers): void;
  busy: boolean;
  success: string;
  failure: string;
}

/** The mutation a side runs: a TanStack `useMutation` result fits. */
interface SideMutation<V> {
  mutate: (variables: V, handlers: MutationHandlers) => void;
  isPending: boolean;
}

/**
 * One side of the editor from the items it lists, the mutation it runs on one of them (`toVariables`
 * says with which variables) and its texts.
 */
export function holdingSide<T, V>(
  items: readonly T[],
  pending: boolean,
  mutation: SideMutation<V>,
  toVariables: (item: T) => V,
  texts: { label: string; empty: string; success: string; failure: string },
): Side<T> {
  return {
    items,
    pending,
    run: (item, handlers) => mutation.mutate(toVariables(item), handlers),
    busy: mutation.isPending,
    ...texts,
  };
}

/**
 * The add/remove editor of the manage-roster dialogs: filters on top, what the roster holds on the
 * left (−), what can be added on the right (+), add disabled with `fullMessage` once the roster is full.
 */
export function HoldingsEditor<T extends { id: string; name: string }>({
  filters,
  limit,
  held,
  available,
  fullMessage,
  renderRow,
}: {
  filters: ReactNode;
  limit: number;
  held: Side<T>;
  available: Side<T>;
  fullMessage: string;
  renderRow: (item: T, side: 'held' | 'available', action: ReactNode) => ReactNode;
}) {
  const full = held.items.length >= limit;
  return (
    <div className="grid gap-4">
      {filters}
      <HoldingsColumns
        heldTitle={`Nel roster (${held.items.length}/${limit})`}
        availableTitle={`Disponibili (${available.items.length})`}
        held={
          held.pending ? (
            <Skeleton className="h-40" />
          ) : (
            <HoldingList label={held.label}>
              {held.items.length === 0 && <EmptyLine>{held.empty}</EmptyLine>}
              {held.items.map((item) =>
                renderRow(
                  item,
                  'held',
                  <HoldingActionButton
                    action="remove"
                    itemName={item.name}
                    disabled={held.busy}
                    run={(handlers) => held.run(item, handlers)}
                    success={held.success}
                    failure={held.failure}
                  />,
                ),
              )}
            </HoldingList>
          )
        }
        available={
          available.pending ? (
            <Skeleton className="h-40" />
          ) : (
            <>
              {full && (
                <p role="status" className="text-destructive text-xs">
                  {fullMessage}
                </p>
              )}
              <HoldingList label={available.label}>
                {available.items.length === 0 && <EmptyLine>{available.empty}</EmptyLine>}
                {available.items.map((item) =>
                  renderRow(
                    item,
                    'available',
                    <HoldingActionButton
                      action="add"
                      itemName={item.name}
                      title={full ? fullMessage : undefined}
                      disabled={full || available.busy}
                      run={(handlers) => available.run(item, handlers)}
                      success={available.success}
                      failure={available.failure}
                    />,
                  ),
                )}
              </HoldingList>
            </>
          )
        }
      />
    </div>
  );
}
