import { MESSAGES } from '@fantarift/core';
import { Save } from 'lucide-react';
import { useId, useState } from 'react';
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

/** The teams taking part in a phase: the selector stops at the phase's team count (spec §5). */
export function PhaseTeamSelector({
  phaseName,
  teams,
  teamCount,
  initial,
  pending,
  onSave,
}: PhaseTeamSelectorProps) {
  const id = useId();
  const [selected, setSelected] = useState<string[]>(() => initial.slice(0, Math.max(teamCount, 0)));
  const full = selected.length >= teamCount;
  // Teams named by the phase but no longer in the league stay visible so they can be unticked.
  const options = [...teams, ...selected.filter((t) => !teams.includes(t))];

  const toggle = (team: string, checked: boolean) =>
    setSelected((current) => {
      if (!checked) return current.filter((t) => t !== team);
      if (current.includes(team) || current.length >= teamCount) return current;
      return [...current, team];
    });

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
    </fieldset>
  );
}
