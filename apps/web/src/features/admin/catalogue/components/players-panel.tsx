import { MESSAGES } from '@fantarift/core';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { RoleBadge } from '@/components/items/role-badge';
import type { AdminPlayer, PlayerFilters } from '@/features/admin/shared/api/catalogue-types';
import { useAdminPlayers } from '@/features/admin/shared/api/get-players';
import { CatalogueFilters } from '@/features/admin/shared/catalogue-filters';
import { type CatalogueColumn, CatalogueTable } from '@/features/admin/shared/catalogue-table';
import { DeleteDialog } from '@/features/admin/shared/delete-dialog';
import { ROLE_OPTIONS } from '@/features/admin/shared/roles';
import { useFilterState } from '@/features/admin/shared/use-filter-state';
import { useDeletePlayer } from '../api/delete-player';
import { PlayerFormDialog } from './player-form-dialog';

const COLUMNS: CatalogueColumn<AdminPlayer>[] = [
  {
    header: 'Nome',
    className: 'max-w-44 whitespace-normal',
    cell: (player) => (
      <>
        <span className="font-medium">{player.name}</span>
        <span className="block text-muted-foreground text-xs sm:hidden">
          {player.team} · Tier {player.tier} · {player.cost} PC
        </span>
      </>
    ),
  },
  { header: 'Team', className: 'hidden sm:table-cell', cell: (player) => player.team },
  { header: 'Ruolo', cell: (player) => <RoleBadge role={player.role} side="admin" /> },
  { header: 'Tier', className: 'hidden sm:table-cell', cell: (player) => `Tier ${player.tier}` },
  {
    header: 'Costo',
    className: 'hidden text-right tabular-nums sm:table-cell',
    cell: (player) => `${player.cost} PC`,
  },
];

/** Players management on the Teams page: list with filters, add, edit, delete. */
export function PlayersPanel({ teamNames }: { teamNames: string[] }) {
  const { filters, search, select } = useFilterState<PlayerFilters>({ search: '', role: '', team: '' });
  const players = useAdminPlayers(filters);
  const remove = useDeletePlayer();
  const [editing, setEditing] = useState<AdminPlayer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlayer | null>(null);

  return (
    <section className="grid gap-4" aria-label="Player">
      <CatalogueFilters
        add={{ label: 'Aggiungi Player', onClick: () => setEditing('new') }}
        columns="sm:grid-cols-[1fr_10rem_14rem]"
        search={search('Cerca player', 'Nome del player...')}
        selects={[
          select('role', 'Ruolo', 'Tutti i ruoli', ROLE_OPTIONS),
          select(
            'team',
            'Team',
            'Tutti i team',
            [...teamNames, MESSAGES.players.freeAgent].map((t) => ({ value: t, label: t })),
          ),
        ]}
      />
      <CatalogueTable
        query={players}
        loadError={MESSAGES.players.loadFailed}
        count={(n) => `${n} player`}
        columns={COLUMNS}
        rowKey={(player) => player.id}
        empty={MESSAGES.market.noPlayersFound}
        actions={(player) => [
          {
            icon: Pencil,
            label: `Modifica ${player.name} (${player.team})`,
            onClick: () => setEditing(player),
          },
          {
            icon: Trash2,
            label: `Elimina ${player.name} (${player.team})`,
            onClick: () => setDeleting(player),
            destructive: true,
          },
        ]}
      />
      <PlayerFormDialog
        player={editing}
        teamNames={teamNames}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={`Elimina ${deleting?.name ?? 'player'}`}
        description={MESSAGES.players.deleteConfirm}
        mutation={remove}
        variables={(player) => player.id}
        deleted={MESSAGES.players.deleted}
        failed={MESSAGES.players.deleteError}
      />
    </section>
  );
}
