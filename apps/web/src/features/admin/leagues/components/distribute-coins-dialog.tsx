import { CoinDistributionSchema, MESSAGES } from '@fantarift/core';
import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Coins } from '@/components/items/coins';
import { errorMessage } from '@/features/admin/shared/error-message';
import { DialogForm, FormDialog } from '@/features/admin/shared/form-dialog';
import { NumberField } from '@/features/admin/shared/number-field';
import { pluralIt } from '@/features/admin/shared/plural';
import { useDistributeCoins } from '../api/distribute-coins';
import { useParticipantCount } from '../api/get-participant-count';
import type { AdminLeague } from '../api/types';

/** '' counts as 0; anything else must parse as a number (the schema then wants a non-negative integer). */
const parseAmount = (text: string) => (text.trim() === '' ? 0 : Number(text));

const CURRENCIES = [
  { currency: 'PandaCoin', label: 'Panda Coin' },
  { currency: 'BurroCoin', label: 'Burro Coin' },
] as const;

export function DistributeCoinsDialog({
  league,
  onOpenChange,
}: {
  league: AdminLeague | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog item={league} onOpenChange={onOpenChange}>
      {(l, close) => <DistributeCoinsForm league={l} onClose={close} />}
    </FormDialog>
  );
}

function DistributeCoinsForm({ league, onClose }: { league: AdminLeague; onClose: () => void }) {
  const id = useId();
  const [amounts, setAmounts] = useState({ PandaCoin: '', BurroCoin: '' });
  const [error, setError] = useState<string | null>(null);
  const participants = useParticipantCount(league.id);
  const distribute = useDistributeCoins();

  const count = participants.data ?? league.participantCount;
  const pandaAmount = parseAmount(amounts.PandaCoin);
  const burroAmount = parseAmount(amounts.BurroCoin);
  const showTotals = Number.isInteger(pandaAmount) && Number.isInteger(burroAmount);

  const onSubmit = () => {
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
          // the spec's two texts: the dialog's detail and the toast's summary
          setError(errorMessage(err, MESSAGES.admin.coinDistributionDialogError));
          toast.error(MESSAGES.admin.coinDistributionError);
        },
      },
    );
  };

  return (
    <DialogForm
      title="Distribuisci Monete"
      description={
        <>
          Aggiungi Panda Coin e Burro Coin a ogni roster di <strong>{league.name}</strong>.
        </>
      }
      error={error}
      errorId={`${id}-error`}
      pending={distribute.isPending}
      submitLabel="Distribuisci"
      pendingLabel="Distribuzione..."
      onCancel={onClose}
      onSubmit={onSubmit}
    >
      <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
        <Users aria-hidden="true" className="size-4" />
        {participants.isPending
          ? 'Conteggio partecipanti...'
          : pluralIt(count, 'partecipante', 'partecipanti')}
      </p>
      <div className="grid grid-cols-2 gap-3">
        {CURRENCIES.map(({ currency, label }) => (
          <NumberField
            key={currency}
            id={`${id}-${currency}`}
            label={label}
            placeholder="0"
            value={amounts[currency]}
            onChange={(value) => {
              setAmounts((a) => ({ ...a, [currency]: value }));
              setError(null);
            }}
            invalid={Boolean(error)}
            errorId={`${id}-error`}
          />
        ))}
      </div>
      {showTotals && (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {CURRENCIES.map(({ currency, label }) => (
            <div key={currency} className="rounded-md border px-3 py-2">
              <dt className="text-muted-foreground text-xs">Totale {label}</dt>
              <dd className="font-semibold">
                <Coins
                  amount={Math.max(0, currency === 'PandaCoin' ? pandaAmount : burroAmount) * count}
                  currency={currency}
                />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </DialogForm>
  );
}
