import { DEFAULT_PHASES, isLeagueType, MESSAGES, phaseStageRank } from '@fantarift/core';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { DeleteDialog } from '@/features/admin/shared/delete-dialog';
import { errorMessage } from '@/features/admin/shared/error-message';
import { DialogForm } from '@/features/admin/shared/form-dialog';
import { QueryErrorAlert } from '@/features/admin/shared/query-error-alert';
import { useActivatePhase } from '../api/activate-phase';
import { useAddPhase } from '../api/add-phase';
import { useDeletePhase } from '../api/delete-phase';
import { usePhases } from '../api/get-phases';
import type { AdminLeague, AdminPhase } from '../api/types';
import { normalizeTeamCount, proposedTeamCount } from './create-league-model';
import { newPhaseError } from './phase-checks';
import { CUSTOM_PHASE as CUSTOM, PhaseFields, type PhaseFieldValues, PhaseNameChoice } from './phase-fields';
import { PhaseItem } from './phase-item';

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
      <QueryErrorAlert
        error={phases.error}
        fallback={MESSAGES.leagues.phasesLoadError}
        onRetry={() => phases.refetch()}
      />
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
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={`Elimina ${deleting?.phaseName ?? 'fase'}`}
        description={MESSAGES.phases.deleteConfirm}
        mutation={remove}
        variables={(phase) => ({ leagueId: league.id, phaseId: phase.id })}
        deleted={MESSAGES.phases.deleted}
        failed={MESSAGES.common.unknownError}
        formatError={MESSAGES.phases.deleteError}
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
  const [fields, setFields] = useState<PhaseFieldValues>({
    teamCount: String(proposedTeamCount(league.type, names[0] ?? '')),
    startDate: '',
    endDate: '',
  });
  const [error, setError] = useState<string | null>(null);
  const name = choice === CUSTOM ? customName.trim() : choice;

  const onSubmit = () => {
    const problem = newPhaseError(name, [...used], fields);
    if (problem) {
      setError(problem);
      return;
    }
    add.mutate(
      {
        leagueId: league.id,
        phaseName: name,
        teamCount: normalizeTeamCount(fields.teamCount),
        startDate: fields.startDate,
        endDate: fields.endDate,
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message || MESSAGES.phases.added);
          onClose();
        },
        onError: (err) => setError(MESSAGES.phases.addError(errorMessage(err, MESSAGES.common.unknownError))),
      },
    );
  };

  const sortedNames = [...names].sort((a, b) => phaseStageRank(a) - phaseStageRank(b));

  return (
    <DialogForm
      title="Aggiungi fase"
      description="Ogni tipo di fase può essere usato una sola volta nella lega."
      error={error}
      pending={add.isPending}
      submitLabel="Aggiungi fase"
      pendingLabel="Aggiunta..."
      onCancel={onClose}
      onSubmit={onSubmit}
    >
      <PhaseNameChoice
        idPrefix={id}
        names={sortedNames}
        choice={choice}
        customName={customName}
        onCustomName={setCustomName}
        onChoice={(v) => {
          setChoice(v);
          setError(null);
          if (v !== CUSTOM)
            setFields((f) => ({ ...f, teamCount: String(proposedTeamCount(league.type, v)) }));
        }}
      />
      <PhaseFields
        idPrefix={id}
        value={fields}
        onChange={(patch) => setFields((f) => ({ ...f, ...patch }))}
      />
    </DialogForm>
  );
}
