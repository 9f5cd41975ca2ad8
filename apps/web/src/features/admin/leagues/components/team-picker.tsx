import { builtInTeams, isInternationalLeagueType } from '@fantarift/core';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Checkbox } from '@/features/admin/components/ui-extra/checkbox';
import { addCustomTeams } from './create-league-model';

interface TeamPickerProps {
  type: string;
  teams: string[];
  onChange: (teams: string[]) => void;
}

/** Built-in teams of a regional type (with select all) plus teams typed by hand. */
export function TeamPicker({ type, teams, onChange }: TeamPickerProps) {
  const id = useId();
  const [custom, setCustom] = useState('');
  const builtIn = builtInTeams(type);
  const selected = new Set(teams);
  const allSelected = builtIn.length > 0 && builtIn.every((t) => selected.has(t));
  const customTeams = teams.filter((t) => !builtIn.includes(t));

  const toggle = (team: string, checked: boolean) =>
    onChange(checked ? [...teams, team] : teams.filter((t) => t !== team));

  const addCustom = () => {
    onChange(addCustomTeams(teams, custom));
    setCustom('');
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 font-medium text-sm">
        Team <span className="text-muted-foreground">({teams.length} selezionati)</span>
      </legend>
      {type === '' && <p className="text-muted-foreground text-sm">Scegli prima il tipo di lega.</p>}
      {isInternationalLeagueType(type) && (
        <p className="text-muted-foreground text-sm">
          Un evento internazionale non ha team predefiniti: aggiungili qui o fase per fase.
        </p>
      )}
      {builtIn.length > 0 && (
        <div className="grid gap-2 rounded-lg border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-muted-foreground text-sm">
              Team {type} ({builtIn.length})
            </p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                onChange(
                  allSelected
                    ? teams.filter((t) => !builtIn.includes(t))
                    : addCustomTeams(teams, builtIn.join('\n')),
                )
              }
            >
              {allSelected ? 'Deseleziona tutti' : 'Seleziona tutti'}
            </Button>
          </div>
          <ul className="grid gap-2 sm:grid-cols-2">
            {builtIn.map((team, index) => {
              const checkboxId = `${id}-team-${index}`;
              return (
                <li key={team} className="flex items-center gap-2">
                  <Checkbox
                    id={checkboxId}
                    checked={selected.has(team)}
                    onCheckedChange={(checked) => toggle(team, checked === true)}
                  />
                  <Label htmlFor={checkboxId} className="font-normal">
                    {team}
                  </Label>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {type !== '' && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-custom`}>Team personalizzato</Label>
          <div className="flex gap-2">
            <Input
              id={`${id}-custom`}
              value={custom}
              placeholder="Nome del team"
              maxLength={50}
              onChange={(e) => setCustom(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addCustom();
                }
              }}
            />
            <Button type="button" variant="outline" onClick={addCustom}>
              <Plus aria-hidden="true" />
              Aggiungi
            </Button>
          </div>
          {customTeams.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Team personalizzati">
              {customTeams.map((team) => (
                <li key={team}>
                  <Badge variant="secondary" className="gap-1 pr-1">
                    {team}
                    <button
                      type="button"
                      className="rounded-sm p-0.5 hover:bg-background/60"
                      aria-label={`Rimuovi ${team}`}
                      onClick={() => toggle(team, false)}
                    >
                      <X className="size-3" />
                    </button>
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}
