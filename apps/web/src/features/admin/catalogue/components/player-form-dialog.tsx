import { MESSAGES, PlayerInputSchema, type Role } from '@fantarift/core';
import type { FocusEvent } from 'react';
import { TextField } from '@/components/text-field';
import type { AdminPlayer } from '@/features/admin/shared/api/catalogue-types';
import { DialogForm, FormDialog, saveHandlers } from '@/features/admin/shared/form-dialog';
import { ROLE_OPTIONS } from '@/features/admin/shared/roles';
import { SelectField } from '@/features/admin/shared/select-field';
import { useFormValues } from '@/features/admin/shared/use-form-values';
import { useSavePlayer } from '../api/save-player';

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
    <FormDialog item={player} onOpenChange={onOpenChange}>
      {(item, close) => (
        <PlayerForm player={item === 'new' ? null : item} teamNames={teamNames} onClose={close} />
      )}
    </FormDialog>
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
  const save = useSavePlayer();
  const { id, values, set, error, setError, field } = useFormValues({
    name: player?.name ?? '',
    team: player?.team ?? '',
    role: player?.role ?? ('Top' as Role),
    tier: String(player?.tier ?? 1),
    cost: String(player?.cost ?? 1),
    region: player?.region ?? '',
    imageUrl: player?.imageUrl ?? '',
    performanceUrl: player?.performanceUrl ?? '',
  });
  const oneToFive = (key: 'tier' | 'cost', label: string) => ({
    ...field(key, label),
    type: 'number',
    min: 1,
    max: 5,
    onBlur: (e: FocusEvent<HTMLInputElement>) => set({ [key]: clampOneToFive(e.target.value) }),
  });

  const onSubmit = () => {
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
      saveHandlers({
        success: player ? MESSAGES.players.updated : MESSAGES.players.added,
        failure: player ? MESSAGES.players.updateError : MESSAGES.players.addError,
        setError,
        close: onClose,
      }),
    );
  };

  return (
    <DialogForm
      title={player ? 'Modifica Player' : 'Aggiungi Player'}
      description="Nome, team, ruolo, tier e costo in Panda Coin."
      error={error}
      pending={save.isPending}
      onCancel={onClose}
      onSubmit={onSubmit}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField {...field('name', 'Nome')} maxLength={100} />
        <TextField {...field('team', 'Team')} maxLength={50} list={`${id}-teams`} />
        <datalist id={`${id}-teams`}>
          {teamNames.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <SelectField
          label="Ruolo"
          value={values.role}
          onValueChange={(role) => set({ role: role as Role })}
          options={ROLE_OPTIONS}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField {...oneToFive('tier', 'Tier')} />
          <TextField {...oneToFive('cost', 'Costo (PC)')} />
        </div>
        <TextField {...field('region', 'Regione (opzionale)')} />
        <TextField {...field('imageUrl', 'URL immagine (opzionale)')} type="url" />
        <TextField
          {...field('performanceUrl', 'URL statistiche (opzionale)')}
          type="url"
          className="sm:col-span-2"
        />
      </div>
    </DialogForm>
  );
}
