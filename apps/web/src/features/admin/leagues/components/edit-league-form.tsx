import {
  LEAGUE_STATUSES,
  LEAGUE_TYPES,
  MARKET_TIMEZONES,
  MESSAGES,
  validateLeagueName,
  validateMarketBlock,
  validateRulesText,
} from '@fantarift/core';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/features/admin/components/ui-extra/textarea';
import { errorMessage } from '@/features/admin/shared/error-message';
import { SelectField, toOptions } from '@/features/admin/shared/select-field';
import { DateRangeFields } from '../../shared/date-range-fields';
import type { AdminLeague } from '../api/types';
import { useUpdateLeague } from '../api/update-league';

interface EditLeagueValues {
  name: string;
  type: string;
  status: string;
  startDate: string;
  endDate: string;
  marketBlockTimezone: string;
  rulesRequired: boolean;
  rulesText: string;
  marketBlockStartTime: string;
  marketBlockEndTime: string;
}

function initialValues(league: AdminLeague): EditLeagueValues {
  return {
    name: league.name,
    type: league.type,
    status: league.status,
    startDate: league.startDate,
    endDate: league.endDate,
    marketBlockTimezone: league.marketBlockTimezone || 'UTC',
    rulesRequired: league.rulesRequired,
    rulesText: league.rulesText ?? '',
    marketBlockStartTime: league.marketBlockStartTime?.slice(0, 5) ?? '',
    marketBlockEndTime: league.marketBlockEndTime?.slice(0, 5) ?? '',
  };
}

/** Errors that keep Save disabled while they last (spec §5: market block both or neither). */
function blockingError(values: EditLeagueValues): string | null {
  return validateMarketBlock(values.marketBlockStartTime, values.marketBlockEndTime);
}

/** Errors shown on submit. */
function submitError(values: EditLeagueValues): string | null {
  if (!values.name.trim() || !values.startDate || !values.endDate) return MESSAGES.leagues.fillRequiredFields;
  const nameError = validateLeagueName(values.name.trim());
  if (nameError) return nameError;
  if (values.endDate < values.startDate) return MESSAGES.leagues.endBeforeStart;
  if (values.rulesRequired) return validateRulesText(values.rulesText);
  return null;
}

interface EditLeagueFormProps {
  league: AdminLeague;
  onDone: () => void;
  onCancel: () => void;
}

/** "Modifica Lega": used in the league list's dialog and as the /admin/leagues/:id/edit page. */
export function EditLeagueForm({ league, onDone, onCancel }: EditLeagueFormProps) {
  const id = useId();
  const [values, setValues] = useState(() => initialValues(league));
  const [error, setError] = useState<string | null>(null);
  const updateLeague = useUpdateLeague();

  const set = <K extends keyof EditLeagueValues>(key: K, value: EditLeagueValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setError(null);
  };

  const blockError = blockingError(values);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blockError) return;
    const problem = submitError(values);
    if (problem) {
      setError(problem);
      return;
    }
    updateLeague.mutate(
      {
        leagueId: league.id,
        name: values.name.trim().slice(0, 100),
        type: values.type,
        status: values.status,
        startDate: values.startDate,
        endDate: values.endDate,
        marketBlockTimezone: values.marketBlockTimezone,
        rulesRequired: values.rulesRequired,
        rulesText: values.rulesRequired ? values.rulesText : (league.rulesText ?? null),
        marketBlockStartTime: values.marketBlockStartTime.trim() || null,
        marketBlockEndTime: values.marketBlockEndTime.trim() || null,
      },
      {
        onSuccess: ({ message }) => {
          toast.success(message || MESSAGES.leagues.updated);
          onDone();
        },
        onError: (err) => toast.error(errorMessage(err, MESSAGES.leagues.updateError)),
      },
    );
  };

  const errorId = `${id}-error`;
  const blockErrorId = `${id}-block-error`;
  const blockTimeField = (key: 'marketBlockStartTime' | 'marketBlockEndTime', label: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      type="time"
      value={values[key]}
      invalid={Boolean(blockError)}
      errorId={blockErrorId}
      onChange={(e) => set(key, e.target.value)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <TextField
        id={`${id}-name`}
        label="Nome"
        value={values.name}
        maxLength={100}
        onChange={(e) => set('name', e.target.value)}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Tipo"
          value={values.type}
          onValueChange={(v) => set('type', v)}
          options={toOptions(LEAGUE_TYPES)}
        />
        <SelectField
          label="Stato"
          value={values.status}
          onValueChange={(v) => set('status', v)}
          options={toOptions(LEAGUE_STATUSES)}
        />
        <DateRangeFields values={values} onChange={set} />
      </div>

      <fieldset className="grid gap-3 rounded-lg border p-3">
        <legend className="px-1 font-medium text-sm">Blocco mercato giornaliero</legend>
        <SelectField
          label="Fuso orario"
          value={values.marketBlockTimezone}
          onValueChange={(v) => set('marketBlockTimezone', v)}
          options={toOptions(MARKET_TIMEZONES)}
        />
        <div className="grid grid-cols-2 gap-3">
          {blockTimeField('marketBlockStartTime', 'Inizio (HH:MM)')}
          {blockTimeField('marketBlockEndTime', 'Fine (HH:MM)')}
        </div>
        <p className="text-muted-foreground text-xs">Lascia entrambi vuoti per disabilitare il blocco.</p>
        {blockError && (
          <p id={blockErrorId} role="alert" className="text-destructive text-sm">
            {blockError}
          </p>
        )}
      </fieldset>

      <div className="grid gap-3">
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-rules`}
            checked={values.rulesRequired}
            onCheckedChange={(checked) => set('rulesRequired', checked)}
          />
          <Label htmlFor={`${id}-rules`}>Richiedi accettazione del regolamento</Label>
        </div>
        {values.rulesRequired && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-rules-text`}>Testo del regolamento</Label>
            <Textarea
              id={`${id}-rules-text`}
              value={values.rulesText}
              rows={6}
              maxLength={10000}
              className="max-h-72"
              onChange={(e) => set('rulesText', e.target.value)}
            />
            <p className="text-muted-foreground text-xs">
              Tag consentiti: p, br, strong, em, u, ol, ul, li. Massimo 10000 caratteri.
            </p>
          </div>
        )}
      </div>

      {error && (
        <Alert id={errorId} variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={updateLeague.isPending}>
          Annulla
        </Button>
        <SubmitButton
          pending={updateLeague.isPending}
          pendingLabel="Salvataggio..."
          disabled={Boolean(blockError)}
        >
          Salva
        </SubmitButton>
      </div>
    </form>
  );
}
