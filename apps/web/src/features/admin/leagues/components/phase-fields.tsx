import { MIN_PHASE_TEAM_COUNT } from '@fantarift/core';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { normalizeTeamCount } from '@/features/admin/leagues/components/create-league-model';
import { SelectField } from '@/features/admin/shared/select-field';

export interface PhaseFieldValues {
  teamCount: string;
  startDate: string;
  endDate: string;
}

/**
 * A phase's team count and dates, as edited in the phase builder, the "add phase" forms and a phase's
 * edit panel. The count falls back to the minimum on blur (spec §5); with `phaseName` each box names
 * the phase for screen readers, which tells the builder's rows apart.
 */
export function PhaseFields({
  idPrefix,
  value,
  onChange,
  phaseName,
  countPlaceholder,
  keepEmptyCount = false,
}: {
  idPrefix: string;
  value: PhaseFieldValues;
  onChange: (patch: Partial<PhaseFieldValues>) => void;
  phaseName?: string;
  countPlaceholder?: string;
  /** Leave an empty count empty on blur (the placeholder's proposal then applies). */
  keepEmptyCount?: boolean;
}) {
  const of = (what: string) => (phaseName ? `${what} di ${phaseName}` : undefined);
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <div className="col-span-2 grid gap-1.5 sm:col-span-1">
        <Label htmlFor={`${idPrefix}-count`}>Numero team</Label>
        <Input
          id={`${idPrefix}-count`}
          type="number"
          inputMode="numeric"
          min={MIN_PHASE_TEAM_COUNT}
          step={1}
          placeholder={countPlaceholder}
          value={value.teamCount}
          aria-label={of('Numero team')}
          onChange={(e) => onChange({ teamCount: e.target.value })}
          onBlur={(e) => {
            if (keepEmptyCount && e.target.value === '') return;
            onChange({ teamCount: String(normalizeTeamCount(e.target.value)) });
          }}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-start`}>Inizio</Label>
        <Input
          id={`${idPrefix}-start`}
          type="date"
          value={value.startDate}
          aria-label={of('Data di inizio')}
          onChange={(e) => onChange({ startDate: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-end`}>Fine</Label>
        <Input
          id={`${idPrefix}-end`}
          type="date"
          value={value.endDate}
          aria-label={of('Data di fine')}
          onChange={(e) => onChange({ endDate: e.target.value })}
        />
      </div>
    </div>
  );
}

/** The "Fase" choice of an add-phase form: a name the league type proposes, or a custom one. */
export const CUSTOM_PHASE = '__custom__';

export function PhaseNameChoice({
  idPrefix,
  names,
  choice,
  customName,
  onChoice,
  onCustomName,
  placeholder,
}: {
  idPrefix: string;
  names: readonly string[];
  choice: string;
  customName: string;
  onChoice: (choice: string) => void;
  onCustomName: (name: string) => void;
  placeholder?: string;
}) {
  return (
    <>
      <SelectField
        label="Fase"
        value={choice}
        placeholder={placeholder}
        onValueChange={onChoice}
        options={[
          ...names.map((n) => ({ value: n, label: n })),
          { value: CUSTOM_PHASE, label: 'Altra (personalizzata)' },
        ]}
      />
      {choice === CUSTOM_PHASE && (
        <div className="grid gap-2">
          <Label htmlFor={`${idPrefix}-custom`}>Nome della fase</Label>
          <Input
            id={`${idPrefix}-custom`}
            value={customName}
            maxLength={50}
            onChange={(e) => onCustomName(e.target.value)}
          />
        </div>
      )}
    </>
  );
}
