import { championTierLabel, type Role, roleLabel } from '@fantarift/core';
import { Badge } from '@/components/ui/badge';

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="outline" className="font-semibold uppercase tracking-wide">
      {roleLabel(role)}
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
