import { CalendarClock, CheckCircle2, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { League } from '@/api/types';
import { LeaguePage } from '@/components/leagues/league-page';
import { LeagueSelect } from '@/components/leagues/league-select';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatDateTime } from '@/lib/format';
import { useLiveLeague } from '@/lib/live-events';
import { cn } from '@/lib/utils';
import { type LeagueMatch, type MatchWeek, useMatches } from '../api/get-matches';
import { MatchDialog } from '../components/match-dialog';

const TITLE = 'Partite';
const DESCRIPTION = 'Le partite reali della lega, settimana per settimana, con i punti di ogni giocatore.';

export function MatchesRoute() {
  return (
    <LeaguePage title={TITLE} description={DESCRIPTION} skeleton={<MatchesSkeleton />}>
      {({ leagues, selected, setLeagueId }) => (
        <div className="space-y-6">
          <LeagueSelect leagues={leagues} value={selected.id} onChange={setLeagueId} />
          <LeagueMatches key={selected.id} league={selected} />
        </div>
      )}
    </LeaguePage>
  );
}

function LeagueMatches({ league }: { league: League }) {
  const query = useMatches(league.id);
  useLiveLeague(league.id);
  const [open, setOpen] = useState<LeagueMatch | null>(null);
  if (query.isPending) return <MatchesSkeleton />;
  if (query.isError) return <LoadErrorAlert onRetry={() => query.refetch()} />;
  const weeks = query.data.filter((w) => w.matches.length > 0);
  if (weeks.length === 0) {
    return <p className="text-muted-foreground">Nessuna partita in programma per questa lega.</p>;
  }
  return (
    <div className="space-y-6">
      {weeks.map((week) => (
        <WeekSection key={week.id} week={week} onOpen={setOpen} />
      ))}
      <MatchDialog leagueId={league.id} match={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function WeekSection({ week, onOpen }: { week: MatchWeek; onOpen: (m: LeagueMatch) => void }) {
  const headingId = `week-${week.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="font-semibold text-lg">
          {week.name}
        </h2>
        <span className="text-muted-foreground text-sm">
          {formatDate(week.startDate)} – {formatDate(week.endDate)}
          {week.isClosed ? ' · chiusa' : ''}
        </span>
      </div>
      <ul className="divide-y rounded-lg border bg-card">
        {week.matches.map((m) => (
          <MatchRow key={m.id} match={m} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

function Team({ name, won, score }: { name: string; won: boolean; score: number | null }) {
  return (
    <span className={cn('flex min-w-0 items-center justify-between gap-2', won && 'font-semibold')}>
      <span className="min-w-0 truncate">{name}</span>
      {score !== null && <span className="shrink-0 tabular-nums">{score}</span>}
    </span>
  );
}

/** On phones only the icon shows (the words stay for screen readers), so the team names keep the row. */
function StatusBadge({ completed }: { completed: boolean }) {
  return (
    <Badge variant={completed ? 'success' : 'secondary'} className="shrink-0">
      {completed ? <CheckCircle2 aria-hidden="true" /> : <CalendarClock aria-hidden="true" />}
      <span className="sr-only sm:not-sr-only">{completed ? 'Completata' : 'Programmata'}</span>
    </Badge>
  );
}

function MatchRow({ match, onOpen }: { match: LeagueMatch; onOpen: (m: LeagueMatch) => void }) {
  const body = (
    <>
      <span className="w-24 shrink-0 text-muted-foreground text-xs sm:w-36">
        {formatDateTime(match.date)}
        <span className="block">BO{match.matchFormat}</span>
      </span>
      <span className="grid min-w-0 flex-1 gap-0.5">
        <Team name={match.team1} won={match.winner === match.team1} score={match.score?.team1 ?? null} />
        <Team name={match.team2} won={match.winner === match.team2} score={match.score?.team2 ?? null} />
      </span>
      <StatusBadge completed={match.completed} />
    </>
  );
  if (!match.completed) {
    return <li className="flex items-center gap-3 px-3 py-3 text-sm">{body}</li>;
  }
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(match)}
        className="flex w-full items-center gap-3 px-3 py-3 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
        aria-label={`${match.team1} contro ${match.team2}: vedi i game e i punti`}
      >
        {body}
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </button>
    </li>
  );
}

function MatchesSkeleton() {
  return (
    <div className="space-y-3" data-testid="matches-loading">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-40" />
    </div>
  );
}
