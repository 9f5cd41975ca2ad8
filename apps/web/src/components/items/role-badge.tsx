import { adminRoleLabel, championTierLabel, type Role, roleLabel } from '@fantarift/core';
import { Badge } from '@/components/ui/badge';

/** A role as a badge: ADC reads "BOT" to participants, "ADC" on the admin pages (`side="admin"`). */
export function RoleBadge({ role, side = 'participant' }: { role: Role; side?: 'participant' | 'admin' }) {
  return (
    <Badge variant="outline" className="font-semibold uppercase tracking-wide">
      {side === 'admin' ? adminRoleLabel(role) : roleLabel(role)}
    </Badge>
  );
}

export function TierBadge({ tier, kind }: { tier: number; kind: 'player' | 'champion' }) {
  const label = kind === 'champion' ? championTierLabel(tier) : `Tier ${tier}`;
  return (
    <Badge variant={kind === 'champion' && tier === 6 ? 'brand' : 'secondary'} title={label}>
      {label}
    </Badge>
  );
}
