import { MESSAGES } from '@fantarift/core';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Calculator, CalendarClock, RotateCcw } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { LeagueSelect } from '@/components/leagues/league-select';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { invalidateLeagueStandings } from '@/features/admin/shared/api/season-keys';
import { SectionCard } from '@/features/admin/shared/section-card';
import { useAdminLeague } from '@/features/admin/shared/use-admin-league';
import { isApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { Checkbox } from '../../components/ui-extra/checkbox';
import { ConfirmDialog } from '../../components/ui-extra/confirm-dialog';
import { adminJobKey, useAdminJob } from '../../shared/api/get-admin-job';
import { isRunningJob, JobProgress, useJobFinished } from '../../shared/job-progress';
import { TitledDialog } from '../../shared/manage-dialog';
import { RunDialog } from '../../shared/run-dialog';
import { useWeeks } from '../api/get-weeks';
import { useRecalculate } from '../api/recalculate';
import type { MatchProblem, RecalculateRequest } from '../api/types';

type Mode = RecalculateRequest['mode'];

const FAILURE: Record<Mode, string> = {
  full: MESSAGES.recalculation.failed,
  fromWeek: MESSAGES.recalculation.failed,
  singleWeek: MESSAGES.recalculation.weekFailed,
  reset: MESSAGES.recalculation.resetFailed,
};

function isProblemList(value: unknown): value is MatchProblem[] {
  return Array.isArray(value) && value.every((p) => typeof p === 'object' && p !== null && 'matchId' in p);
}

/**
 * "Ricalcola Punteggi", "Settimana Singola", "Reset Classifica" (admin spec §2 "Recalculation
 * controls"), with their option, week and error-list dialogs. Used by Scoring Rules and Recovery.
 */
export function RecalculationControls() {
  const { leagues, league, setLeagueId } = useAdminLeague();
  const [dialog, setDialog] = useState<'options' | 'week' | 'reset' | null>(null);
  const [problems, setProblems] = useState<MatchProblem[] | null>(null);
  const recalc = useRecalculate();
  const queryClient = useQueryClient();
  // the league's recalculation as the server runs it: this page's own, or one started elsewhere
  const job = useAdminJob(league?.id, 'recalculation', recalc.isPending).data;
  const busy = recalc.isPending || job?.status === 'running';
  useJobFinished(job, () => {
    if (league) void invalidateLeagueStandings(queryClient, league.id);
  });

  const run = (request: RecalculateRequest) =>
    recalc.mutate(request, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setDialog(null);
      },
      onSettled: () =>
        queryClient.invalidateQueries({ queryKey: adminJobKey(request.leagueId, 'recalculation') }),
      onError: (error) => {
        if (isApiError(error, 409) && isRunningJob(error.details)) {
          // another admin's recalculation of this league: shown here instead of starting a second one
          queryClient.setQueryData(adminJobKey(request.leagueId, 'recalculation'), error.details.job);
          toast.error(error.message);
          setDialog(null);
          return;
        }
        if (isApiError(error, 422) && isProblemList(error.details)) {
          toast.error(MESSAGES.recalculation.invalidMatchesToast(error.details.length));
          setDialog(null);
          setProblems(error.details);
          return;
        }
        toast.error(isApiError(error) && error.isClientError ? error.message : FAILURE[request.mode]);
      },
    });

  return (
    <SectionCard
      title="Ricalcolo Punteggi"
      icon={Calculator}
      description="Ricalcola i punti dei roster di una lega dalle statistiche salvate, o azzera la classifica."
      contentClassName="flex flex-col gap-4"
    >
      <LeagueSelect leagues={leagues} value={league?.id} onChange={setLeagueId} />
      <div className="flex flex-wrap gap-2">
        <Button disabled={!league || busy} onClick={() => setDialog('options')}>
          <Calculator aria-hidden="true" />
          Ricalcola Punteggi
        </Button>
        <Button variant="outline" disabled={!league || busy} onClick={() => setDialog('week')}>
          <CalendarClock aria-hidden="true" />
          Settimana Singola
        </Button>
        <Button
          variant="destructive"
          disabled={busy}
          onClick={() => (league ? setDialog('reset') : toast.error(MESSAGES.recalculation.noLeagueForReset))}
        >
          <RotateCcw aria-hidden="true" />
          Reset Classifica
        </Button>
      </div>
      {!league && <p className="text-muted-foreground text-sm">Seleziona una lega per ricalcolare.</p>}
      {league && <JobProgress job={job} kind="recalculation" />}
      {league && (
        <>
          <OptionsDialog
            open={dialog === 'options'}
            onOpenChange={(open) => setDialog(open ? 'options' : null)}
            pending={recalc.isPending}
            progress={<JobProgress job={job?.status === 'running' ? job : null} kind="recalculation" />}
            onRun={(fromWeek) =>
              run(
                fromWeek === null
                  ? { leagueId: league.id, mode: 'full' }
                  : { leagueId: league.id, mode: 'fromWeek', weekNumber: fromWeek },
              )
            }
          />
          <SingleWeekDialog
            leagueId={league.id}
            open={dialog === 'week'}
            onOpenChange={(open) => setDialog(open ? 'week' : null)}
            pending={recalc.isPending}
            progress={<JobProgress job={job?.status === 'running' ? job : null} kind="recalculation" />}
            onRun={(weekId) => run({ leagueId: league.id, mode: 'singleWeek', weekId })}
          />
          <ConfirmDialog
            open={dialog === 'reset'}
            onOpenChange={(open) => setDialog(open ? 'reset' : null)}
            title="Reset Classifica"
            description={MESSAGES.recalculation.confirmReset}
            confirmLabel="Reset Classifica"
            pendingLabel="Reset in corso..."
            pending={recalc.isPending}
            destructive
            onConfirm={() => run({ leagueId: league.id, mode: 'reset' })}
          />
        </>
      )}
      <ProblemsDialog problems={problems} leagueId={league?.id} onClose={() => setProblems(null)} />
    </SectionCard>
  );
}

