import { MESSAGES } from '@fantarift/core';
import { ChevronLeft, ChevronRight, Coffee, Users } from 'lucide-react';
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
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatNumber } from '@/lib/format';
import { useLiveLeague } from '@/lib/live-events';
import { cn } from '@/lib/utils';
import { ruleSummary } from './h2h-rule-fields';

const STATUS: Record<H2hRound['status'], { label: string; variant: 'brand' | 'secondary' | 'outline' }> = {
  live: { label: 'In corso', variant: 'brand' },
  final: { label: 'Conclusa', variant: 'secondary' },
  scheduled: { label: 'Da giocare', variant: 'outline' },
};

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
  const num = 'px-1.5 text-right tabular-nums sm:px-2';
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <Table className="text-xs sm:text-sm">
        <TableHeader>
          <TableRow>
            <TableHead className="w-8 px-2">#</TableHead>
            <TableHead className="px-1.5">Utente</TableHead>
            <TableHead className={num} title="Punti in classifica">
              Pt
            </TableHead>
            <TableHead className={num} title="Giocate">
              G
            </TableHead>
            <TableHead className={num} title="Vinte">
              V
            </TableHead>
            <TableHead className={num} title="Pareggiate">
              N
            </TableHead>
            <TableHead className={num} title="Perse">
              P
            </TableHead>
            <TableHead className={num} title="Gol fatti e subiti">
              Gol
            </TableHead>
            <TableHead className={num} title="Differenza reti">
              DR
            </TableHead>
            <TableHead className={num} title="Punti fantasy totali">
              Fanta
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.map((r) => {
            const diff = r.goalsFor - r.goalsAgainst;
            return (
              <TableRow key={r.userId} className={cn(r.userId === meId && 'bg-brand/10')}>
                <TableCell className="px-2 tabular-nums">{r.position}</TableCell>
                <TableCell className="max-w-28 truncate px-1.5 font-medium sm:max-w-none">
                  {r.username}
                </TableCell>
                <TableCell className={cn(num, 'font-semibold')}>{r.points}</TableCell>
                <TableCell className={num}>{r.played}</TableCell>
                <TableCell className={num}>{r.won}</TableCell>
                <TableCell className={num}>{r.drawn}</TableCell>
                <TableCell className={num}>{r.lost}</TableCell>
                <TableCell className={cn(num, 'whitespace-nowrap')}>
                  {r.goalsFor}:{r.goalsAgainst}
                </TableCell>
                <TableCell className={num}>{diff > 0 ? `+${diff}` : diff}</TableCell>
                <TableCell className={num}>{formatNumber(r.fantasyPoints)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}

/** The round to open on: the one being played, else the next, else the last. */
function currentRound(rounds: H2hRound[]): number {
  const live = rounds.findLast((r) => r.status === 'live');
  const next = rounds.find((r) => r.status === 'scheduled');
  return (live ?? next ?? rounds.at(-1))?.round ?? 1;
}

function H2hCalendarView({ pl, meId }: { pl: PrivateLeague; meId?: string }) {
  const query = useH2hCalendar(pl.leagueId, pl.id);
  const [chosen, setChosen] = useState<number | null>(null);
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
  const number = chosen ?? currentRound(rounds);
  const index = Math.max(
    0,
    rounds.findIndex((r) => r.round === number),
  );
  const round = rounds[index]!;
  const status = STATUS[round.status];
  return (
    <section aria-label="Calendario" className="space-y-3">
      <div className="flex items-center gap-2">
        <Button
          size="icon"
          variant="outline"
          aria-label="Turno precedente"
          disabled={index === 0}
          onClick={() => setChosen(rounds[index - 1]!.round)}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <div className="min-w-0 flex-1 text-center">
          <h3 className="font-semibold">
            {round.round}ª giornata <span className="text-muted-foreground">di {rounds.length}</span>
          </h3>
          <p className="truncate text-muted-foreground text-xs">
            {round.weekName}{' '}
            <Badge variant={status.variant} className="ml-1">
              {status.label}
            </Badge>
          </p>
        </div>
        <Button
          size="icon"
          variant="outline"
          aria-label="Turno successivo"
          disabled={index === rounds.length - 1}
          onClick={() => setChosen(rounds[index + 1]!.round)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <ul className="space-y-2" aria-label={`Sfide della ${round.round}ª giornata`}>
        {round.fixtures.map((f) => (
          <li key={`${f.homeUserId}-${f.awayUserId}`}>
            <button
              type="button"
              onClick={() => setOpen({ round, fixture: f })}
              aria-label={`Sfida ${f.homeUsername} contro ${f.awayUsername}: dettaglio dei punti`}
              className={cn(
                'grid w-full grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 rounded-lg border bg-card px-3 py-2 text-left outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                (f.homeUserId === meId || f.awayUserId === meId) && 'border-brand/60',
              )}
            >
              <Side name={f.homeUsername} points={f.homePoints} played={round.status !== 'scheduled'} />
              <span className="font-bold text-lg tabular-nums" data-testid="fixture-score">
                {round.status === 'scheduled' ? '–' : `${f.homeGoals} – ${f.awayGoals}`}
              </span>
              <Side name={f.awayUsername} points={f.awayPoints} played={round.status !== 'scheduled'} end />
            </button>
          </li>
        ))}
      </ul>
      {round.restingUsername && (
        <p className="flex items-center gap-1.5 text-muted-foreground text-sm">
          <Coffee aria-hidden="true" className="size-4" />
          Riposa: {round.restingUsername}
        </p>
      )}
      <MatchupDialog leagueId={pl.leagueId} open={open} onClose={() => setOpen(null)} />
    </section>
  );
}

function Side({
  name,
  points,
  played,
  end,
}: {
  name: string;
  points: number;
  played: boolean;
  end?: boolean;
}) {
  return (
    <span className={cn('min-w-0', end && 'text-right')}>
      <span className="block truncate font-medium text-sm">{name}</span>
      {played && (
        <span className="block text-muted-foreground text-xs tabular-nums">{formatNumber(points)} pt</span>
      )}
    </span>
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
