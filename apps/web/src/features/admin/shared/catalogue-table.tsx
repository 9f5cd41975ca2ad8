import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { errorMessage } from './error-message';

export interface CatalogueColumn<T> {
  /** Header text; an empty header is read as `srHeader` by screen readers. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T[] | undefined;
}

/**
 * The table of a catalogue page (players, champions, teams): loading skeleton, load error, a live
 * count line, the rows and an empty line, with the row actions in a last, right-aligned column.
 */
export function CatalogueTable<T>({
  query,
  loadError,
  count,
  columns,
  rowKey,
  actions,
  empty,
  skeletonClassName = 'h-80',
}: {
  query: QueryLike<T>;
  loadError: string;
  count: (n: number) => string;
  columns: readonly CatalogueColumn<T>[];
  rowKey: (row: T) => string;
  actions: (row: T) => readonly RowAction[];
  empty: string;
  skeletonClassName?: string;
}) {
  if (query.isPending) return <Skeleton className={cn('rounded-xl', skeletonClassName)} />;
  if (query.isError || !query.data)
    return (
      <p role="alert" className="text-destructive">
        {errorMessage(query.error, loadError)}
      </p>
    );
  const rows = query.data;
  return (
    <div className="rounded-xl border bg-card">
      <p className="border-b px-4 py-2 text-muted-foreground text-sm" aria-live="polite">
        {count(rows.length)}
      </p>
      <Table>
        <TableHeader>
          <TableRow>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
              <TableHead key={i} className={c.className}>
                {c.header}
              </TableHead>
            ))}
            <TableHead className="text-right">
              <span className="sr-only">Azioni</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length + 1} className="py-8 text-center text-muted-foreground">
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table
                  <TableCell key={i} className={c.className}>
                    {c.cell(row)}
                  </TableCell>
                ))}
                <TableCell>
                  <RowActions actions={actions(row)} />
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </div>
  );
}

export interface RowAction {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  destructive?: boolean;
  variant?: 'ghost' | 'outline';
}

/** The icon buttons at the end of a row (edit, delete, ...), each named for screen readers. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <div className="flex justify-end gap-1">
      {actions.map(({ icon: Icon, label, onClick, destructive, variant }) => (
        <Button
          key={label}
          variant={destructive ? 'ghost' : (variant ?? 'ghost')}
          size="icon"
          className={destructive ? 'text-destructive hover:text-destructive' : undefined}
          aria-label={label}
          onClick={onClick}
        >
          <Icon />
        </Button>
      ))}
    </div>
  );
}
