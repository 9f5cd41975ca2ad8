import { type Role, roleLabel } from '@fantarift/core';
import { Badge } from '@/components/ui/badge';

/** A champion's roles as badges (BOT for ADC, as everywhere); past `limit`, a "+N" badge. */
export function ChampionRoles({ roles, limit }: { roles: readonly Role[]; limit?: number }) {
  const shown = limit ? roles.slice(0, limit) : roles;
  const more = roles.length - shown.length;
  return (
    <>
      {shown.map((role) => (
        <Badge key={role} variant="outline">
          {roleLabel(role)}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="secondary" title={roles.slice(shown.length).map(roleLabel).join(', ')}>
          +{more}
        </Badge>
      )}
    </>
  );
}
