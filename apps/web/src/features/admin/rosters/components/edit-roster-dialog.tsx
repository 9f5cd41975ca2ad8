import { MESSAGES } from '@fantarift/core';
import { useId, useState } from 'react';
import { DialogForm, FormDialog, saveHandlers } from '@/features/admin/shared/form-dialog';
import { NumberField } from '@/features/admin/shared/number-field';
import type { AdminRoster } from '../api/types';
import { useUpdateRoster } from '../api/update-roster';
import { rosterTitle } from './roster-card';

export function EditRosterDialog({
  roster,
  onOpenChange,
}: {
  roster: AdminRoster | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog item={roster} onOpenChange={onOpenChange}>
      {(r, close) => <EditRosterForm roster={r} onClose={close} />}
    </FormDialog>
  );
}

const isCoinAmount = (text: string) =>
  text.trim() !== '' && Number.isInteger(Number(text)) && Number(text) >= 0;

function EditRosterForm({ roster, onClose }: { roster: AdminRoster; onClose: () => void }) {
  const id = useId();
  const updateRoster = useUpdateRoster();
  const [values, setValues] = useState({
    panda: String(roster.pandaCoin),
    burro: String(roster.burroCoin),
    points: String(roster.totalPoints),
  });
  const [error, setError] = useState<string | null>(null);
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setError(null);
    },
  });

  const onSubmit = () => {
    const totalPoints = Math.round(Number(values.points) * 10) / 10;
    if (!isCoinAmount(values.panda) || !isCoinAmount(values.burro)) {
      setError(MESSAGES.admin.coinAmountInvalid);
      return;
    }
    if (values.points.trim() === '' || !Number.isFinite(totalPoints)) {
      setError('Il totale punti deve essere un numero valido');
      return;
    }
    updateRoster.mutate(
      {
        rosterId: roster.id,
        leagueId: roster.leagueId,
        pandaCoin: Number(values.panda),
        burroCoin: Number(values.burro),
        totalPoints,
      },
      saveHandlers({
        success: MESSAGES.roster.updated,
        failure: MESSAGES.roster.updateError,
        setError,
        close: onClose,
      }),
    );
  };

  return (
    <DialogForm
      title={`Modifica ${rosterTitle(roster)}`}
      description={`${roster.username} · ${roster.leagueName}`}
      error={error}
      pending={updateRoster.isPending}
      submitLabel="Save"
      pendingLabel="Saving..."
      cancelLabel="Cancel"
      onCancel={onClose}
      onSubmit={onSubmit}
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <NumberField id={`${id}-panda`} label="Panda Coin" {...field('panda')} />
        <NumberField id={`${id}-burro`} label="Burro Coin" {...field('burro')} />
        <NumberField id={`${id}-points`} label="Total Points" decimal signed {...field('points')} />
      </div>
    </DialogForm>
  );
}
