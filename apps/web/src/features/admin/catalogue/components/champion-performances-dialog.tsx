import { MESSAGES } from '@fantarift/core';
import { ExternalLink, Pencil, Save, Trash2, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import type { AdminChampion, ChampionPerformance } from '@/features/admin/shared/api/catalogue-types';
import { useAdminLeagues } from '@/features/admin/shared/api/get-admin-leagues';
import { errorMessage } from '@/features/admin/shared/error-message';
import { ManageDialog } from '@/features/admin/shared/manage-dialog';
import { SelectField } from '@/features/admin/shared/select-field';
import { useDeletePerformance } from '../api/delete-performance';
import { usePerformances } from '../api/get-performances';
import { useSavePerformance } from '../api/save-performance';

/** Per-league performance links of a champion: list, edit the URL, add, delete. */
export function ChampionPerformancesDialog({
  champion,
  onOpenChange,
}: {
  champion: AdminChampion | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ManageDialog
      item={champion}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      title={<>Performance di {champion?.name}</>}
      description="Un link alle statistiche del campione per ogni lega."
    >
      {(c) => <Performances champion={c} />}
    </ManageDialog>
  );
}

function Performances({ champion }: { champion: AdminChampion }) {
  const performances = usePerformances(champion.id);
  const leagues = useAdminLeagues();
  if (performances.isPending) return <Skeleton className="h-32" />;
  if (performances.isError)
    return (
      <p role="alert" className="text-destructive text-sm">
        {MESSAGES.champions.performancesLoadError}
      </p>
    );
  const linked = new Set(performances.data.map((p) => p.leagueId));
  const free = (leagues.data ?? []).filter((l) => !linked.has(l.id));
  return (
    <div className="grid gap-4">
      {performances.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nessun link alle performance.</p>
      ) : (
        <ul className="grid gap-2">
          {performances.data.map((p) => (
            <PerformanceRow key={p.id} performance={p} />
          ))}
        </ul>
      )}
      {free.length > 0 && <AddPerformance championId={champion.id} leagues={free} />}
    </div>
  );
}

function PerformanceRow({ performance }: { performance: ChampionPerformance }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [url, setUrl] = useState(performance.performanceUrl);
  const save = useSavePerformance();
  const remove = useDeletePerformance();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { championId: performance.championId, leagueId: performance.leagueId, performanceUrl: url.trim() },
      {
        onSuccess: ({ message }) => {
          toast.success(message || MESSAGES.champions.performanceUpdated);
          setEditing(false);
        },
        onError: (err) => toast.error(errorMessage(err, MESSAGES.champions.performanceUpdateError)),
      },
    );
  };

  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium">{performance.leagueName}</p>
        <div className="flex gap-1">
          {!editing && (
            <Button
              variant="outline"
              size="icon"
              aria-label={`Modifica link ${performance.leagueName}`}
              onClick={() => setEditing(true)}
            >
              <Pencil />
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={`Elimina link ${performance.leagueName}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(
                { championId: performance.championId, leagueId: performance.leagueId },
                {
                  onSuccess: ({ message }) => toast.success(message),
                  onError: (err) => toast.error(errorMessage(err, MESSAGES.champions.performanceUpdateError)),
                },
              )
            }
          >
            <Trash2 />
          </Button>
        </div>
      </div>
      {editing ? (
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <Label htmlFor={`${id}-url`} className="sr-only">
            URL performance {performance.leagueName}
          </Label>
          <Input id={`${id}-url`} type="url" value={url} onChange={(e) => setUrl(e.target.value)} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" className="h-9" disabled={save.isPending}>
              <Save aria-hidden="true" />
              Salva
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="h-9"
              onClick={() => {
                setUrl(performance.performanceUrl);
                setEditing(false);
              }}
            >
              <X aria-hidden="true" />
              Annulla
            </Button>
          </div>
        </form>
      ) : (
        <a
          href={performance.performanceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center gap-1 break-all text-brand-text text-sm underline-offset-4 hover:underline"
        >
          {performance.performanceUrl}
          <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
        </a>
      )}
    </li>
  );
}

function AddPerformance({
  championId,
  leagues,
}: {
  championId: string;
  leagues: { id: string; name: string }[];
}) {
  const id = useId();
  const [leagueId, setLeagueId] = useState('');
  const [url, setUrl] = useState('');
  const save = useSavePerformance();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!leagueId) {
      toast.error(MESSAGES.market.noLeagueSelected);
      return;
    }
    save.mutate(
      { championId, leagueId, performanceUrl: url.trim() },
      {
        onSuccess: ({ message }) => {
          toast.success(message || MESSAGES.champions.performanceUpdated);
          setLeagueId('');
          setUrl('');
        },
        onError: (err) => toast.error(errorMessage(err, MESSAGES.champions.performanceUpdateError)),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-dashed p-3">
      <p className="font-medium text-sm">Aggiungi link</p>
      <SelectField
        label="Lega"
        value={leagueId}
        placeholder="Scegli la lega"
        onValueChange={setLeagueId}
        options={leagues.map((l) => ({ value: l.id, label: l.name }))}
      />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>URL performance</Label>
        <Input
          id={`${id}-url`}
          type="url"
          placeholder="https://..."
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" className="justify-self-start" disabled={save.isPending}>
        <Save aria-hidden="true" />
        Salva link
      </Button>
    </form>
  );
}
