import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableCell, TableHead } from '@/components/ui/table';
import { formatPoints } from '@/lib/format';
import { RewardTierBadge } from './reward-tier-badge';

/** A distributed week of rewards: "Settimana N", its participants and total, its table as children. */
export function RewardWeekCard({
  weekNumber,
  participants,
  total,
  heading: Heading = 'h3',
  children,
}: {
  weekNumber: number;
  participants: number;
  total: number;
  heading?: 'h2' | 'h3';
  children: ReactNode;
}) {
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle>
          <Heading>Settimana {weekNumber}</Heading>
        </CardTitle>
        <CardDescription>
          {participants} partecipanti · totale {total} BC
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4">{children}</CardContent>
    </Card>
  );
}

/**
 * The first four head cells of a reward table: position, manager, tier, points. Below sm the tier
 * and the points fold under the manager (see `RewardRowCells`), so that the amount, its "Salva"
 * and the bonus that follow stay on a 375 px screen.
 */
export function RewardHeadCells() {
  return (
    <>
      <TableHead className="w-12">Pos.</TableHead>
      <TableHead>Manager</TableHead>
      <TableHead className="hidden sm:table-cell">Tier</TableHead>
      <TableHead className="hidden text-right sm:table-cell">Punti</TableHead>
    </>
  );
}

/** The first four cells of a reward row, matching `RewardHeadCells`. */
export function RewardRowCells({
  position,
  username,
  tier,
  points,
}: {
  position: number;
  username: string;
  tier: string;
  points: number;
}) {
  return (
    <>
      <TableCell className="font-medium">{position}</TableCell>
      {/* on a phone the manager takes all the width the other columns leave (w-full) and never
          more (max-w-0): a long name truncates, the tier and points line wraps */}
      <TableCell className="w-full max-w-0 sm:w-auto sm:max-w-40">
        <span className="block truncate" title={username}>
          {username}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 whitespace-normal text-muted-foreground text-xs sm:hidden">
          <RewardTierBadge tier={tier} />
          <span className="tabular-nums">{formatPoints(points)} punti</span>
        </span>
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <RewardTierBadge tier={tier} />
      </TableCell>
      <TableCell className="hidden text-right tabular-nums sm:table-cell">{formatPoints(points)}</TableCell>
    </>
  );
}
