import { MESSAGES, ROSTER_LIMITS, type Role } from '@fantarift/core';
import { useCallback, useMemo, useState } from 'react';
import { useAdminPlayers } from '@/features/admin/shared/api/get-players';
import { CatalogueFilters } from '@/features/admin/shared/catalogue-filters';
import { HoldingsEditor, holdingSide } from '@/features/admin/shared/holdings-editor';
import { PlayerLine } from '@/features/admin/shared/player-line';
import { roleFilter } from '@/features/admin/shared/roles';
import { useAddRosterPlayer } from '../api/add-roster-player';
import { useRoster } from '../api/get-roster';
import { useRemoveRosterPlayer } from '../api/remove-roster-player';
import type { AdminRoster, ListedPlayer } from '../api/types';
import { RosterHoldingsDialog } from './roster-holdings-dialog';

export function RosterPlayersDialog({
  roster,
  onOpenChange,
}: {
  roster: AdminRoster | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <RosterHoldingsDialog roster={roster} onOpenChange={onOpenChange} what="giocatori">
      {(r) => <ManagePlayers roster={r} />}
    </RosterHoldingsDialog>
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

  const held: ListedPlayer[] = detail.data?.players ?? [];
  const heldIds = useMemo(() => new Set(held.map((p) => p.id)), [held]);
  const available = (players.data ?? []).filter((p) => !heldIds.has(p.id));
  const toVariables = (player: { id: string }) => ({
    rosterId: roster.id,
    leagueId: roster.leagueId,
    playerId: player.id,
  });

  return (
    <HoldingsEditor
      filters={
        <CatalogueFilters
          columns="sm:grid-cols-[1fr_9rem_12rem]"
          search={{ label: 'Cerca', placeholder: 'Nome del giocatore...', value: search, onChange: onSearch }}
          selects={[
            roleFilter(role, setRole),
            {
              label: 'Team',
              value: team,
              allLabel: 'Tutti i team',
              options: (detail.data?.leagueTeams ?? []).map((t) => ({ value: t, label: t })),
              onValueChange: setTeam,
            },
          ]}
        />
      }
      limit={ROSTER_LIMITS.players}
      fullMessage={MESSAGES.roster.maxPlayers}
      held={holdingSide(held, detail.isPending, remove, toVariables, {
        label: 'Giocatori nel roster',
        empty: 'Nessun giocatore.',
        success: MESSAGES.roster.playerRemoved,
        failure: MESSAGES.roster.removePlayerError,
      })}
      available={holdingSide(available, players.isPending, add, toVariables, {
        label: 'Giocatori disponibili',
        empty: MESSAGES.market.noPlayersFound,
        success: MESSAGES.roster.playerAdded,
        failure: MESSAGES.roster.addPlayerError,
      })}
      renderRow={(player, _side, action) => <PlayerLine key={player.id} player={player} action={action} />}
    />
  );
}
