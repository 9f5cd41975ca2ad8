import { CHAMPION_TIERS, MESSAGES, ROLES, ROSTER_LIMITS, type Role } from '@fantarift/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { TierBadge } from '@/components/items/role-badge';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminChampions } from '@/features/admin/catalogue/api/get-champions';
import { SearchInput } from '@/features/admin/catalogue/components/search-input';
import { SelectField } from '@/features/admin/leagues/components/select-field';
import { cn } from '@/lib/utils';
import { useAddRosterChampion } from '../api/add-roster-champion';
import { useRoster } from '../api/get-roster';
import { useRemoveRosterChampion } from '../api/remove-roster-champion';
import type { AdminRoster } from '../api/types';
import { EmptyLine, HoldingActionButton, HoldingList, HoldingsColumns } from './holdings-columns';
import { rosterTitle } from './roster-card';

interface ChampionLike {
  id: string;
  name: string;
  tier: number;
  cost: number;
  roles: Role[];
}

const MAX_ROLE_BADGES = 2;

export function ChampionRoles({ roles, limit }: { roles: Role[]; limit?: number }) {
  const shown = limit ? roles.slice(0, limit) : roles;
  const more = roles.length - shown.length;
  return (
    <>
      {shown.map((role) => (
        <Badge key={role} variant="outline">
          {role}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="secondary" title={roles.slice(shown.length).join(', ')}>
          +{more}
        </Badge>
      )}
    </>
  );
}

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
    <Dialog open={roster !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>Gestisci campioni · {roster ? rosterTitle(roster) : ''}</DialogTitle>
          <DialogDescription>
            {roster?.username} · {roster?.leagueName}. I campioni aggiunti qui non costano monete.
          </DialogDescription>
        </DialogHeader>
        {roster && <ManageChampions roster={roster} />}
      </DialogContent>
    </Dialog>
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

  const held = detail.data?.champions ?? [];
  const heldIds = useMemo(() => new Set(held.map((c) => c.id)), [held]);
  const available = (champions.data ?? []).filter((c) => !heldIds.has(c.id));
  const full = held.length >= ROSTER_LIMITS.champions;
  const ids = { rosterId: roster.id, leagueId: roster.leagueId };

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_9rem_9rem]">
        <SearchInput
          className="col-span-2 sm:col-span-1"
          label="Cerca"
          placeholder="Nome del campione..."
          value={search}
          onChange={onSearch}
        />
        <SelectField
          label="Ruolo"
          value={role}
          allLabel="Tutti"
          onValueChange={(v) => setRole(v as Role | '')}
          options={ROLES.map((r) => ({ value: r, label: r }))}
        />
        <SelectField
          label="Tier"
          value={tier}
          allLabel="Tutti"
          onValueChange={setTier}
          options={CHAMPION_TIERS.map((t) => ({
            value: String(t),
            label: t === 6 ? '6 (Premium)' : String(t),
          }))}
        />
      </div>
      <HoldingsColumns
        heldTitle={`Nel roster (${held.length}/${ROSTER_LIMITS.champions})`}
        availableTitle={`Disponibili (${available.length})`}
        held={
          detail.isPending ? (
            <Skeleton className="h-40" />
          ) : (
            <HoldingList label="Campioni nel roster">
              {held.length === 0 && <EmptyLine>Nessun campione.</EmptyLine>}
              {held.map((champion) => (
                <ChampionRow
                  key={champion.id}
                  champion={champion}
                  action={
                    <HoldingActionButton
                      action="remove"
                      itemName={champion.name}
                      disabled={remove.isPending}
                      run={(handlers) => remove.mutate({ ...ids, championId: champion.id }, handlers)}
                      success={MESSAGES.roster.championRemoved}
                      failure={MESSAGES.roster.removeChampionError}
                    />
                  }
                />
              ))}
            </HoldingList>
          )
        }
        available={
          champions.isPending ? (
            <Skeleton className="h-40" />
          ) : (
            <>
              {full && (
                <p role="status" className="text-destructive text-xs">
                  {MESSAGES.roster.maxChampions}
                </p>
              )}
              <HoldingList label="Campioni disponibili">
                {available.length === 0 && <EmptyLine>{MESSAGES.market.noChampionsFound}</EmptyLine>}
                {available.map((champion) => (
                  <ChampionRow
                    key={champion.id}
                    champion={champion}
                    limitRoles
                    action={
                      <HoldingActionButton
                        action="add"
                        itemName={champion.name}
                        title={full ? MESSAGES.roster.maxChampions : undefined}
                        disabled={full || add.isPending}
                        run={(handlers) => add.mutate({ ...ids, championId: champion.id }, handlers)}
                        success={MESSAGES.roster.championAdded}
                        failure={MESSAGES.roster.addChampionError}
                      />
                    }
                  />
                ))}
              </HoldingList>
            </>
          )
        }
      />
    </div>
  );
}
