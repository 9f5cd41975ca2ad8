import { ROSTER_LIMITS } from '@fantarift/core';
import { Eye, Medal } from 'lucide-react';
import { Coins } from '@/components/items/coins';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatPoints } from '@/lib/format';
import { cn } from '@/lib/utils';
import type { LeaderboardEntry } from '../api/get-leaderboard';

const MEDAL_COLOUR: Record<number, string> = {
  1: 'text-amber-400',
  2: 'text-slate-400',
  3: 'text-orange-600',
};

function Rank({ position }: { position: number }) {
  const colour = MEDAL_COLOUR[position];
  return (
    <span className="inline-flex items-center gap-1 font-semibold tabular-nums">
      {colour && <Medal aria-hidden="true" className={cn('size-4', colour)} />}
      {position}°
    </span>
  );
}

interface LeaderboardTableProps {
  entries: (LeaderboardEntry & { weekPoints?: number | null })[];
  onViewRoster: (entry: LeaderboardEntry) => void;
  /** a column with the current week's points (private leagues) */
  showWeekPoints?: boolean;
}

/**
 * The rankings (spec §2). On phones the players, champions and coins columns fold
 * into a second line under the manager, so the table fits 375 px without scrolling.
 */
export function LeaderboardTable({ entries, onViewRoster, showWeekPoints = false }: LeaderboardTableProps) {
  return (
    <Table aria-label="Classifica">
      <TableHeader>
        <TableRow>
          <TableHead className="w-14">Pos.</TableHead>
          <TableHead>Manager</TableHead>
          <TableHead className="text-right">Punti</TableHead>
          {showWeekPoints && <TableHead className="hidden text-right sm:table-cell">Settimana</TableHead>}
          <TableHead className="hidden text-center md:table-cell">Giocatori</TableHead>
          <TableHead className="hidden text-center md:table-cell">Campioni</TableHead>
          <TableHead className="hidden text-right md:table-cell">Monete</TableHead>
          <TableHead className="w-12 text-right">
            <span className="sr-only">Azioni</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow
            key={entry.rosterId}
            aria-current={entry.isMe ? 'true' : undefined}
            className={cn(entry.isMe && 'bg-brand/10 hover:bg-brand/15')}
          >
            <TableCell>
              <Rank position={entry.position} />
            </TableCell>
            <TableCell className="max-w-0 whitespace-normal md:max-w-none">
              <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
                {/* A name wraps between its words, never inside one: a word too long for the
                    line ends in an ellipsis (the whole name in the title and the roster button's
                    label), and "Tu" moves under a name that leaves it no room. */}
                <span
                  className="min-w-0 overflow-hidden text-ellipsis font-medium"
                  title={entry.username}
                  data-testid="manager-name"
                >
                  {entry.username}
                </span>
                {entry.isMe && (
                  <Badge variant="brand" className="shrink-0">
                    Tu
                  </Badge>
                )}
              </div>
              <p className="mt-0.5 text-muted-foreground text-xs md:hidden">
                {entry.playerCount}/{ROSTER_LIMITS.players} G · {entry.championCount}/
                {ROSTER_LIMITS.champions} C · <Coins amount={entry.pandaCoin} currency="PandaCoin" /> ·{' '}
                <Coins amount={entry.burroCoin} currency="BurroCoin" />
                {showWeekPoints && entry.weekPoints != null && (
                  <span className="sm:hidden"> · Settimana: {formatPoints(entry.weekPoints)}</span>
                )}
              </p>
            </TableCell>
            <TableCell className="text-right font-semibold tabular-nums">
              {formatPoints(entry.totalPoints)}
            </TableCell>
            {showWeekPoints && (
              <TableCell className="hidden text-right tabular-nums sm:table-cell">
                {entry.weekPoints == null ? '–' : formatPoints(entry.weekPoints)}
              </TableCell>
            )}
            <TableCell className="hidden text-center tabular-nums md:table-cell">
              {entry.playerCount}/{ROSTER_LIMITS.players}
            </TableCell>
            <TableCell className="hidden text-center tabular-nums md:table-cell">
              {entry.championCount}/{ROSTER_LIMITS.champions}
            </TableCell>
            <TableCell className="hidden text-right md:table-cell">
              <Coins amount={entry.pandaCoin} currency="PandaCoin" /> ·{' '}
              <Coins amount={entry.burroCoin} currency="BurroCoin" />
            </TableCell>
            <TableCell className="text-right">
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Vedi roster di ${entry.username}`}
                title="Vedi roster"
                onClick={() => onViewRoster(entry)}
              >
                <Eye aria-hidden="true" />
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
