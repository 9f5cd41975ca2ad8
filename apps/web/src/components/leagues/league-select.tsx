import { useId } from 'react';
import type { League } from '@/api/types';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

interface LeagueSelectProps {
  leagues: readonly League[];
  value: string | undefined;
  onChange: (leagueId: string) => void;
  className?: string;
}

export function LeagueSelect({ leagues, value, onChange, className }: LeagueSelectProps) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id}>Lega</Label>
      <Select value={value ?? ''} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full min-w-0 sm:w-72">
          {/* the chosen league's name given here, not taken from the closed list: the server paints it too */}
          <SelectValue placeholder="Seleziona una lega">
            {leagues.find((league) => league.id === value)?.name}
          </SelectValue>
        </SelectTrigger>
        <SelectContent>
          {leagues.map((league) => (
            <SelectItem key={league.id} value={league.id}>
              {league.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
