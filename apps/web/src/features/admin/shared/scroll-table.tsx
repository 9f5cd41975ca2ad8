import type { ReactNode } from 'react';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table';

/** A bordered table that scrolls past 400 px, its caption for screen readers only. */
export function ScrollTable({
  caption,
  head,
  children,
}: {
  caption: ReactNode;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="max-h-[400px] overflow-y-auto rounded-md border">
      <Table>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>{head}</TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}
