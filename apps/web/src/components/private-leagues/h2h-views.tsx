import { ChevronLeft, ChevronRight, Coffee } from 'lucide-react';
import { useState } from 'react';
import type { H2hCalendar, H2hTableRow } from '@/api/private-leagues';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * Issue 30's head-to-head table and calendar as shown, from data: a private league's (h2h-board.tsx) and a
 * Lega Fanta's "Scontri diretti" (issue 32) render the same rows and rounds.
 */

type H2hRound = H2hCalendar['rounds'][number];
export type H2hStatus = H2hRound['status'];
/** A match-up as both calendars give it (the private league's also names the rosters). */
type H2hFixtureData = Omit<H2hRound['fixtures'][number], 'homeRosterId' | 'awayRosterId'>;
type H2hRoundData<F extends H2hFixtureData = H2hFixtureData> = Pick<
  H2hRound,
  'round' | 'weekId' | 'weekName' | 'status' | 'restingUsername'
> & { fixtures: F[] };

export const H2H_STATUS: Record<H2hStatus, { label: string; variant: 'brand' | 'secondary' | 'outline' }> = {
  live: { label: 'In corso', variant: 'brand' },
  final: { label: 'Conclusa', variant: 'secondary' },
  scheduled: { label: 'Da giocare', variant: 'outline' },
};

/** The table: Pt, G, V, N, P, goals, difference, total fantasy points; the reader's row marked. */
export function H2hTableGrid({ rows, meId }: { rows: readonly H2hTableRow[]; meId?: string }) {
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
          {rows.map((r) => {
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
function currentRound(rounds: readonly H2hRoundData[]): number {
  const live = rounds.findLast((r) => r.status === 'live');
  const next = rounds.find((r) => r.status === 'scheduled');
  return (live ?? next ?? rounds.at(-1))?.round ?? 1;
}

/**
 * The calendar, one round at a time (opening on the live one, else the next): each match-up with both sides'
 * points and the score, who rests. A match-up opens whatever the page shows for it (`onOpen`).
 */
export function H2hRoundsView<R extends H2hRoundData>({
  rounds,
  meId,
  onOpen,
}: {
  rounds: readonly R[];
  meId?: string;
  onOpen: (round: R, fixture: R['fixtures'][number]) => void;
}) {
  const [chosen, setChosen] = useState<number | null>(null);
  const number = chosen ?? currentRound(rounds);
  const index = Math.max(
    0,
    rounds.findIndex((r) => r.round === number),
  );
  const round = rounds[index]!;
  const status = H2H_STATUS[round.status];
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
              onClick={() => onOpen(round, f)}
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
