import { MESSAGES, MIN_PHASE_TEAM_COUNT } from '@fantarift/core';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  availablePhaseNames,
  type BuilderPhase,
  normalizeTeamCount,
  phaseKey,
  proposedTeamCount,
  sortBuilderPhases,
} from './create-league-model';
import { SelectField } from './select-field';

const CUSTOM = '__custom__';

interface PhaseBuilderProps {
  type: string;
  phases: BuilderPhase[];
  onChange: (phases: BuilderPhase[]) => void;
}

/** The phases of a new league, kept in stage order; each phase name once. */
export function PhaseBuilder({ type, phases, onChange }: PhaseBuilderProps) {
  const id = useId();
  const sorted = sortBuilderPhases(phases);
  const update = (key: string, patch: Partial<BuilderPhase>) =>
    onChange(phases.map((p) => (p.key === key ? { ...p, ...patch } : p)));

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 font-medium text-sm">
        Fasi <span className="text-muted-foreground">({phases.length})</span>
      </legend>
      {type === '' ? (
        <p className="text-muted-foreground text-sm">Scegli il tipo di lega per vedere le fasi proposte.</p>
      ) : sorted.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nessuna fase: aggiungine almeno una.</p>
      ) : (
        <ol className="grid gap-3">
          {sorted.map((phase, index) => {
            const rowId = `${id}-${phase.key}`;
            return (
              <li key={phase.key} className="grid gap-3 rounded-lg border p-3">
                <div className="flex items-center justify-between gap-2">
                  <p className="font-medium">
                    <span className="text-muted-foreground">{index + 1}.</span> {phase.name}
                  </p>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    aria-label={`Rimuovi fase ${phase.name}`}
                    onClick={() => onChange(phases.filter((p) => p.key !== phase.key))}
                  >
                    <Trash2 />
                  </Button>
                </div>
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  <div className="col-span-2 grid gap-1.5 sm:col-span-1">
                    <Label htmlFor={`${rowId}-count`}>Numero team</Label>
                    <Input
                      id={`${rowId}-count`}
                      type="number"
                      inputMode="numeric"
                      min={MIN_PHASE_TEAM_COUNT}
                      step={1}
                      value={phase.teamCount}
                      aria-label={`Numero team di ${phase.name}`}
                      onChange={(e) => update(phase.key, { teamCount: e.target.value })}
                      onBlur={(e) =>
                        update(phase.key, { teamCount: String(normalizeTeamCount(e.target.value)) })
                      }
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${rowId}-start`}>Inizio</Label>
                    <Input
                      id={`${rowId}-start`}
                      type="date"
                      value={phase.startDate}
                      aria-label={`Data di inizio di ${phase.name}`}
                      onChange={(e) => update(phase.key, { startDate: e.target.value })}
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${rowId}-end`}>Fine</Label>
                    <Input
                      id={`${rowId}-end`}
                      type="date"
                      value={phase.endDate}
                      aria-label={`Data di fine di ${phase.name}`}
                      onChange={(e) => update(phase.key, { endDate: e.target.value })}
                    />
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {type !== '' && <AddPhaseForm type={type} phases={phases} onAdd={(p) => onChange([...phases, p])} />}
    </fieldset>
  );
}

/** Adds one phase: a name from the type's list (not yet used) or a custom one, team count and dates. */
function AddPhaseForm({
  type,
  phases,
  onAdd,
}: {
  type: string;
  phases: BuilderPhase[];
  onAdd: (phase: BuilderPhase) => void;
}) {
  const id = useId();
  const names = availablePhaseNames(type, phases);
  const [choice, setChoice] = useState('');
  const [customName, setCustomName] = useState('');
  const [teamCount, setTeamCount] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [error, setError] = useState<string | null>(null);

  const selected = choice === '' || (choice !== CUSTOM && !names.includes(choice)) ? '' : choice;
  const name = selected === CUSTOM ? customName.trim() : selected;

  const add = () => {
    if (name === '') {
      setError('Scegli o scrivi il nome della fase');
      return;
    }
    if (phases.some((p) => p.name.toLocaleLowerCase('it') === name.toLocaleLowerCase('it'))) {
      setError(MESSAGES.leagues.duplicatePhase(name));
      return;
    }
    if (startDate === '' || endDate === '') {
      setError(MESSAGES.phases.datesRequired);
      return;
    }
    if (endDate < startDate) {
      setError(MESSAGES.leagues.endBeforeStart);
      return;
    }
    onAdd({
      key: phaseKey(),
      name,
      teamCount: String(normalizeTeamCount(teamCount === '' ? proposedTeamCount(type, name) : teamCount)),
      startDate,
      endDate,
    });
    setChoice('');
    setCustomName('');
    setTeamCount('');
    setStartDate('');
    setEndDate('');
    setError(null);
  };

  return (
    <div className="grid gap-3 rounded-lg border border-dashed p-3">
      <p className="font-medium text-sm">Aggiungi fase</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Fase"
          value={selected}
          placeholder="Scegli una fase"
          onValueChange={(value) => {
            setChoice(value);
            setError(null);
            if (value !== CUSTOM && value !== '') setTeamCount(String(proposedTeamCount(type, value)));
          }}
          options={[
            ...names.map((n) => ({ value: n, label: n })),
            { value: CUSTOM, label: 'Altra (personalizzata)' },
          ]}
        />
        {selected === CUSTOM && (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-custom`}>Nome della fase</Label>
            <Input
              id={`${id}-custom`}
              value={customName}
              maxLength={50}
              onChange={(e) => setCustomName(e.target.value)}
            />
          </div>
        )}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="col-span-2 grid gap-1.5 sm:col-span-1">
          <Label htmlFor={`${id}-count`}>Numero team</Label>
          <Input
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={MIN_PHASE_TEAM_COUNT}
            step={1}
            placeholder={String(proposedTeamCount(type, name))}
            value={teamCount}
            onChange={(e) => setTeamCount(e.target.value)}
            onBlur={(e) => e.target.value !== '' && setTeamCount(String(normalizeTeamCount(e.target.value)))}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-start`}>Inizio</Label>
          <Input
            id={`${id}-start`}
            type="date"
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-end`}>Fine</Label>
          <Input id={`${id}-end`} type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
        </div>
      </div>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Button type="button" variant="outline" className="justify-self-start" onClick={add}>
        <Plus aria-hidden="true" />
        Aggiungi fase
      </Button>
    </div>
  );
}
