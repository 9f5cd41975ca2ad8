import {
  adminRoleLabel,
  CHAMPION_TIERS,
  ChampionInputSchema,
  championCost,
  championTierLabel,
  MESSAGES,
  ROLES,
  type Role,
} from '@fantarift/core';
import { useId, useState } from 'react';
import { TextField } from '@/components/text-field';
import { Label } from '@/components/ui/label';
import { Checkbox } from '@/features/admin/components/ui-extra/checkbox';
import type { AdminChampion } from '@/features/admin/shared/api/catalogue-types';
import { DialogForm, FormDialog, saveHandlers } from '@/features/admin/shared/form-dialog';
import { SelectField } from '@/features/admin/shared/select-field';
import { useSaveChampion } from '../api/save-champion';

/** Add (champion = 'new') or edit a champion. The cost follows the tier and is not editable. */
export function ChampionFormDialog({
  champion,
  onOpenChange,
}: {
  champion: AdminChampion | 'new' | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog item={champion} onOpenChange={onOpenChange}>
      {(item, close) => <ChampionForm champion={item === 'new' ? null : item} onClose={close} />}
    </FormDialog>
  );
}

export function ChampionForm({ champion, onClose }: { champion: AdminChampion | null; onClose: () => void }) {
  const id = useId();
  const save = useSaveChampion();
  const [name, setName] = useState(champion?.name ?? '');
  const [tier, setTier] = useState(String(champion?.tier ?? 1));
  const [roles, setRoles] = useState<Role[]>(champion?.roles ?? []);
  const [imageUrl, setImageUrl] = useState(champion?.imageUrl ?? '');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = () => {
    const parsed = ChampionInputSchema.safeParse({
      name,
      tier: Number(tier),
      roles: ROLES.filter((r) => roles.includes(r)),
      imageUrl: imageUrl.trim() || null,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.common.invalidInput);
      return;
    }
    setError(null);
    save.mutate(
      { ...parsed.data, id: champion?.id },
      saveHandlers({
        success: champion ? MESSAGES.champions.updated : MESSAGES.champions.added,
        failure: champion ? MESSAGES.champions.updateError : MESSAGES.champions.addError,
        setError,
        close: onClose,
      }),
    );
  };

  const tierNumber = Number(tier);
  return (
    <DialogForm
      title={champion ? 'Modifica Campione' : 'Aggiungi Campione'}
      description="Il costo in Burro Coin segue il tier."
      error={error}
      pending={save.isPending}
      onCancel={onClose}
      onSubmit={onSubmit}
    >
      <TextField
        id={`${id}-name`}
        label="Nome"
        value={name}
        maxLength={100}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Tier"
          value={tier}
          onValueChange={(v) => {
            setTier(v);
            setError(null);
          }}
          options={CHAMPION_TIERS.map((t) => ({
            value: String(t),
            label: t === 6 ? '6 (Premium)' : String(t),
          }))}
        />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-cost`}>Costo</Label>
          <output
            id={`${id}-cost`}
            className="flex h-9 items-center rounded-md border bg-muted px-3 text-sm tabular-nums"
            aria-live="polite"
          >
            {Number.isInteger(tierNumber) ? `${championCost(tierNumber)} BC` : '—'}
          </output>
        </div>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-medium text-sm">Ruoli</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {ROLES.map((role) => {
            const checkboxId = `${id}-role-${role}`;
            return (
              <div key={role} className="flex items-center gap-2">
                <Checkbox
                  id={checkboxId}
                  checked={roles.includes(role)}
                  onCheckedChange={(checked) => {
                    setRoles((current) =>
                      checked === true ? [...current, role] : current.filter((r) => r !== role),
                    );
                    setError(null);
                  }}
                />
                <Label htmlFor={checkboxId} className="font-normal">
                  {adminRoleLabel(role)}
                </Label>
              </div>
            );
          })}
        </div>
      </fieldset>
      <TextField
        id={`${id}-image`}
        label="URL immagine (opzionale)"
        type="url"
        value={imageUrl}
        placeholder="https://..."
        onChange={(e) => setImageUrl(e.target.value)}
      />
      <p className="sr-only" aria-live="polite">
        {championTierLabel(tierNumber)}
      </p>
    </DialogForm>
  );
}
