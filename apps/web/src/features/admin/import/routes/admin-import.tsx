import { IMPORT_MESSAGES as M } from '@fantarift/core';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useLeagues } from '@/api/get-leagues';
import { LeagueSelect } from '@/components/leagues/league-select';
import { PageHeader } from '@/components/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useLeagueParam } from '@/hooks/use-league-param';
import { isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { BackToDashboard } from '../../components/back-to-dashboard';
import { Checkbox } from '../../components/ui-extra/checkbox';
import { adminJobKey, useAdminJob } from '../../shared/api/get-admin-job';
import { isRunningJob, JobProgress, useJobFinished } from '../../shared/job-progress';
import {
  type ImportProgress,
  type ImportSource,
  type ImportSummary,
  importOraclesElixir,
} from '../api/import-oracles-elixir';
import { Counts, NewPlayers, SeriesTable, UnmatchedTeams, Warnings } from '../components/import-preview';

type Busy = null | { action: 'preview' | 'import'; progress: ImportProgress | null };

/** /admin/import: upload an Oracle's Elixir match-data CSV, preview what changes, then import it. */
export function AdminImportRoute() {
  const ids = { file: useId(), source: useId(), from: useId(), to: useId(), incomplete: useId() };
  const queryClient = useQueryClient();
  const leaguesQuery = useLeagues();
  const [leagueId, setLeagueId] = useLeagueParam();
  const leagues = leaguesQuery.data ?? [];
  const league = leagues.find((l) => l.id === leagueId);
  const [file, setFile] = useState<File | null>(null);
  const [sources, setSources] = useState<ImportSource[]>([]);
  const [source, setSource] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [includeIncomplete, setIncludeIncomplete] = useState(false);
  const [teamMap, setTeamMap] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImportSummary | null>(null);
  const [result, setResult] = useState<ImportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const abort = useRef<AbortController | null>(null);
  // the league's import as the server runs it: this page's own, or one started elsewhere
  const job = useAdminJob(league?.id, 'import', busy?.action === 'import').data;
  const jobRunning = job?.status === 'running';
  useJobFinished(job, () => {
    if (!league) return;
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard(league.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.roster(league.id) }),
    ]);
  });

  const reset = () => {
    setPreview(null);
    setResult(null);
    setError(null);
  };

  async function run(dryRun: boolean) {
    if (!league || !file) return;
    setError(null);
    setResult(null);
    setBusy({ action: dryRun ? 'preview' : 'import', progress: null });
    abort.current = new AbortController();
    try {
      const summary = await importOraclesElixir(
        {
          leagueId: league.id,
          file,
          source: source || undefined,
          from: from || undefined,
          to: to || undefined,
          dryRun,
          teamMap,
          includeIncomplete,
        },
        (progress) => setBusy({ action: dryRun ? 'preview' : 'import', progress }),
        abort.current.signal,
      );
      setSources(summary.sources);
      setSource(summary.source);
      if (dryRun) {
        setPreview(summary);
      } else {
        setPreview(null);
        setResult(summary);
        const c = summary.counts;
        toast.success(M.done(c.matchesCreated, c.matchesUpdated, c.matchesUnchanged));
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: ['admin'] }),
          queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard(league.id) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.roster(league.id) }),
        ]);
      }
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return;
      if (isApiError(err, 409) && isRunningJob(err.details)) {
        // another admin's import of this league: shown here instead of starting a second one
        queryClient.setQueryData(adminJobKey(league.id, 'import'), err.details.job);
        toast.error(err.message);
        return;
      }
      const details = isApiError(err) ? (err.details as { sources?: ImportSource[] } | undefined) : undefined;
      if (details?.sources) setSources(details.sources);
      setPreview(null);
      setError(err instanceof Error ? err.message : String(err));
      if (!dryRun) toast.error(err instanceof Error ? err.message : M.uploadFailed);
    } finally {
      setBusy(null);
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: adminJobKey(league.id, 'import') });
    }
  }

  const canImport = Boolean(preview && preview.unmatchedTeams.length === 0 && !busy && !jobRunning);
  const progressText = (() => {
    if (!busy) return null;
    const p = busy.progress;
    if (p?.phase === 'upload') return M.uploading(p.percent);
    return busy.action === 'import' ? M.importing : M.analysing;
  })();

  return (
    <>
      <BackToDashboard />
      <PageHeader title={M.pageTitle} description={M.pageDescription} />
      <div className="flex flex-col gap-6">
        <div className="grid gap-4 md:grid-cols-2">
          {leaguesQuery.isPending ? (
            <Skeleton className="h-14 w-72 max-w-full" />
          ) : (
            <LeagueSelect
              leagues={leagues}
              value={league?.id}
              onChange={(id) => {
                setLeagueId(id);
                setTeamMap({});
                reset();
              }}
            />
          )}
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={ids.file}>{M.file}</Label>
            <Input
              id={ids.file}
              type="file"
              accept=".csv,text/csv"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setSources([]);
                setSource('');
                setTeamMap({});
                reset();
              }}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={ids.source}>{M.source}</Label>
            <Select
              value={source}
              onValueChange={(v) => {
                setSource(v);
                reset();
              }}
              disabled={sources.length === 0}
            >
              <SelectTrigger id={ids.source} className="w-full min-w-0 sm:w-72">
                <SelectValue placeholder="—" />
              </SelectTrigger>
              <SelectContent>
                {sources.map((s) => (
                  <SelectItem key={s.league} value={s.league}>
                    {M.sourceOption(s.league, s.games)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={ids.from}>{M.from}</Label>
              <Input
                id={ids.from}
                type="date"
                value={from}
                onChange={(e) => {
                  setFrom(e.target.value);
                  reset();
                }}
              />
            </div>
            <div className="flex min-w-0 flex-col gap-1.5">
              <Label htmlFor={ids.to}>{M.to}</Label>
              <Input
                id={ids.to}
                type="date"
                value={to}
                onChange={(e) => {
                  setTo(e.target.value);
                  reset();
                }}
              />
            </div>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id={ids.incomplete}
              checked={includeIncomplete}
              onCheckedChange={(v) => {
                setIncludeIncomplete(v === true);
                reset();
              }}
            />
            <Label htmlFor={ids.incomplete}>{M.includeIncomplete}</Label>
          </div>
        </div>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <Button variant="outline" disabled={!league || !file || busy !== null} onClick={() => run(true)}>
            {M.preview}
          </Button>
          <Button disabled={!canImport} onClick={() => run(false)}>
            {M.import}
          </Button>
          {progressText && !jobRunning && (
            <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              {progressText}
            </p>
          )}
        </div>
        {league && <JobProgress job={job} kind="import" />}
        {busy?.progress?.phase === 'upload' && !jobRunning && (
          <progress
            className="h-2 w-full"
            max={100}
            value={busy.progress.percent}
            aria-label={progressText ?? ''}
          />
        )}

        {error && (
          <Alert variant="destructive">
            <AlertCircle aria-hidden="true" />
            <AlertTitle>{M.uploadFailed}</AlertTitle>
            <AlertDescription className="break-words">{error}</AlertDescription>
          </Alert>
        )}

        {result && (
          <section aria-label={M.summaryTitle} className="flex flex-col gap-3">
            <h2 className="flex items-center gap-2 font-semibold text-lg">
              <CheckCircle2 aria-hidden="true" className="size-5 text-success" />
              {M.summaryTitle}
            </h2>
            <Counts summary={result} />
            <SeriesTable series={result.series} />
            <Warnings warnings={result.warnings} />
          </section>
        )}

        {preview && (
          <section aria-label={M.preview} className="flex flex-col gap-4">
            <p className="text-muted-foreground text-sm">{M.previewHint}</p>
            <Counts summary={preview} />
            <UnmatchedTeams
              summary={preview}
              teamMap={teamMap}
              onChange={(fileTeam, leagueTeam) => setTeamMap((m) => ({ ...m, [fileTeam]: leagueTeam }))}
              action={
                <Button
                  variant="outline"
                  className="self-start"
                  disabled={busy !== null || preview.unmatchedTeams.some((t) => !teamMap[t.name])}
                  onClick={() => run(true)}
                >
                  {M.preview}
                </Button>
              }
            />
            <SeriesTable series={preview.series} />
            <NewPlayers summary={preview} />
            <Warnings warnings={preview.warnings} />
          </section>
        )}
      </div>
    </>
  );
}
