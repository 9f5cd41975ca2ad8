import { DEFAULT_PHASES, isLeagueType, MESSAGES, phaseStageRank } from '@fantarift/core';
import { Plus, RefreshCw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ConfirmDialog } from '@/features/admin/components/ui-extra/confirm-dialog';
import { useActivatePhase } from '../api/activate-phase';
import { useAddPhase } from '../api/add-phase';
import { useDeletePhase } from '../api/delete-phase';
import { usePhases } from '../api/get-phases';
import type { AdminLeague, AdminPhase } from '../api/types';
import { errorMessage } from '../lib/error-message';
import { normalizeTeamCount, proposedTeamCount } from './create-league-model';
import { PhaseItem } from './phase-item';
import { SelectField } from './select-field';

const CUSTOM = '__custom__';

/** "Fasi": phase transitions (with roster snapshots) and the phase editor. */
export function LeaguePhasesTab({ league }: { league: AdminLeague }) {
  const phases = usePhases(league.id);
  const activate = useActivatePhase();
  const remove = useDeletePhase();
  const [deleting, setDeleting] = useState<AdminPhase | null>(null);
  const [adding, setAdding] = useState(false);

  const activatePhase = (phase: AdminPhase) =>
    activate.mutate(
      { leagueId: league.id, phaseId: phase.id },
      {
        onSuccess: (result) => {
          if (result.snapshotError) toast.error(result.snapshotError);
          else if (result.snapshotMessage) toast.success(result.snapshotMessage);
          toast.success(result.message || MESSAGES.phases.changed(phase.phaseName));
        },
        onError: (err) =>
          toast.error(MESSAGES.phases.changeError(errorMessage(err, MESSAGES.common.unknownError))),
      },
    );

  if (phases.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Caricamento fasi">
        <Skeleton className="h-28 rounded-xl" />
        <Skeleton className="h-28 rounded-xl" />
      </div>
    );
  }
  if (phases.isError) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          <p>{errorMessage(phases.error, MESSAGES.leagues.phasesLoadError)}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => phases.refetch()}>
            <RefreshCw aria-hidden="true" />
            {MESSAGES.common.reload}
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  return (
    <section className="grid gap-4" aria-label="Fasi della lega">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          Attivando una fase viene creato uno snapshot di tutti i roster della lega.
        </p>
        <Button size="sm" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Aggiungi fase
        </Button>
      </div>
      {phases.data.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">Nessuna fase.</p>
      ) : (
        <ol className="grid gap-3">
          {phases.data.map((phase) => (
            <PhaseItem
              key={phase.id}
              phase={phase}
              leagueTeams={league.teams}
              activating={activate.isPending && activate.variables?.phaseId === phase.id}
              activateDisabled={activate.isPending}
              onActivate={() => activatePhase(phase)}
              onDelete={() => setDeleting(phase)}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Elimina ${deleting?.phaseName ?? 'fase'}`}
        description={MESSAGES.phases.deleteConfirm}
        confirmLabel="Elimina"
        pendingLabel="Eliminando..."
        pending={remove.isPending}
        destructive
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { leagueId: league.id, phaseId: deleting.id },
            {
              onSuccess: ({ message }) => {
                toast.success(message || MESSAGES.phases.deleted);
                setDeleting(null);
              },
              onError: (err) =>
                toast.error(MESSAGES.phases.deleteError(errorMessage(err, MESSAGES.common.unknownError))),
            },
          );
        }}
      />
      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent>
          {adding && <AddPhaseForm league={league} phases={phases.data} onClose={() => setAdding(false)} />}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function AddPhaseForm({
  league,
  phases,
  onClose,
}: {
  league: AdminLeague;
  phases: AdminPhase[];
  onClose: () => void;
}) {
  const id = useId();
  const add = useAddPhase();
  const used = new Set(phases.map((p) => p.phaseName));
  const names = isLeagueType(league.type)
    ? DEFAULT_PHASES[league.type].phases.map((p) => p.name).filter((n) => !used.has(n))
    : [];
  const [choice, setChoice] = useState(names[0] ?? CUSTOM);
  const [customName, setCustomName] = useState('');
  const [teamCount, setTeamCount] = useState(String(proposedTeamCount(league.type, names[0] ?? '')));
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const name = choice === CUSTOM ? customName.trim() : choice;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name) {
      setError('Il nome della fase è obbligatorio');
      return;
    }
    if (used.has(name)) {
      setError(MESSAGES.leagues.duplicatePhase(name));
      return;
    }
    if (!startDate || !endDate) {
      setError(MESSAGES.phases.datesRequired);
      return;
    }
    if (endDate < startDate) {
      setError(MESSAGES.leagues.endBeforeStart);
      return;
    }
    add.mutate(
      { leagueId: league.id, phaseName: name, teamCount: normalizeTeamCount(teamCount), startDate, endDate },
      {
        onSuccess: ({ message }) => {
          toast.success(message || MESSAGES.phases.added);
          onClose();
        },
        onError: (err) => {
          const message = MESSAGES.phases.addError(errorMessage(err, MESSAGES.common.unknownError));
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  const sortedNames = [...names].sort((a, b) => phaseStageRank(a) - phaseStageRank(b));

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Aggiungi fase</DialogTitle>
        <DialogDescription>Ogni tipo di fase può essere usato una sola volta nella lega.</DialogDescription>
      </DialogHeader>
      <SelectField
        label="Fase"
        value={choice}
        onValueChange={(v) => {
          setChoice(v);
          setError(null);
          if (v !== CUSTOM) setTeamCount(String(proposedTeamCount(league.type, v)));
        }}
        options={[
          ...sortedNames.map((n) => ({ value: n, label: n })),
          { value: CUSTOM, label: 'Altra (personalizzata)' },
        ]}
      />
      {choice === CUSTOM && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-custom`}>Nome della fase</Label>
          <Input
            id={`${id}-custom`}
            value={customName}
            maxLength={50}
            onChange={(e) => setCustomName(e.target.value)}
          />
        </div>
      )}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor={`${id}-count`}>Numero team</Label>
          <Input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={2}
            value={teamCount}
            onChange={(e) => setTeamCount(e.target.value)}
            onBlur={(e) => setTeamCount(String(normalizeTeamCount(e.target.value)))}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-start`}>Inizio</Label>
          <Input
            id={`${id}-start`}
            type="date"
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-end`}>Fine</Label>
          <Input id={`${id}-end`} type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={add.isPending}>
          Annulla
        </Button>
        <SubmitButton pending={add.isPending} pendingLabel="Aggiunta...">
          Aggiungi fase
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
