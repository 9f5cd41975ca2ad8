import { MESSAGES } from '@fantarift/core';
import { Save } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Checkbox } from '@/features/admin/components/ui-extra/checkbox';

interface PhaseTeamSelectorProps {
  phaseName: string;
  /** The league's teams. */
  teams: readonly string[];
  teamCount: number;
  initial: readonly string[];
  pending?: boolean;
  onSave: (teams: string[]) => void;
}

/** The teams taking part in a phase, saved with "Salva team" (league detail, spec §5). */
export function PhaseTeamSelector({
  phaseName,
  teams,
  teamCount,
  initial,
  pending,
  onSave,
}: PhaseTeamSelectorProps) {
  const [selected, setSelected] = useState<string[]>(() => initial.slice(0, Math.max(teamCount, 0)));
  return (
    <PhaseTeamChecklist
      phaseName={phaseName}
      teams={teams}
      teamCount={teamCount}
      selected={selected}
      onChange={setSelected}
    >
      <Button
        type="button"
        size="sm"
        className="justify-self-start"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => onSave(selected)}
      >
        <Save aria-hidden="true" />
        {pending ? 'Salvataggio...' : 'Salva team'}
      </Button>
    </PhaseTeamChecklist>
  );
}

/**
 * The checkboxes of a phase's teams; ticking stops at the phase's team count. Controlled, so the
 * league-creation builder keeps the choice in its phases and the detail page saves it with a button.
 */
export function PhaseTeamChecklist({
  phaseName,
  teams,
  teamCount,
  selected,
  onChange,
  children,
}: {
  phaseName: string;
  teams: readonly string[];
  teamCount: number;
  selected: readonly string[];
  onChange: (teams: string[]) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const full = selected.length >= teamCount;
  // Teams named by the phase but no longer in the league stay visible so they can be unticked.
  const options = [...teams, ...selected.filter((t) => !teams.includes(t))];

  const toggle = (team: string, checked: boolean) => {
    if (!checked) onChange(selected.filter((t) => t !== team));
    else if (!selected.includes(team) && selected.length < teamCount) onChange([...selected, team]);
  };

  if (options.length === 0) {
    return <p className="text-muted-foreground text-sm">La lega non ha ancora team.</p>;
  }

  return (
    <fieldset className="grid gap-3">
      <legend className="sr-only">Team partecipanti a {phaseName}</legend>
      <p className="text-sm" aria-live="polite">
        <span className="font-medium tabular-nums">
          {selected.length}/{teamCount}
        </span>{' '}
        team selezionati
        {full && <span className="text-muted-foreground"> · {MESSAGES.phases.tooManyTeams(teamCount)}</span>}
      </p>
      <ul className="grid gap-2 sm:grid-cols-2">
        {options.map((team, index) => {
          const checked = selected.includes(team);
          const checkboxId = `${id}-${index}`;
          return (
            <li key={team} className="flex items-center gap-2">
              <Checkbox
                id={checkboxId}
                checked={checked}
                disabled={!checked && full}
                onCheckedChange={(value) => toggle(team, value === true)}
              />
              <Label htmlFor={checkboxId} className="font-normal peer-disabled:opacity-50">
                {team}
              </Label>
            </li>
          );
        })}
      </ul>
      {children}
    </fieldset>
  );
}
