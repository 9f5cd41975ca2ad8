import type { LeagueStatus, MarketStatus } from '@fantarift/core';
import { Badge } from '@/components/ui/badge';
import { isMarketOpen } from '@/lib/market';

export const LEAGUE_STATUS_LABEL: Record<LeagueStatus, string> = {
  Upcoming: 'In arrivo',
  Active: 'In corso',
  Completed: 'Conclusa',
};

export function LeagueStatusBadge({ status }: { status: LeagueStatus }) {
  return (
    <Badge variant={status === 'Active' ? 'success' : status === 'Upcoming' ? 'brand' : 'secondary'}>
      {LEAGUE_STATUS_LABEL[status]}
    </Badge>
  );
}

export function MarketBadge({ status }: { status: MarketStatus }) {
  const open = isMarketOpen(status);
  return (
    <Badge variant={open ? 'success' : 'destructive'}>{open ? 'Mercato Aperto' : 'Mercato Chiuso'}</Badge>
  );
}
