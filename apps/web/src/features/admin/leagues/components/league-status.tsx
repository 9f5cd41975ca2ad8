import type { LeagueStatus } from '@fantarift/core';
import { Badge } from '@/components/ui/badge';

/** Admin pages show the stored status names (spec §3: Upcoming, Active, Completed). */
export function AdminStatusBadge({ status }: { status: LeagueStatus }) {
  return (
    <Badge variant={status === 'Active' ? 'success' : status === 'Upcoming' ? 'brand' : 'secondary'}>
      {status}
    </Badge>
  );
}

export function AdminMarketBadge({ open }: { open: boolean }) {
  return (
    <Badge variant={open ? 'success' : 'destructive'} aria-label={open ? 'Mercato aperto' : 'Mercato chiuso'}>
      {open ? 'Market Open' : 'Market Closed'}
    </Badge>
  );
}
