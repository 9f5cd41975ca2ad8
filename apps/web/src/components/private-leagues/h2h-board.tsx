import { MESSAGES } from '@fantarift/core';
import { Users } from 'lucide-react';
import { useState } from 'react';
import {
  type H2hFixture,
  type H2hRound,
  type PrivateLeague,
  useH2hCalendar,
  useH2hTable,
} from '@/api/private-leagues';
import { LoadErrorLine } from '@/components/load-error-alert';
import { RosterWeekColumn } from '@/components/points/roster-points';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatNumber } from '@/lib/format';
import { useLiveLeague } from '@/lib/live-events';
import { ruleSummary } from './h2h-rule-fields';
import { H2hRoundsView, H2hTableGrid } from './h2h-views';

/** A head-to-head private league: its table ("Classifica") and its calendar ("Calendario"), live. */
export function H2hBoard({ pl, meId }: { pl: PrivateLeague; meId?: string }) {
  // the official league's points and week events refetch both (their keys are in its leaderboard family)
  useLiveLeague(pl.leagueId);
  return (
    <div className="min-w-0 space-y-4">
      <Card className="gap-3 py-4">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h2 className="break-words text-lg">{pl.name}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 text-muted-foreground text-sm sm:px-6">
          <span className="inline-flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            {pl.memberCount} {pl.memberCount === 1 ? 'membro' : 'membri'}
          </span>
          <Badge variant="outline">Scontri diretti</Badge>
          {pl.h2h && <span>{ruleSummary(pl.h2h)}</span>}
        </CardContent>
      </Card>
      <Tabs defaultValue="calendar">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="table">Classifica</TabsTrigger>
          <TabsTrigger value="calendar">Calendario</TabsTrigger>
        </TabsList>
        <TabsContent value="table">
          <H2hTableView pl={pl} meId={meId} />
        </TabsContent>
        <TabsContent value="calendar">
          <H2hCalendarView pl={pl} meId={meId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function H2hTableView({ pl, meId }: { pl: PrivateLeague; meId?: string }) {
  const query = useH2hTable(pl.leagueId, pl.id);
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) return <LoadErrorLine />;
  return <H2hTableGrid rows={query.data} meId={meId} />;
}

function H2hCalendarView({ pl, meId }: { pl: PrivateLeague; meId?: string }) {
  const query = useH2hCalendar(pl.leagueId, pl.id);
  const [open, setOpen] = useState<{ round: H2hRound; fixture: H2hFixture } | null>(null);
  if (query.isPending) return <Skeleton className="h-64" />;
  if (query.isError) return <LoadErrorLine />;
  const { rounds } = query.data;
  if (rounds.length === 0) {
    return (
      <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground text-sm">
        {MESSAGES.privateLeagues.h2hNoCalendar}
        {pl.isOwner ? ': generalo dalla pagina Leghe quando ci sono tutti i membri.' : '.'}
      </p>
    );
  }
  return (
    <>
      <H2hRoundsView rounds={rounds} meId={meId} onOpen={(round, fixture) => setOpen({ round, fixture })} />
      <MatchupDialog leagueId={pl.leagueId} open={open} onClose={() => setOpen(null)} />
    </>
  );
}

/** Both rosters' points of the round's week, side by side. */
function MatchupDialog({
  leagueId,
  open,
  onClose,
}: {
  leagueId: string;
  open: { round: H2hRound; fixture: H2hFixture } | null;
  onClose: () => void;
}) {
  const f = open?.fixture;
  return (
    <Dialog open={Boolean(open)} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto p-4 sm:max-w-2xl sm:p-6">
        {open && f && (
          <>
            <DialogHeader className="pr-8">
              <DialogTitle className="break-words">
                {f.homeUsername}{' '}
                {open.round.status === 'scheduled' ? 'vs' : `${f.homeGoals} – ${f.awayGoals}`}{' '}
                {f.awayUsername}
              </DialogTitle>
              <DialogDescription>
                {open.round.round}ª giornata · {open.round.weekName}
              </DialogDescription>
            </DialogHeader>
            <div className="grid grid-cols-2 gap-3 text-sm sm:gap-6">
              {(
                [
                  [f.homeUsername, f.homeRosterId, f.homePoints],
                  [f.awayUsername, f.awayRosterId, f.awayPoints],
                ] as const
              ).map(([name, rosterId, points]) => (
                <section key={rosterId} aria-label={`Punti di ${name}`} className="min-w-0 space-y-2">
                  <h3 className="flex items-baseline justify-between gap-1 border-b pb-1">
                    <span className="truncate font-semibold">{name}</span>
                    <span className="shrink-0 font-bold tabular-nums">{formatNumber(points)}</span>
                  </h3>
                  <RosterWeekColumn leagueId={leagueId} rosterId={rosterId} weekId={open.round.weekId} />
                </section>
              ))}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
