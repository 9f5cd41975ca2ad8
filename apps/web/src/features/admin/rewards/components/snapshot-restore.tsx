import { MESSAGES } from '@fantarift/core';
import { AlertCircle, ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LeagueSelect } from '@/components/leagues/league-select';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { SectionCard } from '@/features/admin/shared/section-card';
import { useAdminLeague } from '@/features/admin/shared/use-admin-league';
import { formatDateTime, formatPoints } from '@/lib/format';
import { ScrollTable } from '../../shared/scroll-table';
import { useSnapshots } from '../api/get-snapshots';
import { previewSnapshotRestore, useRestoreSnapshot } from '../api/restore-snapshot';
import type { RosterSnapshot } from '../api/types';
import { RestoreDialog } from './restore-dialog';
import { useRestoreFlow } from './use-restore-flow';

function snapshotValues(snapshot: RosterSnapshot) {
  const data = (
    typeof snapshot.rosterData === 'object' && snapshot.rosterData !== null ? snapshot.rosterData : {}
  ) as Record<string, unknown>;
  return {
    points: Number(data.total_points ?? data.totalPoints ?? 0),
    panda: Number(data.panda_coin ?? data.pandaCoin ?? 0),
    burro: Number(data.burro_coin ?? data.burroCoin ?? 0),
  };
}

/** Automatic snapshots of a league (newest first); one is chosen and restored after a prompt. */
export function SnapshotRestore() {
  const { leagues, league, setLeagueId } = useAdminLeague();
  const query = useSnapshots(league?.id);
  const [selected, setSelected] = useState<string | null>(null);
  const snapshots = query.data ?? [];
  const chosen = snapshots.find((s) => s.id === selected) ?? null;

  const restore = useRestoreFlow(
    useRestoreSnapshot(),
    previewSnapshotRestore,
    league && chosen ? { snapshotId: chosen.id, leagueId: league.id } : null,
  );

  return (
    <SectionCard
      title="Snapshot Automatici"
      description="Snapshot presi a ogni cambio fase. Il ripristino riporta tutti i roster dello stesso snapshot a quel momento: punti, monete e roster insieme, o solo i punti."
      contentClassName="flex flex-col gap-4"
    >
      <LeagueSelect
        leagues={leagues}
        value={league?.id}
        onChange={(leagueId) => {
          setSelected(null);
          setLeagueId(leagueId);
        }}
      />
      {!league ? (
        <p className="text-muted-foreground text-sm">
          {MESSAGES.recovery.selectLeague} per caricare gli snapshot.
        </p>
      ) : query.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : query.isError ? (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertTitle>{MESSAGES.recovery.snapshotsLoadError}</AlertTitle>
        </Alert>
      ) : snapshots.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nessuno snapshot per questa lega.</p>
      ) : (
        <>
          <ScrollTable
            caption="Snapshot della lega"
            head={
              <>
                <TableHead className="w-10">
                  <span className="sr-only">Selezione</span>
                </TableHead>
                <TableHead>Data</TableHead>
                <TableHead>Tipo</TableHead>
                <TableHead>Fase</TableHead>
                <TableHead>Utente</TableHead>
                <TableHead className="text-right">Punti</TableHead>
                <TableHead className="text-right">Monete</TableHead>
              </>
            }
          >
            {snapshots.map((s) => {
              const v = snapshotValues(s);
              return (
                <TableRow key={s.id} data-state={s.id === selected ? 'selected' : undefined}>
                  <TableCell>
                    <input
                      type="radio"
                      name="snapshot"
                      className="size-4 accent-primary"
                      checked={s.id === selected}
                      onChange={() => setSelected(s.id)}
                      aria-label={`Snapshot di ${s.username} del ${formatDateTime(s.snapshotDate)}`}
                    />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatDateTime(s.snapshotDate)}</TableCell>
                  <TableCell>
                    <Badge variant="outline">{s.snapshotType}</Badge>
                  </TableCell>
                  <TableCell>{s.phaseName ?? '—'}</TableCell>
                  <TableCell>{s.username}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatPoints(v.points)}</TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {v.panda} PC · {v.burro} BC
                  </TableCell>
                </TableRow>
              );
            })}
          </ScrollTable>
          <div>
            <Button
              onClick={() => (chosen ? restore.open() : toast.error(MESSAGES.recovery.selectSnapshot))}
              disabled={restore.pending}
            >
              <ArchiveRestore aria-hidden="true" />
              Ripristina Snapshot
            </Button>
          </div>
        </>
      )}
      <RestoreDialog
        {...restore.dialog}
        title="Ripristina Snapshot"
        heading={
          chosen ? `${formatDateTime(chosen.snapshotDate)} · ${chosen.phaseName ?? chosen.snapshotType}` : ''
        }
      />
    </SectionCard>
  );
}
