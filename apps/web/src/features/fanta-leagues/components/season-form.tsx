import { FANTA_SEASON_MESSAGES } from '@fantarift/core';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { type FantaLeague, fantaErrorMessage, useUpdateFantaSettings } from '@/api/fanta-leagues';
import { useSuggestedBands } from '@/api/private-leagues';
import {
  checkRule,
  type H2hRuleDraft,
  H2hRuleFields,
  ruleDraft,
} from '@/components/private-leagues/h2h-rule-fields';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from './native-select';

/**
 * The season's options: the captain and the ranking ("Classica" or "Scontri diretti" with issue 30's result
 * rule). The owner changes them until the first week after the auction locks; the server checks the same.
 */
export function SeasonForm({ fl }: { fl: FantaLeague }) {
  const update = useUpdateFantaSettings(fl.id);
  const formId = useId();
  const [multiplier, setMultiplier] = useState(String(fl.captainMultiplier));
  const [vice, setVice] = useState(fl.viceCaptainEnabled);
  const [format, setFormat] = useState(fl.format);
  const [draft, setDraft] = useState<H2hRuleDraft | null>(fl.h2h && ruleDraft(fl.h2h));
  const [ruleError, setRuleError] = useState<string>();
  const suggestion = useSuggestedBands(fl.leagueId, format === 'h2h' && !fl.h2h).data;
  // untouched, a new head-to-head rule follows the official league's suggestion
  const rule = draft ?? ruleDraft({ rule: 'bands', ...(suggestion ?? { bandStart: 60, bandStep: 10 }) });
  const disabled = !fl.isOwner || fl.captainLocked;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = format === 'h2h' ? checkRule(rule) : {};
    setRuleError(checked.error);
    if (checked.error) return;
    update.mutate(
      {
        captainMultiplier: Number(multiplier) as 1 | 1.5 | 2,
        viceCaptainEnabled: vice,
        format,
        ...(checked.settings ? { h2h: checked.settings } : {}),
      },
      {
        onSuccess: () => toast.success('Impostazioni salvate'),
        onError: (err) => toast.error(fantaErrorMessage(err)),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Stagione" className="space-y-3 rounded-lg border bg-card p-4">
      <h2 className="font-semibold text-lg">Stagione</h2>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${formId}-format`}>Classifica</Label>
        <NativeSelect
          id={`${formId}-format`}
          value={format}
          disabled={disabled}
          onChange={(e) => setFormat(e.target.value as FantaLeague['format'])}
        >
          <option value="classic">Classica (il totale delle settimane)</option>
          <option value="h2h">Scontri diretti (un avversario a settimana)</option>
        </NativeSelect>
      </div>
      {format === 'h2h' && !disabled && (
        <H2hRuleFields value={rule} onChange={setDraft} suggestion={suggestion} error={ruleError} />
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${formId}-mult`}>Punti del capitano</Label>
        <NativeSelect
          id={`${formId}-mult`}
          value={multiplier}
          disabled={disabled}
          onChange={(e) => setMultiplier(e.target.value)}
        >
          <option value="1">Capitano spento</option>
          <option value="1.5">×1,5</option>
          <option value="2">×2</option>
        </NativeSelect>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={vice}
          disabled={disabled || multiplier === '1'}
          onChange={(e) => setVice(e.target.checked)}
        />
        Vice capitano (se il capitano non gioca)
      </label>
      {fl.captainLocked && (
        <p className="text-muted-foreground text-sm">{FANTA_SEASON_MESSAGES.formatLocked}</p>
      )}
      {!disabled && (
        <Button type="submit" disabled={update.isPending}>
          Salva
        </Button>
      )}
    </form>
  );
}
