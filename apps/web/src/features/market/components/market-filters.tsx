import {
  CHAMPION_TIERS,
  championTierLabel,
  PLAYER_TIERS,
  ROLES,
  type Role,
  roleLabel,
} from '@fantarift/core';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export interface MarketFilterValues {
  search: string;
  role: Role | '';
  tier: string;
  team: string;
}

export const EMPTY_FILTERS: MarketFilterValues = { search: '', role: '', tier: '', team: '' };

const ALL = 'all';
const SEARCH_DEBOUNCE_MS = 300;

/** 'ADC' is shown as 'BOT (ADC)' in the filter, so both names find it. */
function roleOption(role: Role) {
  return role === 'ADC' ? `${roleLabel(role)} (ADC)` : roleLabel(role);
}

interface MarketFiltersProps {
  kind: 'player' | 'champion';
  value: MarketFilterValues;
  onChange: (value: MarketFilterValues) => void;
  /** Teams of the league (players only). */
  teams?: readonly string[];
}

export function MarketFilters({ kind, value, onChange, teams = [] }: MarketFiltersProps) {
  const ids = { search: useId(), role: useId(), tier: useId(), team: useId() };
  const [search, setSearch] = useState(value.search);

  // Typing is debounced: the query runs once the user pauses.
  useEffect(() => {
    if (search === value.search) return;
    const timer = window.setTimeout(() => onChange({ ...value, search }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, value, onChange]);

  const tiers = kind === 'player' ? PLAYER_TIERS : CHAMPION_TIERS;
  const tierLabel = (tier: number) => (kind === 'champion' ? championTierLabel(tier) : `Tier ${tier}`);
  const active = value.search !== '' || value.role !== '' || value.tier !== '' || value.team !== '';
  const noun = kind === 'player' ? 'giocatore' : 'campione';

  return (
    <fieldset className="grid grid-cols-2 gap-2 rounded-lg border bg-card p-3 sm:gap-3 sm:flex sm:flex-wrap sm:items-end">
      <legend className="sr-only">Filtri</legend>
      <div className="col-span-2 flex flex-col gap-1.5 sm:min-w-56 sm:flex-1">
        <Label className="max-sm:sr-only" htmlFor={ids.search}>
          Cerca
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="-translate-y-1/2 absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            id={ids.search}
            type="search"
            className="pl-8"
            placeholder={`Nome del ${noun}...`}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label className="max-sm:sr-only" htmlFor={ids.role}>
          Ruolo
        </Label>
        <Select
          value={value.role || ALL}
          onValueChange={(role) => onChange({ ...value, role: role === ALL ? '' : (role as Role) })}
        >
          <SelectTrigger id={ids.role} className="w-full sm:w-36">
            {/* the choice's label given here, not taken from the closed list: the server paints it too */}
            <SelectValue>{value.role ? roleOption(value.role) : 'Tutti i ruoli'}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Tutti i ruoli</SelectItem>
            {ROLES.map((role) => (
              <SelectItem key={role} value={role}>
                {roleOption(role)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label className="max-sm:sr-only" htmlFor={ids.tier}>
          Tier
        </Label>
        <Select
          value={value.tier || ALL}
          onValueChange={(tier) => onChange({ ...value, tier: tier === ALL ? '' : tier })}
        >
          <SelectTrigger id={ids.tier} className="w-full sm:w-32">
            <SelectValue>{value.tier ? tierLabel(Number(value.tier)) : 'Tutti i tier'}</SelectValue>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Tutti i tier</SelectItem>
            {tiers.map((tier) => (
              <SelectItem key={tier} value={String(tier)}>
                {tierLabel(tier)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {kind === 'player' && (
        <div className="flex flex-col gap-1.5">
          <Label className="max-sm:sr-only" htmlFor={ids.team}>
            Team
          </Label>
          <Select
            value={value.team || ALL}
            onValueChange={(team) => onChange({ ...value, team: team === ALL ? '' : team })}
          >
            <SelectTrigger id={ids.team} className="w-full sm:w-48">
              <SelectValue>{value.team || 'Tutti i team'}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>Tutti i team</SelectItem>
              {teams.map((team) => (
                <SelectItem key={team} value={team}>
                  {team}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      <Button
        variant="ghost"
        className={kind === 'player' ? undefined : 'col-span-2 sm:col-span-1'}
        disabled={!active && search === ''}
        onClick={() => {
          setSearch('');
          onChange(EMPTY_FILTERS);
        }}
      >
        <X aria-hidden="true" />
        Cancella filtri
      </Button>
    </fieldset>
  );
}
