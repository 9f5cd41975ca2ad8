import { DEFAULT_SCORING_RULES, MESSAGES, ScoringRulesSchema } from '@fantarift/core';
import { AlertCircle } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { toast } from 'sonner';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useChampionOptions } from '../../api/get-champion-options';
import { useMatchStats } from '../../api/get-match-stats';
import { useSaveMatchStats } from '../../api/save-match-stats';
import type { AdminMatch } from '../../api/types';
import { MatchStatsEditor } from './match-stats-editor';

interface MatchStatsDialogProps {
  match: AdminMatch;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Statistiche" of a match: the editor in a dialog titled with the two teams. */
export function MatchStatsDialog({ match, open, onOpenChange }: MatchStatsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>
            {match.team1} vs {match.team2}
          </DialogTitle>
          <DialogDescription>
            BO{match.matchFormat} · {formatDateTime(match.date)} · Giornata {match.matchDay}
          </DialogDescription>
        </DialogHeader>
        {open && <EditorLoader match={match} onSaved={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditorLoader({ match, onSaved }: { match: AdminMatch; onSaved: () => void }) {
  const statsQuery = useMatchStats(match.id);
  const championsQuery = useChampionOptions();
  const save = useSaveMatchStats();

  const rules = useMemo(() => {
    if (!statsQuery.data) return null;
    const parsed = ScoringRulesSchema.safeParse(statsQuery.data.rules);
    return parsed.success ? parsed.data : null;
  }, [statsQuery.data]);
  const rulesMissing = statsQuery.isSuccess && rules === null;
  useEffect(() => {
    if (rulesMissing) toast.warning(MESSAGES.scoring.usingDefaults);
  }, [rulesMissing]);

  if (statsQuery.isError) {
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>{MESSAGES.stats.loadFailed}</AlertTitle>
        <AlertDescription>
          <p>{statsQuery.error.message}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => statsQuery.refetch()}>
            {MESSAGES.common.reload}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  if (statsQuery.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only">{MESSAGES.common.loading}</span>
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }

  return (
    <>
      {championsQuery.isError && (
        <p role="alert" className="text-destructive text-sm">
          {MESSAGES.champions.loadFailed}
        </p>
      )}
      <MatchStatsEditor
        // A fresh load (e.g. after reopening) starts the editor again from the stored values.
        key={statsQuery.dataUpdatedAt}
        data={statsQuery.data}
        rules={rules ?? DEFAULT_SCORING_RULES}
        champions={championsQuery.data ?? []}
        saving={save.isPending}
        onSave={(body) =>
          save.mutate(
            { matchId: match.id, leagueId: match.leagueId, body },
            {
              onSuccess: (result) => {
                toast.success(result.message);
                onSaved();
              },
              onError: (error) =>
                toast.error(
                  isApiError(error) && error.isClientError ? error.message : MESSAGES.stats.saveFailed,
                ),
            },
          )
        }
      />
    </>
  );
}
