import { CalendarDays, Coins, Layers, Lock, LockOpen, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import type { AdminLeague } from '../api/types';
import { AdminMarketBadge, AdminStatusBadge } from './league-status';

interface AdminLeagueCardProps {
  league: AdminLeague;
  marketPending: boolean;
  onEdit: () => void;
  onToggleMarket: () => void;
  onDistribute: () => void;
  onDelete: () => void;
}

export function AdminLeagueCard({
  league,
  marketPending,
  onEdit,
  onToggleMarket,
  onDistribute,
  onDelete,
}: AdminLeagueCardProps) {
  const current = league.phases.find((p) => p.isCurrent);
  return (
    <Card className="h-full gap-4">
      <CardHeader className="gap-2">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="min-w-0">
            <h2 className="break-words font-semibold text-lg leading-tight">{league.name}</h2>
          </CardTitle>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-1 -mr-2 shrink-0 text-destructive hover:text-destructive"
            aria-label={`Elimina ${league.name}`}
            onClick={onDelete}
          >
            <Trash2 />
          </Button>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <AdminStatusBadge status={league.status} />
          <AdminMarketBadge open={league.marketOpen} />
        </div>
      </CardHeader>
      <CardContent className="grid gap-1.5 text-sm">
        <p>
          <span className="font-medium">{league.type}</span>
          <span className="text-muted-foreground"> · {league.teams.length} team</span>
        </p>
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <span>
            {formatDate(league.startDate)} – {formatDate(league.endDate)}
          </span>
        </p>
        {current && (
          <p className="text-muted-foreground">
            Fase corrente: <span className="text-foreground">{current.phaseName}</span>
          </p>
        )}
      </CardContent>
      <CardFooter className="mt-auto grid grid-cols-2 gap-2">
        <Button asChild variant="brand" size="sm" className="col-span-2">
          <Link to={paths.admin.league.getHref(league.id)} aria-label={`Gestisci Fasi di ${league.name}`}>
            <Layers aria-hidden="true" />
            Gestisci Fasi
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${league.name}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onToggleMarket}
          disabled={marketPending}
          aria-busy={marketPending || undefined}
          aria-label={`${league.marketOpen ? 'Close Market' : 'Open Market'}: ${league.name}`}
        >
          {league.marketOpen ? <Lock aria-hidden="true" /> : <LockOpen aria-hidden="true" />}
          {league.marketOpen ? 'Close Market' : 'Open Market'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="col-span-2"
          onClick={onDistribute}
          aria-label={`Distribuisci Monete: ${league.name}`}
        >
          <Coins aria-hidden="true" />
          Distribuisci Monete
        </Button>
      </CardFooter>
    </Card>
  );
}
