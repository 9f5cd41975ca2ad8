import { CAPTAIN_MULTIPLIERS, MESSAGES, type ScoringRules, ScoringRulesSchema } from '@fantarift/core';
import { Crown, Save, Swords, Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SectionCard } from '@/features/admin/shared/section-card';
import { SelectField } from '@/features/admin/shared/select-field';
import { Checkbox } from '../../components/ui-extra/checkbox';
import { useSaveScoringRules } from '../api/save-scoring-rules';

/** Rules the form edits as a box each; the others have their own controls. */
type NumericRule = Exclude<
  keyof ScoringRules,
  'championWinBonusEnabled' | 'captainMultiplier' | 'viceCaptainEnabled'
>;
const OWN_CONTROLS = new Set(['championWinBonusEnabled', 'captainMultiplier', 'viceCaptainEnabled']);

const C = MESSAGES.captain;
const CAPTAIN_OPTIONS = CAPTAIN_MULTIPLIERS.map((m) => ({
  value: String(m),
  label: m === 1 ? C.off : `×${String(m).replace('.', ',')}`,
}));

const PLAYER_RULES: readonly { key: NumericRule; label: string }[] = [
  { key: 'killPoints', label: 'Kill' },
  { key: 'assistPoints', label: 'Assist' },
  { key: 'deathPoints', label: 'Death' },
  { key: 'csPointsPer10', label: 'CS per 10' },
  { key: 'mvpPoints', label: 'MVP (legacy)' },
  { key: 'gameMvpPoints', label: 'Game MVP' },
  { key: 'zeroDeathsBonus', label: 'Zero Deaths Bonus' },
  { key: 'junglerStealBonus', label: 'Jungler Steal Bonus' },
  { key: 'doubleKillPoints', label: 'Double Kill' },
  { key: 'tripleKillPoints', label: 'Triple Kill' },
  { key: 'quadraKillPoints', label: 'Quadra Kill' },
  { key: 'pentaKillPoints', label: 'Penta Kill' },
  { key: 'seriesMvpPoints', label: 'Series MVP' },
  { key: 'perfectSeriesBonus', label: 'Perfect Series Bonus' },
];

const TEAM_RULES: readonly { key: NumericRule; label: string; integer?: boolean }[] = [
  { key: 'dragonPoints', label: 'Dragon' },
  { key: 'baronPoints', label: 'Baron' },
  { key: 'elderPoints', label: 'Elder' },
  { key: 'heraldPoints', label: 'Herald' },
  { key: 'towerPoints', label: 'Tower' },
  { key: 'larvaPoints', label: 'Larva' },
  { key: 'athakanPoints', label: 'Athakan' },
  { key: 'firstTowerPoints', label: 'First Tower' },
  { key: 'firstBloodPoints', label: 'First Blood' },
  { key: 'firstObjectivePoints', label: 'First Objective' },
  { key: 'burroRewardThreshold', label: 'Burro Reward Threshold' },
  { key: 'burroRewardAmount', label: 'Burro Reward Amount', integer: true },
];

type Values = Record<NumericRule, string>;

function toValues(rules: ScoringRules): Values {
  const values = {} as Values;
  for (const [key, value] of Object.entries(rules)) {
    if (!OWN_CONTROLS.has(key)) values[key as NumericRule] = String(value);
  }
  return values;
}

