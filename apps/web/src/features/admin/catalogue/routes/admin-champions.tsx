import { MESSAGES } from '@fantarift/core';
import { Link2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { TierBadge } from '@/components/items/role-badge';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { BackToDashboard } from '@/features/admin/components/back-to-dashboard';
import type { AdminChampion, ChampionFilters } from '@/features/admin/shared/api/catalogue-types';
import { useAdminChampions } from '@/features/admin/shared/api/get-champions';
import { CatalogueFilters } from '@/features/admin/shared/catalogue-filters';
import { type CatalogueColumn, CatalogueTable } from '@/features/admin/shared/catalogue-table';
import { ChampionRoles } from '@/features/admin/shared/champion-roles';
import { DeleteDialog } from '@/features/admin/shared/delete-dialog';
import { pluralIt } from '@/features/admin/shared/plural';
import { ROLE_OPTIONS } from '@/features/admin/shared/roles';
import { CHAMPION_TIER_OPTIONS } from '@/features/admin/shared/tiers';
import { useFilterState } from '@/features/admin/shared/use-filter-state';
import { useDeleteChampion } from '../api/delete-champion';
import { ChampionFormDialog } from '../components/champion-form-dialog';
import { ChampionPerformancesDialog } from '../components/champion-performances-dialog';

const COLUMNS: CatalogueColumn<AdminChampion>[] = [
  {
    header: 'Nome',
    className: 'max-w-40 whitespace-normal font-medium',
    cell: (champion) => (
      <>
        {champion.name}
        <span className="mt-1 flex flex-wrap items-center gap-1 sm:hidden">
          <span className="font-normal text-muted-foreground text-xs tabular-nums">{champion.cost} BC</span>
          <ChampionRoles roles={champion.roles} />
        </span>
      </>
    ),
  },
  {
    header: 'Ruoli',
    className: 'hidden sm:table-cell',
    cell: (champion) => (
      <span className="flex flex-wrap gap-1">
        <ChampionRoles roles={champion.roles} />
      </span>
    ),
  },
  { header: 'Tier', cell: (champion) => <TierBadge tier={champion.tier} kind="champion" /> },
  {
    header: 'Costo',
    className: 'hidden text-right tabular-nums sm:table-cell',
    cell: (champion) => `${champion.cost} BC`,
  },
];

/** /admin/champions */
export function AdminChampionsRoute() {
  const { filters, search, select } = useFilterState<ChampionFilters>({ search: '', role: '', tier: '' });
  const champions = useAdminChampions(filters);
  const remove = useDeleteChampion();
  const [editing, setEditing] = useState<AdminChampion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminChampion | null>(null);
  const [linking, setLinking] = useState<AdminChampion | null>(null);

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
      <CatalogueFilters
        className="mb-4 rounded-lg border bg-card p-3"
        columns="sm:grid-cols-[1fr_10rem_10rem]"
        search={search('Cerca', 'Nome del campione...')}
        selects={[
          select('role', 'Ruolo', 'Tutti i ruoli', ROLE_OPTIONS),
          select('tier', 'Tier', 'Tutti i tier', CHAMPION_TIER_OPTIONS),
        ]}
      />
      <CatalogueTable
        query={champions}
        loadError={MESSAGES.champions.loadFailed}
        count={(n) => pluralIt(n, 'campione', 'campioni')}
        columns={COLUMNS}
        rowKey={(champion) => champion.id}
        empty={MESSAGES.market.noChampionsFound}
        skeletonClassName="h-96"
        actions={(champion) => [
          { icon: Link2, label: `Performance di ${champion.name}`, onClick: () => setLinking(champion) },
          { icon: Pencil, label: `Modifica ${champion.name}`, onClick: () => setEditing(champion) },
          {
            icon: Trash2,
            label: `Elimina ${champion.name}`,
            onClick: () => setDeleting(champion),
            destructive: true,
          },
        ]}
      />
      <ChampionFormDialog champion={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <ChampionPerformancesDialog champion={linking} onOpenChange={(open) => !open && setLinking(null)} />
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={`Elimina ${deleting?.name ?? 'campione'}`}
        description={MESSAGES.champions.deleteConfirm}
        mutation={remove}
        variables={(champion) => champion.id}
        deleted={MESSAGES.champions.deleted}
        failed={MESSAGES.champions.deleteError}
      />
    </>
  );
}
