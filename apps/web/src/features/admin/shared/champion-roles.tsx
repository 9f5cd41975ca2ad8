import { adminRoleLabel, type Role } from '@fantarift/core';
import { Badge } from '@/components/ui/badge';

/** A champion's roles as badges (ADC as the admin pages name it); past `limit`, a "+N" badge. */
export function ChampionRoles({ roles, limit }: { roles: readonly Role[]; limit?: number }) {
  const shown = limit ? roles.slice(0, limit) : roles;
  const more = roles.length - shown.length;
  return (
    <>
      {shown.map((role) => (
        <Badge key={role} variant="outline">
          {adminRoleLabel(role)}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="secondary" title={roles.slice(shown.length).map(adminRoleLabel).join(', ')}>
          +{more}
        </Badge>
      )}
    </>
  );
}
