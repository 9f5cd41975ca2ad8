import { CoinDistributionSchema, MESSAGES } from '@fantarift/core';
import { CircleAlert, Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Coins } from '@/components/items/coins';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
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
import { useDistributeCoins } from '../api/distribute-coins';
import { useParticipantCount } from '../api/get-participant-count';
import type { AdminLeague } from '../api/types';
import { errorMessage } from '../lib/error-message';

/** '' counts as 0; anything else must parse as a number (the schema then wants a non-negative integer). */
const parseAmount = (text: string) => (text.trim() === '' ? 0 : Number(text));

export function DistributeCoinsDialog({
  league,
  onOpenChange,
}: {
  league: AdminLeague | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={league !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {league && <DistributeCoinsForm league={league} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function DistributeCoinsForm({ league, onClose }: { league: AdminLeague; onClose: () => void }) {
  const id = useId();
  const [panda, setPanda] = useState('');
  const [burro, setBurro] = useState('');
  const [error, setError] = useState<string | null>(null);
  const participants = useParticipantCount(league.id);
  const distribute = useDistributeCoins();

  const count = participants.data ?? league.participantCount;
  const pandaAmount = parseAmount(panda);
  const burroAmount = parseAmount(burro);
  const showTotals = Number.isInteger(pandaAmount) && Number.isInteger(burroAmount);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CoinDistributionSchema.safeParse({ pandaCoin: pandaAmount, burroCoin: burroAmount });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.admin.coinAmountInvalid);
      return;
    }
    setError(null);
    distribute.mutate(
      { leagueId: league.id, ...parsed.data },
      {
        onSuccess: (result) => {
          toast.success(
            result.message ||
              MESSAGES.admin.coinsDistributed(
                parsed.data.pandaCoin,
                parsed.data.burroCoin,
                result.updatedRostersCount,
              ),
          );
          onClose();
        },
        onError: (err) => {
          setError(errorMessage(err, MESSAGES.admin.coinDistributionDialogError));
          toast.error(MESSAGES.admin.coinDistributionError);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Distribuisci Monete</DialogTitle>
        <DialogDescription>
          Aggiungi Panda Coin e Burro Coin a ogni roster di <strong>{league.name}</strong>.
        </DialogDescription>
      </DialogHeader>
      <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
        <Users aria-hidden="true" className="size-4" />
        {participants.isPending ? 'Conteggio partecipanti...' : `${count} partecipanti`}
      </p>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id={`${id}-panda`}
          label="Panda Coin"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="0"
          value={panda}
          onChange={(e) => {
            setPanda(e.target.value);
            setError(null);
          }}
          invalid={Boolean(error)}
          errorId={`${id}-error`}
        />
        <TextField
          id={`${id}-burro`}
          label="Burro Coin"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="0"
          value={burro}
          onChange={(e) => {
            setBurro(e.target.value);
            setError(null);
          }}
          invalid={Boolean(error)}
          errorId={`${id}-error`}
        />
      </div>
      {showTotals && (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-md border px-3 py-2">
            <dt className="text-muted-foreground text-xs">Totale Panda Coin</dt>
            <dd className="font-semibold">
              <Coins amount={Math.max(0, pandaAmount) * count} currency="PandaCoin" />
            </dd>
          </div>
          <div className="rounded-md border px-3 py-2">
            <dt className="text-muted-foreground text-xs">Totale Burro Coin</dt>
            <dd className="font-semibold">
              <Coins amount={Math.max(0, burroAmount) * count} currency="BurroCoin" />
            </dd>
          </div>
        </dl>
      )}
      {error && (
        <Alert id={`${id}-error`} variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={distribute.isPending}>
          Annulla
        </Button>
        <SubmitButton pending={distribute.isPending} pendingLabel="Distribuzione...">
          Distribuisci
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
