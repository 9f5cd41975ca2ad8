import { H2H_LIMITS, H2hSettingsSchema } from '@fantarift/core';
import { useId } from 'react';
import type { H2hSettings } from '@/api/private-leagues';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { formatNumber } from '@/lib/format';

export type H2hRuleDraft = { rule: H2hSettings['rule']; bandStart: string; bandStep: string };

/** The draft as the server takes it (same schema), or the first error in Italian. */
export function checkRule(draft: H2hRuleDraft): {
  settings?: Omit<H2hSettings, 'calendarGenerated'>;
  error?: string;
} {
  const parsed = H2hSettingsSchema.safeParse({
    rule: draft.rule,
    bandStart: Number(draft.bandStart.replace(',', '.')),
    bandStep: Number(draft.bandStep.replace(',', '.')),
  });
  return parsed.success ? { settings: parsed.data } : { error: parsed.error.issues[0]?.message };
}

export const ruleDraft = (s: {
  rule: H2hSettings['rule'];
  bandStart: number;
  bandStep: number;
}): H2hRuleDraft => ({
  rule: s.rule,
  bandStart: String(s.bandStart),
  bandStep: String(s.bandStep),
});

/** One line that says how a match-up's goals are counted. */
export function ruleSummary(s: { rule: H2hSettings['rule']; bandStart: number; bandStep: number }): string {
  return s.rule === 'bands'
    ? `Fasce: 1 gol da ${formatNumber(s.bandStart)} punti, poi uno ogni ${formatNumber(s.bandStep)}`
    : `Punti: vince chi fa più punti (pareggio entro ${formatNumber(H2H_LIMITS.drawMargin)})`;
}

interface H2hRuleFieldsProps {
  value: H2hRuleDraft;
  onChange: (value: H2hRuleDraft) => void;
  /** what the official league's weeks suggest, shown beside T and S */
  suggestion?: { bandStart: number; bandStep: number; weekName: string | null };
  error?: string;
}

/** The result rule of a head-to-head league: Fantacalcio's bands (T, S) or plain points. */
export function H2hRuleFields({ value, onChange, suggestion, error }: H2hRuleFieldsProps) {
  const ruleId = useId();
  const startId = useId();
  const stepId = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="sr-only">Regola dei risultati</legend>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={ruleId}>Risultato delle sfide</Label>
        <Select
          value={value.rule}
          onValueChange={(rule) => onChange({ ...value, rule: rule as H2hRuleDraft['rule'] })}
        >
          <SelectTrigger id={ruleId} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="bands">Fasce di punti (gol come al Fantacalcio)</SelectItem>
            <SelectItem value="points">Punti (vince chi fa di più)</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {value.rule === 'bands' && (
        <div className="grid grid-cols-2 gap-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={startId}>Primo gol (T)</Label>
            <Input
              id={startId}
              inputMode="decimal"
              value={value.bandStart}
              onChange={(e) => onChange({ ...value, bandStart: e.target.value })}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={stepId}>Un gol ogni (S)</Label>
            <Input
              id={stepId}
              inputMode="decimal"
              value={value.bandStep}
              onChange={(e) => onChange({ ...value, bandStep: e.target.value })}
            />
          </div>
          <p className="col-span-2 text-muted-foreground text-xs">
            Sotto T punti nessun gol, poi un gol in più ogni S punti.
            {suggestion?.weekName &&
              ` Suggeriti dai punti della lega ufficiale in ${suggestion.weekName} (T alla mediana): T ${formatNumber(suggestion.bandStart)}, S ${formatNumber(suggestion.bandStep)}.`}
          </p>
        </div>
      )}
      {error && <p className="text-destructive text-xs">{error}</p>}
    </fieldset>
  );
}
