import { MESSAGES } from '@fantarift/core';
import { Plus, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { BackToDashboard } from '@/features/admin/components/back-to-dashboard';
import { useAdminLeagues } from '@/features/admin/shared/api/get-admin-leagues';
import { errorMessage } from '@/features/admin/shared/error-message';
import { QueryErrorAlert } from '@/features/admin/shared/query-error-alert';
import { useSetMarket } from '../api/set-market';
import type { AdminLeague } from '../api/types';
import { AdminLeagueCard } from '../components/admin-league-card';
import { DeleteLeagueDialog } from '../components/delete-league-dialog';
import { DistributeCoinsDialog } from '../components/distribute-coins-dialog';
import { EditLeagueDialog } from '../components/edit-league-dialog';

/** /admin/leagues: league cards with edit, market, coins and delete. */
export function AdminLeaguesRoute() {
  const leagues = useAdminLeagues();
  const market = useSetMarket();
  const [editing, setEditing] = useState<AdminLeague | null>(null);
  const [deleting, setDeleting] = useState<AdminLeague | null>(null);
  const [distributing, setDistributing] = useState<AdminLeague | null>(null);

  const toggleMarket = (league: AdminLeague) =>
    market.mutate(
      { leagueId: league.id, open: !league.marketOpen },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (err) => toast.error(errorMessage(err, MESSAGES.leagues.marketToggleError)),
      },
    );

  const createButton = (
    <Button asChild>
      <Link to={paths.admin.newLeague.getHref()}>
        <Plus aria-hidden="true" />
        Crea Nuova Lega
      </Link>
    </Button>
  );

  return (
    <>
      <BackToDashboard />
      <PageHeader
        title="Leagues Management"
        description="Crea e modifica leghe ed eventi, apri o chiudi il mercato, gestisci le fasi e distribuisci monete."
        actions={leagues.data && leagues.data.length > 0 ? createButton : undefined}
      />
      {leagues.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Caricamento leghe">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <Skeleton className="h-72 rounded-xl" />
            </li>
          ))}
        </ul>
      ) : leagues.isError ? (
        <QueryErrorAlert
          title={MESSAGES.common.loadError}
          error={leagues.error}
          fallback={MESSAGES.common.loadError}
          onRetry={() => leagues.refetch()}
        />
      ) : leagues.data.length === 0 ? (
        <Card className="border-dashed">
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <Trophy aria-hidden="true" className="size-10 text-brand" />
            <p className="text-muted-foreground">Non ci sono ancora leghe.</p>
            <Button asChild size="lg">
              <Link to={paths.admin.newLeague.getHref()}>
                <Plus aria-hidden="true" />
                {MESSAGES.leagues.createFirst}
              </Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {leagues.data.map((league) => (
            <li key={league.id}>
              <AdminLeagueCard
                league={league}
                marketPending={market.isPending && market.variables?.leagueId === league.id}
                onEdit={() => setEditing(league)}
                onToggleMarket={() => toggleMarket(league)}
                onDistribute={() => setDistributing(league)}
                onDelete={() => setDeleting(league)}
              />
            </li>
          ))}
        </ul>
      )}
      <EditLeagueDialog league={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <DeleteLeagueDialog league={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      <DistributeCoinsDialog league={distributing} onOpenChange={(open) => !open && setDistributing(null)} />
    </>
  );
}
