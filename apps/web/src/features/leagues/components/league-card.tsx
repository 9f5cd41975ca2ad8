import { MESSAGES } from '@fantarift/core';
import { BookOpenText, CalendarDays, ScrollText, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { League } from '@/api/types';
import { JoinLeagueButton } from '@/components/leagues/join-league-button';
import { LazyRulesDialog, preloadRulesDialog } from '@/components/leagues/lazy-rules-dialog';
import { LeagueStatusBadge, MarketBadge } from '@/components/leagues/league-badges';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useMarketStatus } from '@/lib/market';

/** A league on the Leagues page (spec §2): joined leagues link to the roster, the others can be joined. */
export function LeagueCard({ league }: { league: League }) {
  const status = useMarketStatus(league);
  const [rulesOpen, setRulesOpen] = useState(false);
  const headingId = `league-${league.id}`;

  return (
    <Card aria-labelledby={headingId} className="gap-4" role="article">
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <LeagueStatusBadge status={league.status} />
          {status && <MarketBadge status={status} />}
        </div>
        <CardTitle>
          <h3 id={headingId} className="text-lg leading-tight">
            {league.name}
          </h3>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">
            <BookOpenText aria-hidden="true" className="size-4" />
            <span className="sr-only">Tipo</span>
          </dt>
          <dd>{league.type}</dd>
          <dt className="text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4" />
            <span className="sr-only">Data di inizio</span>
          </dt>
          <dd>Inizio: {formatDate(league.startDate)}</dd>
          <dt className="text-muted-foreground">
            <Users aria-hidden="true" className="size-4" />
            <span className="sr-only">Team</span>
          </dt>
          <dd>
            {league.teams.length} {league.teams.length === 1 ? 'team' : 'team partecipanti'}
          </dd>
        </dl>
        {league.rulesRequired && (
          <p className="mt-3 flex items-center gap-2 rounded-md border border-brand/40 bg-brand/10 px-3 py-2 text-xs">
            <ScrollText aria-hidden="true" className="size-4 shrink-0 text-brand-text" />
            {league.joined || league.rulesAccepted
              ? 'Regolamento accettato'
              : 'Questa lega richiede di accettare il regolamento per partecipare'}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        {league.joined ? (
          <>
            <Button asChild size="sm">
              <Link to={paths.roster.getHref(league.id)} aria-label={`Vai al Roster: ${league.name}`}>
                Vai al Roster
              </Link>
            </Button>
            {league.rulesText && (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Vedi Regolamento: ${league.name}`}
                  onPointerEnter={preloadRulesDialog}
                  onFocus={preloadRulesDialog}
                  onClick={() => setRulesOpen(true)}
                >
                  <ScrollText aria-hidden="true" />
                  Vedi Regolamento
                </Button>
                <LazyRulesDialog
                  mode="view"
                  leagueName={league.name}
                  rulesText={league.rulesText}
                  open={rulesOpen}
                  onOpenChange={setRulesOpen}
                />
              </>
            )}
          </>
        ) : (
          <>
            <JoinLeagueButton league={league} size="sm" />
            {league.status === 'Completed' && (
              <p className="w-full text-muted-foreground text-xs">{MESSAGES.leagues.leagueCompleted}</p>
            )}
          </>
        )}
      </CardFooter>
    </Card>
  );
}

export function LeagueCardSkeleton() {
  return (
    <Card className="gap-4" aria-hidden="true">
      <CardHeader className="gap-2">
        <div className="flex gap-2">
          <div className="h-5 w-16 animate-pulse rounded-md bg-accent" />
          <div className="h-5 w-24 animate-pulse rounded-md bg-accent" />
        </div>
        <div className="h-6 w-3/4 animate-pulse rounded-md bg-accent" />
      </CardHeader>
      <CardContent className="space-y-2">
        <div className="h-4 w-1/3 animate-pulse rounded-md bg-accent" />
        <div className="h-4 w-1/2 animate-pulse rounded-md bg-accent" />
        <div className="h-4 w-2/5 animate-pulse rounded-md bg-accent" />
      </CardContent>
      <CardFooter>
        <div className="h-8 w-32 animate-pulse rounded-md bg-accent" />
      </CardFooter>
    </Card>
  );
}
