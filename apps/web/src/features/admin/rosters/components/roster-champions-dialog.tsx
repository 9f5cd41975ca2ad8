import { MESSAGES, ROSTER_LIMITS, type Role } from '@fantarift/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { TierBadge } from '@/components/items/role-badge';
import { useAdminChampions } from '@/features/admin/shared/api/get-champions';
import { CatalogueFilters } from '@/features/admin/shared/catalogue-filters';
import { ChampionRoles } from '@/features/admin/shared/champion-roles';
import { HoldingsEditor, holdingSide } from '@/features/admin/shared/holdings-editor';
import { roleFilter } from '@/features/admin/shared/roles';
import { CHAMPION_TIER_OPTIONS } from '@/features/admin/shared/tiers';
import { cn } from '@/lib/utils';
import { useAddRosterChampion } from '../api/add-roster-champion';
import { useRoster } from '../api/get-roster';
import { useRemoveRosterChampion } from '../api/remove-roster-champion';
import type { AdminRoster, ListedChampion } from '../api/types';
import { RosterHoldingsDialog } from './roster-holdings-dialog';

interface ChampionLike {
  id: string;
  name: string;
  tier: number;
  cost: number;
  roles: Role[];
}

const MAX_ROLE_BADGES = 2;

function ChampionRow({
  champion,
  limitRoles,
  action,
}: {
  champion: ChampionLike;
  limitRoles?: boolean;
  action: ReactNode;
}) {
  return (
    <li
      className={cn(
        'flex items-center justify-between gap-2 rounded-md border px-3 py-2',
        champion.tier === 6 && 'border-brand/60 bg-brand/5',
      )}
    >
      <div className="min-w-0">
        <p className="truncate font-medium">{champion.name}</p>
        <p className="flex flex-wrap items-center gap-1.5 text-xs">
          <ChampionRoles roles={champion.roles} limit={limitRoles ? MAX_ROLE_BADGES : undefined} />
          <TierBadge tier={champion.tier} kind="champion" />
          <span className="text-muted-foreground tabular-nums">{champion.cost} BC</span>
        </p>
      </div>
      {action}
    </li>
  );
}

export function RosterChampionsDialog({
  roster,
  onOpenChange,
}: {
  roster: AdminRoster | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <RosterHoldingsDialog roster={roster} onOpenChange={onOpenChange} what="campioni">
      {(r) => <ManageChampions roster={r} />}
    </RosterHoldingsDialog>
  );
}

function ManageChampions({ roster }: { roster: AdminRoster }) {
  const detail = useRoster(roster.id);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [tier, setTier] = useState('');
  const champions = useAdminChampions({ search, role, tier });
  const add = useAddRosterChampion();
  const remove = useRemoveRosterChampion();
  const onSearch = useCallback((value: string) => setSearch(value), []);

  const held: ListedChampion[] = detail.data?.champions ?? [];
  const heldIds = useMemo(() => new Set(held.map((c) => c.id)), [held]);
  const available = (champions.data ?? []).filter((c) => !heldIds.has(c.id));
  const toVariables = (champion: { id: string }) => ({
    rosterId: roster.id,
    leagueId: roster.leagueId,
    championId: champion.id,
  });

  return (
    <HoldingsEditor
      filters={
        <CatalogueFilters
          columns="sm:grid-cols-[1fr_9rem_9rem]"
          search={{ label: 'Cerca', placeholder: 'Nome del campione...', value: search, onChange: onSearch }}
          selects={[
            roleFilter(role, setRole),
            {
              label: 'Tier',
              value: tier,
              allLabel: 'Tutti',
              options: CHAMPION_TIER_OPTIONS,
              onValueChange: setTier,
            },
          ]}
        />
      }
      limit={ROSTER_LIMITS.champions}
      fullMessage={MESSAGES.roster.maxChampions}
      held={holdingSide(held, detail.isPending, remove, toVariables, {
        label: 'Campioni nel roster',
        empty: 'Nessun campione.',
        success: MESSAGES.roster.championRemoved,
        failure: MESSAGES.roster.removeChampionError,
      })}
      available={holdingSide(available, champions.isPending, add, toVariables, {
        label: 'Campioni disponibili',
        empty: MESSAGES.market.noChampionsFound,
        success: MESSAGES.roster.championAdded,
        failure: MESSAGES.roster.addChampionError,
      })}
      renderRow={(champion, side, action) => (
        <ChampionRow
          key={champion.id}
          champion={champion}
          limitRoles={side === 'available'}
          action={action}
        />
      )}
    />
  );
}
