import { ROSTER_LIMITS } from '@fantarift/core';
import { Pencil, Swords, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPoints } from '@/lib/format';
import type { AdminRoster } from '../api/types';

export const rosterTitle = (roster: { id: string }) => `Roster #${roster.id.slice(0, 8)}`;

interface RosterCardProps {
  roster: AdminRoster;
  onEdit: () => void;
  onPlayers: () => void;
  onChampions: () => void;
}

export function RosterCard({ roster, onEdit, onPlayers, onChampions }: RosterCardProps) {
  const title = rosterTitle(roster);
  const stats: [string, string][] = [
    ['Giocatori', `${roster.playerCount}/${ROSTER_LIMITS.players}`],
    ['Campioni', `${roster.championCount}/${ROSTER_LIMITS.champions}`],
    ['Panda Coin', String(roster.pandaCoin)],
    ['Burro Coin', String(roster.burroCoin)],
  ];
  return (
    <Card className="h-full gap-3">
      <CardHeader className="gap-1">
        <CardTitle>
          <h2 className="font-mono text-base">{title}</h2>
        </CardTitle>
        <p className="truncate text-sm">
          <span className="font-medium">{roster.username}</span>
          <span className="text-muted-foreground"> · {roster.leagueName}</span>
        </p>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <div className="col-span-2 mb-1 flex items-baseline justify-between gap-2 rounded-md bg-muted px-2.5 py-1.5">
            <dt className="text-muted-foreground">Punti totali</dt>
            <dd className="font-bold text-base tabular-nums">{formatPoints(roster.totalPoints)}</dd>
          </div>
          {stats.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-2">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
      <CardFooter className="mt-auto grid grid-cols-3 gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Modifica numeri di ${title}`}>
          <Pencil aria-hidden="true" />
          <span className="max-sm:sr-only">Modifica</span>
        </Button>
        <Button variant="outline" size="sm" onClick={onPlayers} aria-label={`Gestisci giocatori di ${title}`}>
          <Users aria-hidden="true" />
          <span className="max-sm:sr-only">Giocatori</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onChampions}
          aria-label={`Gestisci campioni di ${title}`}
        >
          <Swords aria-hidden="true" />
          <span className="max-sm:sr-only">Campioni</span>
        </Button>
      </CardFooter>
    </Card>
  );
}
