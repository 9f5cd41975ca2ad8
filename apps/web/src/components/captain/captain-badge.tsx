import { MESSAGES } from '@fantarift/core';
import { Badge } from '@/components/ui/badge';

/** "C" or "V" beside a player (issue 29), with the role spelled out for screen readers and on hover. */
export function CaptainBadge({ role }: { role: 'captain' | 'vice' }) {
  const label = role === 'captain' ? MESSAGES.captain.title : MESSAGES.captain.vice;
  return (
    <Badge variant={role === 'captain' ? 'brand' : 'secondary'} title={label} aria-label={label}>
      {role === 'captain' ? MESSAGES.captain.captainShort : MESSAGES.captain.viceShort}
    </Badge>
  );
}

/** The mark of a player among a choice: captain, vice or none. */
export function captainRoleOf(
  playerId: string,
  choice: { captainPlayerId: string | null; viceCaptainPlayerId: string | null } | null | undefined,
): 'captain' | 'vice' | null {
  if (!choice) return null;
  if (choice.captainPlayerId === playerId) return 'captain';
  if (choice.viceCaptainPlayerId === playerId) return 'vice';
  return null;
}
