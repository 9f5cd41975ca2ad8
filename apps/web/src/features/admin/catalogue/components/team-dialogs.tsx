import { MESSAGES } from '@fantarift/core';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ConfirmDialog } from '@/features/admin/components/ui-extra/confirm-dialog';
import { SelectField } from '@/features/admin/leagues/components/select-field';
import { errorMessage } from '@/features/admin/leagues/lib/error-message';
import { useAddTeam } from '../api/add-team';
import { useDeleteTeam } from '../api/delete-team';
import { useRenameTeam } from '../api/rename-team';
import type { TeamRef } from './team-player-manager';

function FormError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-destructive text-sm">
      {message}
    </p>
  );
}

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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open && (
          <AddTeamForm leagues={leagues} fixedLeagueId={fixedLeagueId} onClose={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
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
  const id = useId();
  const add = useAddTeam();
  const [name, setName] = useState('');
  const [leagueId, setLeagueId] = useState(fixedLeagueId ?? '');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !leagueId) {
      setError(MESSAGES.teams.nameAndLeagueRequired);
      return;
    }
    add.mutate(
      { leagueId, name: name.trim() },
      {
        onSuccess: ({ message }) => {
          toast.success(message || MESSAGES.teams.added);
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(err, MESSAGES.teams.addError);
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Aggiungi Team</DialogTitle>
        <DialogDescription>Il team entra nell'elenco dei team della lega.</DialogDescription>
      </DialogHeader>
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
      {!fixedLeagueId && leagues && (
        <SelectField
          label="Lega"
          value={leagueId}
          placeholder="Scegli la lega"
          onValueChange={(v) => {
            setLeagueId(v);
            setError(null);
          }}
          options={leagues.map((l) => ({ value: l.id, label: l.name }))}
        />
      )}
      <FormError id={`${id}-error`} message={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={add.isPending}>
          Annulla
        </Button>
        <SubmitButton pending={add.isPending} pendingLabel="Aggiunta...">
          Aggiungi
        </SubmitButton>
      </DialogFooter>
    </form>
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
    <Dialog open={team !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {team && (
          <RenameTeamForm
            key={`${team.leagueId}/${team.teamName}`}
            team={team}
            onClose={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RenameTeamForm({ team, onClose }: { team: TeamRef; onClose: () => void }) {
  const id = useId();
  const rename = useRenameTeam();
  const [name, setName] = useState(team.teamName);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(MESSAGES.teams.nameRequired);
      return;
    }
    if (name.trim() === team.teamName) {
      onClose();
      return;
    }
    rename.mutate(
      { ...team, name: name.trim() },
      {
        onSuccess: ({ message }) => {
          toast.success(message || MESSAGES.teams.updated);
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(err, MESSAGES.teams.updateError);
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Modifica Team</DialogTitle>
        <DialogDescription>Rinomina {team.teamName}: i suoi player seguono il nuovo nome.</DialogDescription>
      </DialogHeader>
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
      <FormError id={`${id}-error`} message={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={rename.isPending}>
          Annulla
        </Button>
        <SubmitButton pending={rename.isPending} pendingLabel="Salvataggio...">
          Salva
        </SubmitButton>
      </DialogFooter>
    </form>
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
    <ConfirmDialog
      open={team !== null}
      onOpenChange={onOpenChange}
      title={`Elimina ${team?.teamName ?? 'team'}`}
      description={MESSAGES.teams.deleteConfirm}
      confirmLabel="Elimina"
      pendingLabel="Eliminando..."
      pending={remove.isPending}
      destructive
      onConfirm={() => {
        if (!team) return;
        remove.mutate(team, {
          onSuccess: ({ message }) => {
            toast.success(message || MESSAGES.teams.deleted);
            onOpenChange(false);
          },
          onError: (err) => toast.error(errorMessage(err, MESSAGES.teams.deleteError)),
        });
      }}
    />
  );
}
