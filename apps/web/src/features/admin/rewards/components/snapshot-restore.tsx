import { MESSAGES } from '@fantarift/core';
import { AlertCircle, ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { LeagueSelect } from '@/components/leagues/league-select';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { isApiError } from '@/lib/api-client';
import { formatDateTime, formatPoints } from '@/lib/format';
import { ConfirmDialog } from '../../components/ui-extra/confirm-dialog';
import { useAdminLeague } from '../../season/components/use-admin-league';
import { useSnapshots } from '../api/get-snapshots';
import { useRestoreSnapshot } from '../api/restore-snapshot';
import type { RosterSnapshot } from '../api/types';

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
  const restore = useRestoreSnapshot();
  const [selected, setSelected] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const snapshots = query.data ?? [];
  const chosen = snapshots.find((s) => s.id === selected) ?? null;

  const onRestore = () => {
    if (!league || !chosen) return;
    restore.mutate(
      { snapshotId: chosen.id, leagueId: league.id },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setConfirming(false);
        },
        onError: (err) =>
          toast.error(isApiError(err) && err.isClientError ? err.message : MESSAGES.recovery.restoreError),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Snapshot Automatici</h2>
        </CardTitle>
        <CardDescription>
          Snapshot presi a ogni cambio fase. Il ripristino riporta punti e monete di tutti i roster dello
          stesso snapshot.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
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
            <div className="max-h-[400px] overflow-y-auto rounded-md border">
              <Table>
                <caption className="sr-only">Snapshot della lega</caption>
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-10">
                      <span className="sr-only">Selezione</span>
                    </TableHead>
                    <TableHead>Data</TableHead>
                    <TableHead>Tipo</TableHead>
                    <TableHead>Fase</TableHead>
                    <TableHead>Utente</TableHead>
                    <TableHead className="text-right">Punti</TableHead>
                    <TableHead className="text-right">Monete</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
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
                </TableBody>
              </Table>
            </div>
            <div>
              <Button
                onClick={() => (chosen ? setConfirming(true) : toast.error(MESSAGES.recovery.selectSnapshot))}
                disabled={restore.isPending}
              >
                <ArchiveRestore aria-hidden="true" />
                Ripristina Snapshot
              </Button>
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Ripristina Snapshot"
        description={
          <>
            {chosen && (
              <span className="mb-2 block font-medium text-foreground">
                {formatDateTime(chosen.snapshotDate)} · {chosen.phaseName ?? chosen.snapshotType}
              </span>
            )}
            {MESSAGES.recovery.confirmRestore}
          </>
        }
        confirmLabel="Ripristina"
        pendingLabel="Ripristino..."
        pending={restore.isPending}
        destructive
        onConfirm={onRestore}
      />
    </Card>
  );
}
