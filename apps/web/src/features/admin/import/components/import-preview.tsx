import { adminRoleLabel, IMPORT_MESSAGES as M } from '@fantarift/core';
import { AlertTriangle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import type { ImportSeries, ImportSummary, SeriesStatus } from '../api/import-oracles-elixir';

const STATUS_VARIANT: Record<SeriesStatus, 'brand' | 'secondary' | 'outline' | 'destructive'> = {
  new: 'brand',
  updated: 'secondary',
  unchanged: 'outline',
  skipped: 'destructive',
};

function teams(s: ImportSeries) {
  return `${s.team1 ?? s.fileTeams[0]} vs ${s.team2 ?? s.fileTeams[1]}`;
}

/** The series of the file as the import sees them: teams, date, score, format, week and status. */
export function SeriesTable({ series }: { series: ImportSeries[] }) {
  if (series.length === 0) return <p className="text-muted-foreground">{M.nothingToImport}</p>;
  return (
    <section aria-label={M.seriesTitle} className="flex flex-col gap-2">
      <h2 className="font-semibold text-lg">
        {M.seriesTitle} ({series.length})
      </h2>
      <div className="overflow-x-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{M.teams}</TableHead>
              <TableHead className="hidden sm:table-cell">{M.date}</TableHead>
              <TableHead>{M.score}</TableHead>
              <TableHead className="hidden sm:table-cell">{M.format}</TableHead>
              <TableHead className="hidden sm:table-cell">{M.week}</TableHead>
              <TableHead>{M.status}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {series.map((s) => (
              <TableRow key={`${s.startTime}-${s.fileTeams.join('-')}`}>
                <TableCell className="whitespace-normal font-medium">
                  {teams(s)}
                  <span className="block font-normal text-muted-foreground text-xs sm:hidden">
                    {formatDateTime(s.startTime)} · BO{s.format}
                    {s.week ? ` · ${s.week.name}` : ''}
                  </span>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">
                  {formatDateTime(s.startTime)}
                </TableCell>
                <TableCell className="tabular-nums">{s.score}</TableCell>
                <TableCell className="hidden sm:table-cell">BO{s.format}</TableCell>
                <TableCell className="hidden sm:table-cell">
                  {s.week ? (
                    <>
                      {s.week.name}
                      {s.week.created && (
                        <Badge variant="outline" className="ml-1">
                          {M.newWeek}
                        </Badge>
                      )}
                    </>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell className="whitespace-normal">
                  <Badge variant={STATUS_VARIANT[s.status]}>{M.statusLabels[s.status]}</Badge>
                  {s.reason && <span className="mt-1 block text-muted-foreground text-xs">{s.reason}</span>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

/** Each file team that matches none of the league's: a select of the league's teams (the teamMap). */
export function UnmatchedTeams({
  summary,
  teamMap,
  onChange,
  action,
}: {
  summary: ImportSummary;
  teamMap: Record<string, string>;
  onChange: (fileTeam: string, leagueTeam: string) => void;
  /** the button that previews again with the mapping */
  action: ReactNode;
}) {
  const id = useId();
  if (summary.unmatchedTeams.length === 0) return null;
  return (
    <section
      aria-label={M.unmatchedTitle}
      className="flex flex-col gap-3 rounded-md border border-brand/50 p-4"
    >
      <h2 className="font-semibold text-lg">{M.unmatchedTitle}</h2>
      <p className="text-muted-foreground text-sm">{M.unmatchedHint}</p>
      {summary.unmatchedTeams.map((team, i) => (
        <div key={team.name} className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
          <Label htmlFor={`${id}-${i}`} className="sm:w-56">
            {team.name} ({team.games} game)
          </Label>
          <Select value={teamMap[team.name] ?? ''} onValueChange={(v) => onChange(team.name, v)}>
            <SelectTrigger id={`${id}-${i}`} className="w-full sm:w-64">
              <SelectValue placeholder={M.chooseTeam} />
            </SelectTrigger>
            <SelectContent>
              {summary.leagueTeams.map((t) => (
                <SelectItem key={t} value={t}>
                  {t}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ))}
      {action}
    </section>
  );
}

export function NewPlayers({ summary }: { summary: ImportSummary }) {
  if (summary.newPlayers.length === 0) return null;
  return (
    <section aria-label={M.newPlayersTitle} className="flex flex-col gap-2">
      <h2 className="font-semibold text-lg">
        {M.newPlayersTitle} ({summary.newPlayers.length})
      </h2>
      <p className="text-muted-foreground text-sm">{M.newPlayersHint}</p>
      <ul className="flex flex-wrap gap-2">
        {summary.newPlayers.map((p) => (
          <li key={`${p.team}-${p.name}`}>
            <Badge variant="secondary">
              {p.name} · {p.team} · {adminRoleLabel(p.role)}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Warnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Alert>
      <AlertTriangle aria-hidden="true" />
      <AlertTitle>
        {M.warningsTitle} ({warnings.length})
      </AlertTitle>
      <AlertDescription>
        <ul className="list-disc space-y-1 pl-4 break-words">
          {warnings.slice(0, 200).map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}

export function Counts({ summary }: { summary: ImportSummary }) {
  const keys = Object.keys(M.counts) as (keyof typeof M.counts)[];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
      {keys.map((k) => (
        <div key={k} className="rounded-md border p-2">
          <dt className="text-muted-foreground text-xs">{M.counts[k]}</dt>
          <dd className="font-semibold tabular-nums">{summary.counts[k]}</dd>
        </div>
      ))}
    </dl>
  );
}
