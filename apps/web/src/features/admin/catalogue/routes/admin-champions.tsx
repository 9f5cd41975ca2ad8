import { CHAMPION_TIERS, MESSAGES, ROLES, type Role } from '@fantarift/core';
import { Link2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { TierBadge } from '@/components/items/role-badge';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { BackToDashboard } from '@/features/admin/components/back-to-dashboard';
import { ConfirmDialog } from '@/features/admin/components/ui-extra/confirm-dialog';
import { SelectField } from '@/features/admin/leagues/components/select-field';
import { errorMessage } from '@/features/admin/leagues/lib/error-message';
import { useDeleteChampion } from '../api/delete-champion';
import { useAdminChampions } from '../api/get-champions';
import type { AdminChampion, ChampionFilters } from '../api/types';
import { ChampionFormDialog } from '../components/champion-form-dialog';
import { ChampionPerformancesDialog } from '../components/champion-performances-dialog';
import { SearchInput } from '../components/search-input';

const TIER_OPTIONS = CHAMPION_TIERS.map((t) => ({
  value: String(t),
  label: t === 6 ? '6 (Premium)' : String(t),
}));
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: r }));

/** /admin/champions */
export function AdminChampionsRoute() {
  const [filters, setFilters] = useState<ChampionFilters>({ search: '', role: '', tier: '' });
  const champions = useAdminChampions(filters);
  const remove = useDeleteChampion();
  const [editing, setEditing] = useState<AdminChampion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminChampion | null>(null);
  const [linking, setLinking] = useState<AdminChampion | null>(null);
  const onSearch = useCallback((search: string) => setFilters((f) => ({ ...f, search })), []);

  return (
    <>
      <BackToDashboard />
      <PageHeader
        title="Champions Management"
        description="Gestisci i campioni, i loro tier e ruoli e i link alle performance per lega."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" />
            Aggiungi Campione
          </Button>
        }
      />
      <div className="mb-4 grid grid-cols-2 gap-3 rounded-lg border bg-card p-3 sm:grid-cols-[1fr_10rem_10rem]">
        <SearchInput
          className="col-span-2 sm:col-span-1"
          label="Cerca"
          placeholder="Nome del campione..."
          value={filters.search ?? ''}
          onChange={onSearch}
        />
        <SelectField
          label="Ruolo"
          value={filters.role ?? ''}
          allLabel="Tutti i ruoli"
          onValueChange={(role) => setFilters((f) => ({ ...f, role: role as Role | '' }))}
          options={ROLE_OPTIONS}
        />
        <SelectField
          label="Tier"
          value={filters.tier ?? ''}
          allLabel="Tutti i tier"
          onValueChange={(tier) => setFilters((f) => ({ ...f, tier }))}
          options={TIER_OPTIONS}
        />
      </div>
      {champions.isPending ? (
        <Skeleton className="h-96 rounded-xl" />
      ) : champions.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(champions.error, MESSAGES.champions.loadFailed)}
        </p>
      ) : (
        <div className="rounded-xl border bg-card">
          <p className="border-b px-4 py-2 text-muted-foreground text-sm" aria-live="polite">
            {champions.data.length} campioni
          </p>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead className="hidden sm:table-cell">Ruoli</TableHead>
                <TableHead>Tier</TableHead>
                <TableHead className="hidden text-right sm:table-cell">Costo</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Azioni</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {champions.data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                    {MESSAGES.market.noChampionsFound}
                  </TableCell>
                </TableRow>
              ) : (
                champions.data.map((champion) => (
                  <TableRow key={champion.id}>
                    <TableCell className="max-w-40 whitespace-normal font-medium">
                      {champion.name}
                      <span className="mt-1 flex flex-wrap items-center gap-1 sm:hidden">
                        <span className="font-normal text-muted-foreground text-xs tabular-nums">
                          {champion.cost} BC
                        </span>
                        {champion.roles.map((role) => (
                          <Badge key={role} variant="outline">
                            {role}
                          </Badge>
                        ))}
                      </span>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <span className="flex flex-wrap gap-1">
                        {champion.roles.map((role) => (
                          <Badge key={role} variant="outline">
                            {role}
                          </Badge>
                        ))}
                      </span>
                    </TableCell>
                    <TableCell>
                      <TierBadge tier={champion.tier} kind="champion" />
                    </TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">
                      {champion.cost} BC
                    </TableCell>
                    <TableCell>
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Performance di ${champion.name}`}
                          onClick={() => setLinking(champion)}
                        >
                          <Link2 />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Modifica ${champion.name}`}
                          onClick={() => setEditing(champion)}
                        >
                          <Pencil />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          className="text-destructive hover:text-destructive"
                          aria-label={`Elimina ${champion.name}`}
                          onClick={() => setDeleting(champion)}
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
      <ChampionFormDialog champion={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ChampionPerformancesDialog champion={linking} onOpenChange={(open) => !open && setLinking(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Elimina ${deleting?.name ?? 'campione'}`}
        description={MESSAGES.champions.deleteConfirm}
        confirmLabel="Elimina"
        pendingLabel="Eliminando..."
        pending={remove.isPending}
        destructive
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: ({ message }) => {
              toast.success(message || MESSAGES.champions.deleted);
              setDeleting(null);
            },
            onError: (err) => toast.error(errorMessage(err, MESSAGES.champions.deleteError)),
          });
        }}
      />
    </>
  );
}
