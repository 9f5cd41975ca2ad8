import { MESSAGES } from '@fantarift/core';
import { AlertCircle, Download, History, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableRow } from '@/components/ui/table';
import { SectionCard } from '@/features/admin/shared/section-card';
import { useAdminLeague } from '@/features/admin/shared/use-admin-league';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatPoints } from '@/lib/format';
import { LeagueFieldForm } from '../../shared/league-field-form';
import { ScrollTable } from '../../shared/scroll-table';
import { leaderboardHistoryCsvHref, useLeaderboardHistory } from '../api/get-leaderboard-history';
import { previewHistoryRestore, useRestoreHistory } from '../api/restore-history';
import { RestoreDialog } from './restore-dialog';
import { useRestoreFlow } from './use-restore-flow';

/** Yesterday as YYYY-MM-DD in the browser's calendar (the spec's default). */
export function yesterday(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Manual historical recovery: extract the leaderboard at a date, download it, restore it. */
export function HistoricalRecovery() {
  const picker = useAdminLeague();
  const { league } = picker;
  const [date, setDate] = useState(yesterday);
  const [error, setError] = useState<string | null>(null);
  const [request, setRequest] = useState<{ leagueId: string; date: string } | null>(null);
  const query = useLeaderboardHistory(request);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!league) return setError(MESSAGES.recovery.selectLeague);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError(MESSAGES.recovery.dateRequired);
    setError(null);
    setRequest({ leagueId: league.id, date });
  };

  const restore = useRestoreFlow(useRestoreHistory(), previewHistoryRestore, request);

  const rows = query.data ?? [];
  return (
    <SectionCard
      title="Recupero Storico"
      description="Ricostruisce la classifica com’era alla fine del giorno scelto (UTC) dai registri di punti e monete."
      contentClassName="flex flex-col gap-4"
    >
      <LeagueFieldForm
        onSubmit={submit}
        picker={picker}
        field={{
          label: 'Data',
          type: 'date',
          className: 'sm:w-48',
          value: date,
          invalid: error === MESSAGES.recovery.dateRequired,
          onChange: (e) => setDate(e.target.value),
        }}
        error={error}
      >
        <Button type="submit" disabled={query.isFetching}>
          <Search aria-hidden="true" />
          Estrai
        </Button>
      </LeagueFieldForm>
      {request &&
        (query.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : query.isError ? (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertTitle>
              {isApiError(query.error) && query.error.isClientError
                ? query.error.message
                : MESSAGES.recovery.extractError}
            </AlertTitle>
          </Alert>
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">{MESSAGES.recovery.noData}</p>
        ) : (
          <>
            <p className="text-muted-foreground text-sm">Classifica al {formatDate(request.date)}</p>
            <ScrollTable
              caption={`Classifica al ${formatDate(request.date)}`}
              head={
                <>
                  <TableHead className="w-12">Pos.</TableHead>
                  <TableHead>Utente</TableHead>
                  <TableHead className="text-right">Punti</TableHead>
                  <TableHead className="text-right">
                    <span className="sm:hidden">PC</span>
                    <span className="hidden sm:inline">Panda Coin</span>
                  </TableHead>
                  <TableHead className="text-right">
                    <span className="sm:hidden">BC</span>
                    <span className="hidden sm:inline">Burro Coin</span>
                  </TableHead>
                </>
              }
            >
              {rows.map((r) => (
                <TableRow key={r.rosterId}>
                  <TableCell className="font-medium">{r.position}</TableCell>
                  <TableCell>{r.username}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatPoints(r.totalPoints)}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.pandaCoin}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.burroCoin}</TableCell>
                </TableRow>
              ))}
            </ScrollTable>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <a
                  href={leaderboardHistoryCsvHref(request.leagueId, request.date)}
                  download={`classifica-${request.date}.csv`}
                >
                  <Download aria-hidden="true" />
                  Scarica CSV
                </a>
              </Button>
              <Button asChild variant="outline">
                <a
                  href={leaderboardHistoryCsvHref(request.leagueId, request.date, 'excel')}
                  download={`classifica-${request.date}-excel.csv`}
                >
                  <Download aria-hidden="true" />
                  Scarica CSV per Excel
                </a>
              </Button>
              <Button variant="destructive" onClick={restore.open} disabled={restore.pending}>
                <History aria-hidden="true" />
                Ripristina
              </Button>
            </div>
          </>
        ))}
      <RestoreDialog
        {...restore.dialog}
        title="Ripristina classifica"
        heading={`I roster com’erano alla fine del ${request ? formatDate(request.date) : ''}.`}
      />
    </SectionCard>
  );
}
