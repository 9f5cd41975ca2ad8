import type { Role } from '@fantarift/core';
import type { ReactNode } from 'react';
import { RoleBadge } from '@/components/items/role-badge';
import { Badge } from '@/components/ui/badge';

/** One player in an admin list: name, then team, role and tier; the row's button at the end. */
export function PlayerLine({
  player,
  action,
}: {
  player: { name: string; team: string; role: Role; tier: number };
  action: ReactNode;
}) {
  return (
    <li className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium">{player.name}</p>
        <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
          <span className="truncate">{player.team}</span>
          <RoleBadge role={player.role} side="admin" />
          <Badge variant="secondary">Tier {player.tier}</Badge>
        </p>
      </div>
      {action}
    </li>
  );
}
