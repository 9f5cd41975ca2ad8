import { MESSAGES, ROLES, type Role } from '@fantarift/core';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { RoleBadge } from '@/components/items/role-badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ConfirmDialog } from '@/features/admin/components/ui-extra/confirm-dialog';
import { SelectField } from '@/features/admin/leagues/components/select-field';
import { errorMessage } from '@/features/admin/leagues/lib/error-message';
import { useDeletePlayer } from '../api/delete-player';
import { useAdminPlayers } from '../api/get-players';
import type { AdminPlayer, PlayerFilters } from '../api/types';
import { PlayerFormDialog } from './player-form-dialog';
import { SearchInput } from './search-input';

/** Players management on the Teams page: list with filters, add, edit, delete. */
export function PlayersPanel({ teamNames }: { teamNames: string[] }) {
  const [filters, setFilters] = useState<PlayerFilters>({ search: '', role: '', team: '' });
  const players = useAdminPlayers(filters);
  const remove = useDeletePlayer();
  const [editing, setEditing] = useState<AdminPlayer | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlayer | null>(null);
  const onSearch = useCallback((search: string) => setFilters((f) => ({ ...f, search })), []);

  return (
    <section className="grid gap-4" aria-label="Player">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full grid-cols-2 gap-3 sm:w-auto sm:flex-1 sm:grid-cols-[1fr_10rem_14rem]">
          <SearchInput
            className="col-span-2 sm:col-span-1"
            label="Cerca player"
            placeholder="Nome del player..."
            value={filters.search ?? ''}
            onChange={onSearch}
          />
          <SelectField
            label="Ruolo"
            value={filters.role ?? ''}
            allLabel="Tutti i ruoli"
            onValueChange={(role) => setFilters((f) => ({ ...f, role: role as Role | '' }))}
            options={ROLES.map((r) => ({ value: r, label: r }))}
          />
          <SelectField
            label="Team"
            value={filters.team ?? ''}
            allLabel="Tutti i team"
            onValueChange={(team) => setFilters((f) => ({ ...f, team }))}
            options={[...teamNames, MESSAGES.players.freeAgent].map((t) => ({ value: t, label: t }))}
          />
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Aggiungi Player
        </Button>
      </div>
      {players.isPending ? (
        <Skeleton className="h-80 rounded-xl" />
      ) : players.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(players.error, MESSAGES.players.loadFailed)}
        </p>
      ) : (
        <div className="rounded-xl border bg-card">
          <p className="border-b px-4 py-2 text-muted-foreground text-sm" aria-live="polite">
            {players.data.length} player
          </p>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead className="hidden sm:table-cell">Team</TableHead>
                <TableHead>Ruolo</TableHead>
                <TableHead className="hidden sm:table-cell">Tier</TableHead>
                <TableHead className="hidden sm:table-cell text-right">Costo</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Azioni</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {players.data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={6} className="py-8 text-center text-muted-foreground">
                    {MESSAGES.market.noPlayersFound}
                  </TableCell>
                </TableRow>
              ) : (
                players.data.map((player) => (
                  <TableRow key={player.id}>
                    <TableCell className="max-w-44 whitespace-normal">
                      <span className="font-medium">{player.name}</span>
                      <span className="block text-muted-foreground text-xs sm:hidden">
                        {player.team} · Tier {player.tier} · {player.cost} PC
                      </span>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">{player.team}</TableCell>
                    <TableCell>
                      <RoleBadge role={player.role} />
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">Tier {player.tier}</TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">
                      {player.cost} PC
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Modifica ${player.name} (${player.team})`}
                          onClick={() => setEditing(player)}
                        >
                          <Pencil />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-destructive hover:text-destructive"
                          aria-label={`Elimina ${player.name} (${player.team})`}
                          onClick={() => setDeleting(player)}
                        >
                          <Trash2 />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}
      <PlayerFormDialog
        player={editing}
        teamNames={teamNames}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Elimina ${deleting?.name ?? 'player'}`}
        description={MESSAGES.players.deleteConfirm}
        confirmLabel="Elimina"
        pendingLabel="Eliminando..."
        pending={remove.isPending}
        destructive
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => {
              toast.success(message || MESSAGES.players.deleted);
              setDeleting(null);
            },
            onError: (err) => toast.error(errorMessage(err, MESSAGES.players.deleteError)),
          });
        }}
      />
    </section>
  );
}
