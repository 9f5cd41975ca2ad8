import { MESSAGES, PlayerInputSchema, ROLES } from '@fantarift/core';
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
import { SelectField } from '@/features/admin/leagues/components/select-field';
import { errorMessage } from '@/features/admin/leagues/lib/error-message';
import { useSavePlayer } from '../api/save-player';
import type { AdminPlayer } from '../api/types';

/** Tier and cost inputs clamp to 1-5 (spec §5). */
export const clampOneToFive = (value: string) => {
  const n = Math.round(Number(value));
  return String(Number.isFinite(n) ? Math.min(5, Math.max(1, n)) : 1);
};

export function PlayerFormDialog({
  player,
  teamNames,
  onOpenChange,
}: {
  player: AdminPlayer | 'new' | null;
  teamNames: string[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={player !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {player !== null && (
          <PlayerForm
            player={player === 'new' ? null : player}
            teamNames={teamNames}
            onClose={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function PlayerForm({
  player,
  teamNames,
  onClose,
}: {
  player: AdminPlayer | null;
  teamNames: string[];
  onClose: () => void;
}) {
  const id = useId();
  const save = useSavePlayer();
  const [values, setValues] = useState({
    name: player?.name ?? '',
    team: player?.team ?? '',
    role: player?.role ?? 'Top',
    tier: String(player?.tier ?? 1),
    cost: String(player?.cost ?? 1),
    region: player?.region ?? '',
    imageUrl: player?.imageUrl ?? '',
    performanceUrl: player?.performanceUrl ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PlayerInputSchema.safeParse({
      name: values.name,
      team: values.team,
      role: values.role,
      tier: Number(values.tier),
      cost: Number(values.cost),
      region: values.region.trim() || null,
      imageUrl: values.imageUrl.trim() || null,
      performanceUrl: values.performanceUrl.trim() || null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.common.invalidInput);
      return;
    }
    save.mutate(
      { ...parsed.data, id: player?.id },
      {
        onSuccess: ({ message }) => {
          toast.success(message || (player ? MESSAGES.players.updated : MESSAGES.players.added));
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(
            err,
            player ? MESSAGES.players.updateError : MESSAGES.players.addError,
          );
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{player ? 'Modifica Player' : 'Aggiungi Player'}</DialogTitle>
        <DialogDescription>Nome, team, ruolo, tier e costo in Panda Coin.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Nome"
          value={values.name}
          maxLength={100}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          id={`${id}-team`}
          label="Team"
          value={values.team}
          maxLength={50}
          list={`${id}-teams`}
          onChange={(e) => set({ team: e.target.value })}
        />
        <datalist id={`${id}-teams`}>
          {teamNames.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <SelectField
          label="Ruolo"
          value={values.role}
          onValueChange={(role) => set({ role: role as typeof values.role })}
          options={ROLES.map((r) => ({ value: r, label: r }))}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            id={`${id}-tier`}
            label="Tier"
            type="number"
            min={1}
            max={5}
            value={values.tier}
            onChange={(e) => set({ tier: e.target.value })}
            onBlur={(e) => set({ tier: clampOneToFive(e.target.value) })}
          />
          <TextField
            id={`${id}-cost`}
            label="Costo (PC)"
            type="number"
            min={1}
            max={5}
            value={values.cost}
            onChange={(e) => set({ cost: e.target.value })}
            onBlur={(e) => set({ cost: clampOneToFive(e.target.value) })}
          />
        </div>
        <TextField
          id={`${id}-region`}
          label="Regione (opzionale)"
          value={values.region}
          onChange={(e) => set({ region: e.target.value })}
        />
        <TextField
          id={`${id}-image`}
          label="URL immagine (opzionale)"
          type="url"
          value={values.imageUrl}
          onChange={(e) => set({ imageUrl: e.target.value })}
        />
        <TextField
          id={`${id}-stats`}
          label="URL statistiche (opzionale)"
          type="url"
          className="sm:col-span-2"
          value={values.performanceUrl}
          onChange={(e) => set({ performanceUrl: e.target.value })}
        />
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={save.isPending}>
          Annulla
        </Button>
        <SubmitButton pending={save.isPending} pendingLabel="Salvataggio...">
          Salva
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
