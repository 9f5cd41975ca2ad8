import { MESSAGES, ROLES, ROSTER_LIMITS, type Role } from '@fantarift/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { RoleBadge } from '@/components/items/role-badge';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminPlayers } from '@/features/admin/catalogue/api/get-players';
import { SearchInput } from '@/features/admin/catalogue/components/search-input';
import { SelectField } from '@/features/admin/leagues/components/select-field';
import { useAddRosterPlayer } from '../api/add-roster-player';
import { useRoster } from '../api/get-roster';
import { useRemoveRosterPlayer } from '../api/remove-roster-player';
import type { AdminRoster } from '../api/types';
import { EmptyLine, HoldingActionButton, HoldingList, HoldingsColumns } from './holdings-columns';
import { rosterTitle } from './roster-card';

interface PlayerLike {
  id: string;
  name: string;
  team: string;
  role: Role;
  tier: number;
}

function PlayerRow({ player, action }: { player: PlayerLike; action: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
      <div className="min-w-0">
        <p className="truncate font-medium">{player.name}</p>
        <p className="flex flex-wrap items-center gap-1.5 text-muted-foreground text-xs">
          <span className="truncate">{player.team}</span>
          <RoleBadge role={player.role} />
          <Badge variant="secondary">Tier {player.tier}</Badge>
        </p>
      </div>
      {action}
    </li>
  );
}

export function RosterPlayersDialog({
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
          <DialogTitle>Gestisci giocatori · {roster ? rosterTitle(roster) : ''}</DialogTitle>
          <DialogDescription>
            {roster?.username} · {roster?.leagueName}. I giocatori aggiunti qui non costano monete.
          </DialogDescription>
        </DialogHeader>
        {roster && <ManagePlayers roster={roster} />}
      </DialogContent>
    </Dialog>
  );
}

function ManagePlayers({ roster }: { roster: AdminRoster }) {
  const detail = useRoster(roster.id);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [team, setTeam] = useState('');
  const players = useAdminPlayers({ leagueId: roster.leagueId, search, role, team });
  const add = useAddRosterPlayer();
  const remove = useRemoveRosterPlayer();
  const onSearch = useCallback((value: string) => setSearch(value), []);

  const held = detail.data?.players ?? [];
  const heldIds = useMemo(() => new Set(held.map((p) => p.id)), [held]);
  const available = (players.data ?? []).filter((p) => !heldIds.has(p.id));
  const full = held.length >= ROSTER_LIMITS.players;
  const ids = { rosterId: roster.id, leagueId: roster.leagueId };

  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_9rem_12rem]">
        <SearchInput
          className="col-span-2 sm:col-span-1"
          label="Cerca"
          placeholder="Nome del giocatore..."
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
          label="Team"
          value={team}
          allLabel="Tutti i team"
          onValueChange={setTeam}
          options={(detail.data?.leagueTeams ?? []).map((t) => ({ value: t, label: t }))}
        />
      </div>
      <HoldingsColumns
        heldTitle={`Nel roster (${held.length}/${ROSTER_LIMITS.players})`}
        availableTitle={`Disponibili (${available.length})`}
        held={
          detail.isPending ? (
            <Skeleton className="h-40" />
          ) : (
            <HoldingList label="Giocatori nel roster">
              {held.length === 0 && <EmptyLine>Nessun giocatore.</EmptyLine>}
              {held.map((player) => (
                <PlayerRow
                  key={player.id}
                  player={player}
                  action={
                    <HoldingActionButton
                      action="remove"
                      itemName={player.name}
                      disabled={remove.isPending}
                      run={(handlers) => remove.mutate({ ...ids, playerId: player.id }, handlers)}
                      success={MESSAGES.roster.playerRemoved}
                      failure={MESSAGES.roster.removePlayerError}
                    />
                  }
                />
              ))}
            </HoldingList>
          )
        }
        available={
          players.isPending ? (
            <Skeleton className="h-40" />
          ) : (
            <>
              {full && <p className="text-muted-foreground text-xs">{MESSAGES.roster.maxPlayers}</p>}
              <HoldingList label="Giocatori disponibili">
                {available.length === 0 && <EmptyLine>{MESSAGES.market.noPlayersFound}</EmptyLine>}
                {available.map((player) => (
                  <PlayerRow
                    key={player.id}
                    player={player}
                    action={
                      <HoldingActionButton
                        action="add"
                        itemName={player.name}
                        title={full ? MESSAGES.roster.maxPlayers : undefined}
                        disabled={full || add.isPending}
                        run={(handlers) => add.mutate({ ...ids, playerId: player.id }, handlers)}
                        success={MESSAGES.roster.playerAdded}
                        failure={MESSAGES.roster.addPlayerError}
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
