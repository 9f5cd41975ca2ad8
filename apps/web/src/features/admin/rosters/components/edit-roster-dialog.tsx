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
import { errorMessage } from '@/features/admin/leagues/lib/error-message';
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
    <Dialog open={roster !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {roster && <EditRosterForm roster={roster} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditRosterForm({ roster, onClose }: { roster: AdminRoster; onClose: () => void }) {
  const id = useId();
  const update = useUpdateRoster();
  const [panda, setPanda] = useState(String(roster.pandaCoin));
  const [burro, setBurro] = useState(String(roster.burroCoin));
  const [points, setPoints] = useState(String(roster.totalPoints));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const pandaCoin = Number(panda);
    const burroCoin = Number(burro);
    const totalPoints = Math.round(Number(points) * 10) / 10;
    if (
      panda.trim() === '' ||
      burro.trim() === '' ||
      !Number.isInteger(pandaCoin) ||
      !Number.isInteger(burroCoin) ||
      pandaCoin < 0 ||
      burroCoin < 0
    ) {
      setError(MESSAGES.admin.coinAmountInvalid);
      return;
    }
    if (points.trim() === '' || !Number.isFinite(totalPoints)) {
      setError('Il totale punti deve essere un numero valido');
      return;
    }
    update.mutate(
      { rosterId: roster.id, leagueId: roster.leagueId, pandaCoin, burroCoin, totalPoints },
      {
        onSuccess: ({ message }) => {
          toast.success(message || MESSAGES.roster.updated);
          onClose();
        },
        onError: (err) => {
          const message = errorMessage(err, MESSAGES.roster.updateError);
          setError(message);
          toast.error(message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Modifica {rosterTitle(roster)}</DialogTitle>
        <DialogDescription>
          {roster.username} · {roster.leagueName}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          id={`${id}-panda`}
          label="Panda Coin"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={panda}
          onChange={(e) => {
            setPanda(e.target.value);
            setError(null);
          }}
        />
        <TextField
          id={`${id}-burro`}
          label="Burro Coin"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={burro}
          onChange={(e) => {
            setBurro(e.target.value);
            setError(null);
          }}
        />
        <TextField
          id={`${id}-points`}
          label="Total Points"
          type="number"
          inputMode="decimal"
          step={0.1}
          value={points}
          onChange={(e) => {
            setPoints(e.target.value);
            setError(null);
          }}
        />
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={update.isPending} pendingLabel="Saving...">
          Save
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
