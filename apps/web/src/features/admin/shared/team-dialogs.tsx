import { MESSAGES } from '@fantarift/core';
import { type ReactNode, useId, useState } from 'react';
import { TextField } from '@/components/text-field';
import { useAddTeam } from '@/features/admin/shared/api/add-team';
import { useDeleteTeam } from '@/features/admin/shared/api/delete-team';
import { useRenameTeam } from '@/features/admin/shared/api/rename-team';
import { DeleteDialog } from '@/features/admin/shared/delete-dialog';
import { DialogForm, FormDialog, saveHandlers } from '@/features/admin/shared/form-dialog';
import { SelectField } from '@/features/admin/shared/select-field';
import type { TeamRef } from './team-player-manager';

/** "Aggiungi team": with a league choice (Teams page) or for a fixed league (league detail). */
export function AddTeamDialog({
  open,
  onOpenChange,
  leagues,
  leagueId: fixedLeagueId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  leagues?: { id: string; name: string }[];
  leagueId?: string;
}) {
  return (
    <FormDialog item={open} onOpenChange={onOpenChange}>
      {(_, close) => <AddTeamForm leagues={leagues} fixedLeagueId={fixedLeagueId} onClose={close} />}
    </FormDialog>
  );
}

function AddTeamForm({
  leagues,
  fixedLeagueId,
  onClose,
}: {
  leagues?: { id: string; name: string }[];
  fixedLeagueId?: string;
  onClose: () => void;
}) {
  const add = useAddTeam();
  const [leagueId, setLeagueId] = useState(fixedLeagueId ?? '');
  return (
    <TeamNameForm
      title="Aggiungi Team"
      description="Il team entra nell'elenco dei team della lega."
      initial=""
      pending={add.isPending}
      submitLabel="Aggiungi"
      pendingLabel="Aggiunta..."
      onClose={onClose}
      onSave={(name, setError) => {
        if (!name || !leagueId) {
          setError(MESSAGES.teams.nameAndLeagueRequired);
          return;
        }
        add.mutate(
          { leagueId, name },
          saveHandlers({
            success: MESSAGES.teams.added,
            failure: MESSAGES.teams.addError,
            setError,
            close: onClose,
          }),
        );
      }}
    >
      {(clearError) =>
        !fixedLeagueId &&
        leagues && (
          <SelectField
            label="Lega"
            value={leagueId}
            placeholder="Scegli la lega"
            onValueChange={(v) => {
              setLeagueId(v);
              clearError();
            }}
            options={leagues.map((l) => ({ value: l.id, label: l.name }))}
          />
        )
      }
    </TeamNameForm>
  );
}

/** The one-field team form of the add and rename dialogs; its error is shown once, in the dialog. */
function TeamNameForm({
  title,
  description,
  initial,
  pending,
  submitLabel,
  pendingLabel,
  onClose,
  onSave,
  children,
}: {
  title: string;
  description: ReactNode;
  initial: string;
  pending: boolean;
  submitLabel?: string;
  pendingLabel?: string;
  onClose: () => void;
  onSave: (name: string, setError: (message: string) => void) => void;
  children?: (clearError: () => void) => ReactNode;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return (
    <DialogForm
      title={title}
      description={description}
      error={error}
      errorId={`${id}-error`}
      pending={pending}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      onCancel={onClose}
      onSubmit={() => onSave(name.trim(), setError)}
    >
      <TextField
        id={`${id}-name`}
        label="Nome team"
        value={name}
        maxLength={50}
        invalid={Boolean(error)}
        errorId={`${id}-error`}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
      />
      {children?.(() => setError(null))}
    </DialogForm>
  );
}

/** "Modifica team": rename; the team's players follow the new name. */
export function RenameTeamDialog({
  team,
  onOpenChange,
}: {
  team: TeamRef | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog item={team} onOpenChange={onOpenChange}>
      {(t, close) => <RenameTeamForm key={`${t.leagueId}/${t.teamName}`} team={t} onClose={close} />}
    </FormDialog>
  );
}

function RenameTeamForm({ team, onClose }: { team: TeamRef; onClose: () => void }) {
  const rename = useRenameTeam();
  return (
    <TeamNameForm
      title="Modifica Team"
      description={`Rinomina ${team.teamName}: i suoi player seguono il nuovo nome.`}
      initial={team.teamName}
      pending={rename.isPending}
      onClose={onClose}
      onSave={(name, setError) => {
        if (!name) {
          setError(MESSAGES.teams.nameRequired);
          return;
        }
        if (name === team.teamName) {
          onClose();
          return;
        }
        rename.mutate(
          { ...team, name },
          saveHandlers({
            success: MESSAGES.teams.updated,
            failure: MESSAGES.teams.updateError,
            setError,
            close: onClose,
          }),
        );
      }}
    />
  );
}

/** Deleting a team also removes its players (spec §8). */
export function DeleteTeamDialog({
  team,
  onOpenChange,
}: {
  team: TeamRef | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteTeam();
  return (
    <DeleteDialog
      item={team}
      onClose={() => onOpenChange(false)}
      title={`Elimina ${team?.teamName ?? 'team'}`}
      description={MESSAGES.teams.deleteConfirm}
      mutation={remove}
      variables={(t) => t}
      deleted={MESSAGES.teams.deleted}
      failed={MESSAGES.teams.deleteError}
    />
  );
}
