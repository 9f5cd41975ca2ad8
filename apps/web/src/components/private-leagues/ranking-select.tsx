import { useId } from 'react';
import { useMyPrivateLeagues } from '@/api/private-leagues';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

const OFFICIAL = 'official';

/** A private league as the choice names it. */
const label = (pl: { name: string; format: string } | undefined) =>
  pl && `${pl.name} (${pl.format === 'h2h' ? 'scontri diretti' : 'privata'})`;

interface RankingSelectProps {
  leagueId: string;
  /** the private league shown, or undefined for the official ranking */
  value: string | undefined;
  onChange: (privateLeagueId: string | undefined) => void;
}

/** The leaderboard page's choice: the official league's ranking or one of my private leagues in it. */
export function RankingSelect({ leagueId, value, onChange }: RankingSelectProps) {
  const id = useId();
  const { data } = useMyPrivateLeagues();
  const options = data?.filter((pl) => pl.leagueId === leagueId) ?? [];
  if (options.length === 0 && !value) return null;
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>Classifica</Label>
      <Select value={value ?? OFFICIAL} onValueChange={(v) => onChange(v === OFFICIAL ? undefined : v)}>
        <SelectTrigger id={id} className="w-full min-w-0 sm:w-72">
          {/* the choice's label given here, not taken from the closed list: the server paints it too */}
          <SelectValue>
            {value ? (label(options.find((pl) => pl.id === value)) ?? 'Lega privata') : 'Lega ufficiale'}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={OFFICIAL}>Lega ufficiale</SelectItem>
          {options.map((pl) => (
            <SelectItem key={pl.id} value={pl.id}>
              {label(pl)}
            </SelectItem>
          ))}
          {value && !options.some((pl) => pl.id === value) && (
            <SelectItem value={value}>Lega privata</SelectItem>
          )}
        </SelectContent>
      </Select>
    </div>
  );
}
