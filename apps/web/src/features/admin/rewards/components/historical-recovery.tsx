import { MESSAGES } from '@fantarift/core';
import { AlertCircle, Download, History, Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { LeagueSelect } from '@/components/leagues/league-select';
import { TextField } from '@/components/text-field';
import { Alert, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatPoints } from '@/lib/format';
import { ConfirmDialog } from '../../components/ui-extra/confirm-dialog';
import { useAdminLeague } from '../../season/components/use-admin-league';
import { leaderboardHistoryCsvHref, useLeaderboardHistory } from '../api/get-leaderboard-history';
import { useRestoreHistory } from '../api/restore-history';

/** Yesterday as YYYY-MM-DD in the browser's calendar (the spec's default). */
export function yesterday(now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Manual historical recovery: extract the leaderboard at a date, download it, restore it. */
export function HistoricalRecovery() {
  const id = useId();
  const { leagues, league, setLeagueId } = useAdminLeague();
  const [date, setDate] = useState(yesterday);
  const [error, setError] = useState<string | null>(null);
  const [request, setRequest] = useState<{ leagueId: string; date: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const query = useLeaderboardHistory(request);
  const restore = useRestoreHistory();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!league) return setError(MESSAGES.recovery.selectLeague);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError(MESSAGES.recovery.dateRequired);
    setError(null);
    setRequest({ leagueId: league.id, date });
  };

  const onRestore = () => {
    if (!request) return;
    restore.mutate(request, {
      onSuccess: ({ message }) => {
        toast.success(message);
        setConfirming(false);
      },
      onError: (err) =>
        toast.error(isApiError(err) && err.isClientError ? err.message : MESSAGES.recovery.restoreError),
    });
  };

  const rows = query.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recupero Storico</h2>
        </CardTitle>
        <CardDescription>
          Ricostruisce la classifica com’era alla fine del giorno scelto (UTC) dai registri di punti e monete.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end"
        >
          <LeagueSelect leagues={leagues} value={league?.id} onChange={setLeagueId} />
          <TextField
            id={`${id}-date`}
            label="Data"
            type="date"
            className="sm:w-48"
            value={date}
            invalid={error === MESSAGES.recovery.dateRequired}
            errorId={`${id}-error`}
            onChange={(e) => setDate(e.target.value)}
          />
          <Button type="submit" disabled={query.isFetching}>
            <Search aria-hidden="true" />
            Estrai
          </Button>
        </form>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
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
              <div className="max-h-[400px] overflow-y-auto rounded-md border">
                <Table>
                  <caption className="sr-only">Classifica al {formatDate(request.date)}</caption>
                  <TableHeader>
                    <TableRow>
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
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.rosterId}>
                        <TableCell className="font-medium">{r.position}</TableCell>
                        <TableCell>{r.username}</TableCell>
                        <TableCell className="text-right tabular-nums">
                          {formatPoints(r.totalPoints)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{r.pandaCoin}</TableCell>
                        <TableCell className="text-right tabular-nums">{r.burroCoin}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
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
                <Button
                  variant="destructive"
                  onClick={() => setConfirming(true)}
                  disabled={restore.isPending}
                >
                  <History aria-hidden="true" />
                  Ripristina
                </Button>
              </div>
            </>
          ))}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Ripristina classifica"
        description={`Ripristinare punti e monete dei roster com’erano alla fine del ${
          request ? formatDate(request.date) : ''
        }? I valori attuali verranno sovrascritti. Questa azione non può essere annullata.`}
        confirmLabel="Ripristina"
        pendingLabel="Ripristino..."
        pending={restore.isPending}
        destructive
        onConfirm={onRestore}
      />
    </Card>
  );
}
