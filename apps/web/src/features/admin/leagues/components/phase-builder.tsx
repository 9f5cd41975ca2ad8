import { ChevronDown, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Collapsible,
  CollapsibleContent,
  CollapsibleTrigger,
} from '@/features/admin/components/ui-extra/collapsible';
import {
  availablePhaseNames,
  type BuilderPhase,
  normalizeTeamCount,
  phaseKey,
  proposedTeamCount,
  sortBuilderPhases,
} from './create-league-model';
import { newPhaseError } from './phase-checks';
import { CUSTOM_PHASE as CUSTOM, PhaseFields, type PhaseFieldValues, PhaseNameChoice } from './phase-fields';
import { PhaseTeamChecklist } from './phase-team-selector';

const EMPTY_FIELDS: PhaseFieldValues = { teamCount: '', startDate: '', endDate: '' };

interface PhaseBuilderProps {
  type: string;
  /** The league's teams, offered to each phase. */
  leagueTeams: readonly string[];
  phases: BuilderPhase[];
  onChange: (phases: BuilderPhase[]) => void;
}

/** The phases of a new league, kept in stage order; each phase name once. */
export function PhaseBuilder({ type, leagueTeams, phases, onChange }: PhaseBuilderProps) {
  const id = useId();
  const sorted = sortBuilderPhases(phases);
  const patchPhase = (key: string, patch: Partial<BuilderPhase>) =>
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
                <PhaseFields
                  idPrefix={rowId}
                  phaseName={phase.name}
                  value={phase}
                  onChange={(patch) => patchPhase(phase.key, patch)}
                />
                <Collapsible>
                  <CollapsibleTrigger asChild>
                    <Button type="button" variant="ghost" size="sm" className="group justify-self-start">
                      Team partecipanti ({(phase.participatingTeams ?? []).length}/
                      {normalizeTeamCount(phase.teamCount)})
                      <ChevronDown
                        aria-hidden="true"
                        className="transition-transform group-data-[state=open]:rotate-180"
                      />
                    </Button>
                  </CollapsibleTrigger>
                  <CollapsibleContent className="pt-2">
                    <PhaseTeamChecklist
                      phaseName={phase.name}
                      teams={leagueTeams}
                      teamCount={normalizeTeamCount(phase.teamCount)}
                      selected={phase.participatingTeams ?? []}
                      onChange={(participatingTeams) => patchPhase(phase.key, { participatingTeams })}
                    />
                  </CollapsibleContent>
                </Collapsible>
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
  const [fields, setFields] = useState<PhaseFieldValues>(EMPTY_FIELDS);
  const { teamCount, startDate, endDate } = fields;
  const [error, setError] = useState<string | null>(null);

  const selected = choice === '' || (choice !== CUSTOM && !names.includes(choice)) ? '' : choice;
  const name = selected === CUSTOM ? customName.trim() : selected;

  const add = () => {
    const problem = newPhaseError(
      name,
      phases.map((p) => p.name),
      fields,
    );
    if (problem) {
      setError(problem);
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
    setFields(EMPTY_FIELDS);
    setError(null);
  };

  return (
    <div className="grid gap-3 rounded-lg border border-dashed p-3">
      <p className="font-medium text-sm">Aggiungi fase</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <PhaseNameChoice
          idPrefix={id}
          names={names}
          choice={selected}
          customName={customName}
          onCustomName={setCustomName}
          placeholder="Scegli una fase"
          onChoice={(value) => {
            setChoice(value);
            setError(null);
            if (value !== CUSTOM && value !== '')
              setFields((f) => ({ ...f, teamCount: String(proposedTeamCount(type, value)) }));
          }}
        />
      </div>
      <PhaseFields
        idPrefix={id}
        value={fields}
        countPlaceholder={String(proposedTeamCount(type, name))}
        keepEmptyCount
        onChange={(patch) => setFields((f) => ({ ...f, ...patch }))}
      />
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