/** The two cards of Global Scoring Rules and the save-all button (admin spec §2). */
export function ScoringRulesForm({ rules }: { rules: ScoringRules }) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => toValues(rules));
  const [winBonus, setWinBonus] = useState(rules.championWinBonusEnabled);
  const [captainMultiplier, setCaptainMultiplier] = useState(String(rules.captainMultiplier));
  const [vice, setVice] = useState(rules.viceCaptainEnabled);
  const [invalid, setInvalid] = useState<Set<NumericRule>>(new Set());
  const save = useSaveScoringRules();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = new Set<NumericRule>();
    const next: Record<string, number | boolean> = {
      championWinBonusEnabled: winBonus,
      captainMultiplier: Number(captainMultiplier),
      viceCaptainEnabled: vice,
    };
    for (const [key, raw] of Object.entries(values) as [NumericRule, string][]) {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) bad.add(key);
      else next[key] = n;
    }
    const parsed = ScoringRulesSchema.safeParse(next);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) bad.add(issue.path[0] as NumericRule);
    }
    setInvalid(bad);
    if (bad.size > 0 || !parsed.success) {
      toast.error(MESSAGES.scoring.saveError(MESSAGES.common.invalidInput));
      return;
    }
    const captainChanged =
      parsed.data.captainMultiplier !== rules.captainMultiplier ||
      parsed.data.viceCaptainEnabled !== rules.viceCaptainEnabled;
    save.mutate(parsed.data, {
      // a captain change, as every rule, counts from the next recalculation: the confirmation says so
      onSuccess: ({ message }) =>
        toast.success(captainChanged ? `${message}. ${C.rulesNextRecalc}` : message),
      onError: (error) => toast.error(MESSAGES.scoring.saveError(error.message)),
    });
  };

  const field = ({ key, label, integer }: { key: NumericRule; label: string; integer?: boolean }) => (
    <div key={key} className="flex min-w-0 flex-col justify-end gap-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type="number"
        step={integer ? 1 : 0.1}
        min={integer ? 0 : undefined}
        inputMode="decimal"
        value={values[key]}
        aria-invalid={invalid.has(key) || undefined}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <SectionCard
          title="Player Scoring"
          icon={Users}
          description="Punti per giocatore, per ogni game."
          contentClassName="flex flex-col gap-4"
        >
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">{PLAYER_RULES.map(field)}</div>
          <div className="flex items-start gap-3 rounded-lg border p-3">
            <Checkbox
              id={`${id}-win-bonus`}
              checked={winBonus}
              onCheckedChange={(v) => setWinBonus(v === true)}
              aria-describedby={`${id}-win-bonus-hint`}
              className="mt-0.5"
            />
            <div className="space-y-1">
              <Label htmlFor={`${id}-win-bonus`}>Champion Win Bonus</Label>
              <p id={`${id}-win-bonus-hint`} className="text-muted-foreground text-xs">
                Se attivo, un giocatore del roster che vince il game con un campione del roster prende un
                bonus pari al tier del campione.
              </p>
            </div>
          </div>
        </SectionCard>
        <SectionCard
          title="Team Objective Scoring"
          icon={Swords}
          description="Punti di squadra per game, divisi tra i cinque giocatori; soglia e premio Burro Coin settimanali."
        >
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">{TEAM_RULES.map(field)}</div>
        </SectionCard>
      </div>
      <SectionCard
        title={C.title}
        icon={Crown}
        description={C.optionHint}
        contentClassName="flex flex-col gap-4 sm:flex-row sm:items-end"
      >
        <SelectField
          label={C.title}
          value={captainMultiplier}
          onValueChange={setCaptainMultiplier}
          options={CAPTAIN_OPTIONS}
          className="sm:w-48"
        />
        <div className="flex items-start gap-3 rounded-lg border p-3">
          <Checkbox
            id={`${id}-vice`}
            checked={vice}
            onCheckedChange={(v) => setVice(v === true)}
            aria-describedby={`${id}-vice-hint`}
            className="mt-0.5"
          />
          <div className="space-y-1">
            <Label htmlFor={`${id}-vice`}>{C.vice}</Label>
            <p id={`${id}-vice-hint`} className="text-muted-foreground text-xs">
              {C.rulesNextRecalc}
            </p>
          </div>
        </div>
      </SectionCard>
      <div>
        <SubmitButton pending={save.isPending} pendingLabel="Salvataggio..." size="lg">
          <Save aria-hidden="true" />
          Salva Tutte le Regole
        </SubmitButton>
      </div>
    </form>
  );
}
