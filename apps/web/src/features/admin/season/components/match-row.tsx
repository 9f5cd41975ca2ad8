import { isMatchFormat, MESSAGES, showPerfectSeriesBadge } from '@fantarift/core';
import { BarChart3, CheckCircle2, RotateCcw, Sparkles, Trash2, Trophy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { DeleteDialog } from '../../shared/delete-dialog';
import { useDeleteMatch } from '../api/delete-match';
import { useSetMatchStatus } from '../api/set-match-status';
import type { AdminMatch } from '../api/types';
import { useClosedWeekConfirmation } from './closed-week-confirmation';
import { MatchStatsDialog } from './stats-editor/match-stats-dialog';

export function MatchRow({ match }: { match: AdminMatch }) {
  const [statsOpen, setStatsOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const status = useSetMatchStatus();
  const remove = useDeleteMatch();
  const title = `${match.team1} vs ${match.team2}`;
  const showResult = match.completed && match.gamesPlayed !== null && match.winner !== null;

  const closedWeek = useClosedWeekConfirmation();

  const toggle = (confirmClosedWeek = false) =>
    status.mutate(
      { matchId: match.id, leagueId: match.leagueId, completed: !match.completed, confirmClosedWeek },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (err) => {
          if (closedWeek.intercept(err, () => toggle(true))) return;
          toast.error(isApiError(err) && err.isClientError ? err.message : MESSAGES.matches.updateError);
        },
      },
    );

  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-3 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{title}</span>
          <Badge variant="outline">BO{match.matchFormat}</Badge>
          {match.completed ? (
            <Badge variant="success">Completed</Badge>
          ) : (
            <Badge variant="secondary">Upcoming</Badge>
          )}
        </div>
        <p className="text-muted-foreground text-sm">
          {formatDateTime(match.date)} · Giornata {match.matchDay}
        </p>
        {showResult && (
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span>{MESSAGES.matches.gamesSummary(match.gamesPlayed ?? 0, match.matchFormat)}</span>
            <span className="flex items-center gap-1 font-medium">
              <Trophy aria-hidden="true" className="size-4 text-brand" />
              Vincitore: {match.winner}
            </span>
            {isMatchFormat(match.matchFormat) &&
              showPerfectSeriesBadge(match.matchFormat, match.gamesPlayed ?? 0) && (
                <Badge variant="brand">
                  <Sparkles aria-hidden="true" />
                  {MESSAGES.matches.perfectSeriesBadge}
                </Badge>
              )}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => setStatsOpen(true)}
          aria-label={`Statistiche ${title}`}
        >
          <BarChart3 aria-hidden="true" />
          Statistiche
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => toggle()}
          disabled={status.isPending}
          aria-label={`${match.completed ? 'Reopen' : 'Complete'} ${title}`}
        >
          {match.completed ? <RotateCcw aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
          {match.completed ? 'Reopen' : 'Complete'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          onClick={() => setConfirmDelete(true)}
          aria-label={`Elimina match ${title}`}
        >
          <Trash2 aria-hidden="true" />
          <span className="md:sr-only">Elimina</span>
        </Button>
      </div>
      <MatchStatsDialog match={match} open={statsOpen} onOpenChange={setStatsOpen} />
      <DeleteDialog
        item={confirmDelete ? match : null}
        onClose={() => setConfirmDelete(false)}
        title={`Eliminare ${title}?`}
        description={MESSAGES.matches.deleteConfirm}
        mutation={remove}
        variables={(m, confirmClosedWeek) => ({ matchId: m.id, leagueId: m.leagueId, confirmClosedWeek })}
        deleted={MESSAGES.matches.deleted}
        failed={MESSAGES.matches.deleteError}
        refusalsOnly
        intercept={closedWeek.intercept}
      />
      {closedWeek.dialog}
    </li>
  );
}