function OptionsDialog({
  open,
  onOpenChange,
  pending,
  progress,
  onRun,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  progress: ReactNode;
  onRun: (fromWeek: number | null) => void;
}) {
  const id = useId();
  const [fromWeekChecked, setFromWeekChecked] = useState(false);
  const [week, setWeek] = useState('');
  const [error, setError] = useState<string | null>(null);
  const weekNumber = Number(week);
  const weekValid = week !== '' && Number.isInteger(weekNumber) && weekNumber >= 1;

  const submit = () => {
    if (fromWeekChecked && !weekValid) {
      setError(MESSAGES.recalculation.fromWeekRequired);
      return;
    }
    setError(null);
    onRun(fromWeekChecked ? weekNumber : null);
  };

  return (
    <RunDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      title="Ricalcola Punteggi"
      description="Scegli se ricalcolare tutto o solo dalla settimana indicata."
      error={error}
      errorId={`${id}-error`}
      warning={
        fromWeekChecked && weekValid
          ? MESSAGES.recalculation.confirmFromWeek(weekNumber)
          : MESSAGES.recalculation.confirmFull
      }
      warningVariant="warning"
      runLabel="Avvia Ricalcolo"
      pendingLabel="Ricalcolo in corso..."
      progress={progress}
      onRun={submit}
    >
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-from`}
          checked={fromWeekChecked}
          onCheckedChange={(v) => {
            setFromWeekChecked(v === true);
            setError(null);
          }}
        />
        <Label htmlFor={`${id}-from`}>Ricalcola solo dalla settimana</Label>
      </div>
      <div className="flex flex-col gap-2 pl-6">
        <Label htmlFor={`${id}-week`}>Numero settimana</Label>
        <Input
          id={`${id}-week`}
          type="number"
          min={1}
          step={1}
          className="w-32"
          disabled={!fromWeekChecked}
          required={fromWeekChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={week}
          onChange={(e) => setWeek(e.target.value)}
        />
      </div>
    </RunDialog>
  );
}

function SingleWeekDialog({
  leagueId,
  open,
  onOpenChange,
  pending,
  progress,
  onRun,
}: {
  leagueId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  progress: ReactNode;
  onRun: (weekId: string) => void;
}) {
  const id = useId();
  const weeks = useWeeks(open ? leagueId : undefined);
  const [weekId, setWeekId] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (!weekId) return setError(MESSAGES.recalculation.selectWeek);
    if (!weeks.data?.some((w) => w.id === weekId)) return setError(MESSAGES.recalculation.weekNotFound);
    setError(null);
    onRun(weekId);
  };

  return (
    <RunDialog
      open={open}
      onOpenChange={onOpenChange}
      pending={pending}
      title="Settimana Singola"
      description="Il totale di ogni roster diventa i punti della sola settimana scelta."
      error={error}
      errorId={`${id}-error`}
      warning={MESSAGES.recalculation.confirmSingleWeek}
      warningVariant="destructive"
      runLabel="Ricalcola Settimana"
      runVariant="destructive"
      pendingLabel="Ricalcolo in corso..."
      progress={progress}
      onRun={submit}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-week`}>Settimana</Label>
        <Select value={weekId} onValueChange={setWeekId}>
          <SelectTrigger
            id={`${id}-week`}
            className="w-full"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          >
            <SelectValue
              placeholder={weeks.isPending ? MESSAGES.common.loading : 'Seleziona una settimana'}
            />
          </SelectTrigger>
          <SelectContent>
            {(weeks.data ?? []).map((w) => (
              <SelectItem key={w.id} value={w.id}>
                Settimana {w.weekNumber}: {w.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {weeks.isSuccess && weeks.data.length === 0 && (
          <p className="text-muted-foreground text-sm">Questa lega non ha ancora settimane.</p>
        )}
      </div>
    </RunDialog>
  );
}

/** The matches that block a recalculation, with what to fix (admin spec §2, §5). */
export function ProblemsDialog({
  problems,
  leagueId,
  onClose,
}: {
  problems: MatchProblem[] | null;
  leagueId: string | undefined;
  onClose: () => void;
}) {
  const weeksHref = leagueId
    ? `${paths.admin.weeks.getHref()}?${new URLSearchParams({ league: leagueId })}`
    : paths.admin.weeks.getHref();
  return (
    <TitledDialog
      open={problems !== null}
      onOpenChange={(open) => !open && onClose()}
      className="sm:max-w-2xl"
      title="Match con errori"
      description={problems ? MESSAGES.recalculation.invalidMatches(problems.length) : ''}
    >
      <ul className="flex max-h-[50dvh] flex-col gap-3 overflow-y-auto">
        {(problems ?? []).map((p) => (
          <li key={p.matchId} className="rounded-lg border border-destructive/40 p-3 text-sm">
            <p className="font-semibold">
              {p.team1} vs {p.team2}
            </p>
            <p className="text-muted-foreground">
              {formatDateTime(p.date)} · {p.weekName}
            </p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-destructive">
              {p.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
            <p className="mt-2 break-all text-muted-foreground text-xs">ID match: {p.matchId}</p>
          </li>
        ))}
      </ul>
      <Alert variant="warning" role="note">
        <AlertTriangle aria-hidden="true" />
        <AlertDescription>{MESSAGES.recalculation.fixInWeeks}</AlertDescription>
      </Alert>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Chiudi
        </Button>
        <Button asChild>
          <Link to={weeksHref}>Vai a Weeks Management</Link>
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
