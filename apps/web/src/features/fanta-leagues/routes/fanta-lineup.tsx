import { FANTA_SEASON_MESSAGES, type Role, roleLabel } from '@fantarift/core';
import { ArrowLeft, Lock, Save } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  type FantaLineup,
  fantaErrorMessage,
  useFantaLeague,
  useFantaLineup,
  useSaveLineup,
} from '@/api/fanta-leagues';
import { formatCountdown, formatDeadlineTime } from '@/components/leagues/deadline-countdown';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useNow } from '@/hooks/use-now';
import { cn } from '@/lib/utils';
import { type Draft, swap } from '../components/lineup-swap';
import { NativeSelect } from '../components/native-select';
import { useAuctionStream } from '../components/use-auction-stream';
import { fantaPoints } from '../components/week-breakdown-dialog';

type Player = FantaLineup['players'][number];

/**
 * /leghe-fanta/:id/formazione — my line-up of a week, made for a phone: tap a player, then another to swap
 * them (a starter only with a bench player of his role; two bench players swap their order), C and V for the
 * captain and vice when the league has them; the lock time and a countdown on the server's clock. Once the
 * week has locked it shows the points, the substitutes and the captain's line.
 */
export function FantaLineupRoute() {
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const weekId = search.get('settimana') ?? undefined;
  const league = useFantaLeague(id);
  const lineup = useFantaLineup(id, weekId);
  // a saved match moves the week's points: the stream refetches them
  useAuctionStream(league.data?.leagueId, id);
  if (lineup.isPending || league.isPending) return <Skeleton className="h-96" />;
  if (lineup.isError || league.isError)
    return (
      <LoadErrorAlert
        title={fantaErrorMessage(lineup.error ?? league.error)}
        onRetry={() => void Promise.all([lineup.refetch(), league.refetch()])}
      />
    );
  const data = lineup.data;
  return (
    <>
      <PageHeader
        title="Formazione"
        description={
          <Link to={paths.fantaLeague.getHref(id)} className="inline-flex items-center gap-1 underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {league.data.name}
          </Link>
        }
      />
      <WeekPicker
        weeks={data.weeks}
        value={data.week.id}
        onChange={(w) => setSearch(w ? { settimana: w } : {}, { replace: true })}
      />
      {/* a new week or a refetched line-up starts a fresh draft */}
      <Editor key={`${data.week.id}:${lineup.dataUpdatedAt}`} id={id} data={data} />
    </>
  );
}

/**
 * Any week of the season: the ones played or being played (read-only, with their result and substitutes) and
 * the next one to set (editable). A native select: the phone's own picker.
 */
function WeekPicker({
  weeks,
  value,
  onChange,
}: {
  weeks: FantaLineup['weeks'];
  value: string;
  onChange: (weekId: string) => void;
}) {
  if (weeks.length < 2) return null;
  return (
    <div className="mb-4 flex items-center gap-2">
      <Label htmlFor="lineup-week" className="shrink-0">
        Settimana
      </Label>
      <NativeSelect id="lineup-week" value={value} onChange={(e) => onChange(e.target.value)}>
        {weeks.map((w) => (
          <option key={w.id} value={w.id}>
            {w.weekNumber}. {w.name}
            {w.locked ? '' : ' (da schierare)'}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function LockLine({ data }: { data: FantaLineup & { offsetMs: number } }) {
  const now = useNow(1000).getTime() + data.offsetMs;
  const { locksAt } = data.week;
  if (!locksAt)
    return <p className="text-muted-foreground text-sm">Nessuna partita in calendario per ora.</p>;
  const at = new Date(locksAt);
  const left = at.getTime() - now;
  if (data.week.locked || left <= 0)
    return (
      <p className="flex items-center gap-1.5 text-sm">
        <Lock aria-hidden="true" className="size-4" />
        Bloccata dal {formatDeadlineTime(at)}
      </p>
    );
  return (
    <p className="text-sm" aria-live="off">
      Si blocca <strong>{formatDeadlineTime(at)}</strong> (inizio della prima partita) ·{' '}
      <span className="tabular-nums">tra {formatCountdown(left)}</span>
    </p>
  );
}

function Editor({ id, data }: { id: string; data: FantaLineup & { offsetMs: number } }) {
  const save = useSaveLineup(id);
  const [draft, setDraft] = useState<Draft>(data.lineup);
  const [selected, setSelected] = useState<string | null>(null);
  const byId = new Map(data.players.map((p) => [p.playerId, p]));
  const editable = data.editable;
  const captainOn = data.captainMultiplier !== 1;
  const dirty = JSON.stringify(draft) !== JSON.stringify(data.lineup);
  const result = data.result;
  const weekOf = (playerId: string) => result?.fielded.find((f) => f.playerId === playerId);

  const tap = (playerId: string) => {
    if (!editable) return;
    if (selected === null || selected === playerId) {
      setSelected(selected === playerId ? null : playerId);
      return;
    }
    const next = swap(draft, selected, playerId, byId);
    if (next) setDraft(next);
    else toast.info('Scambia un titolare con un giocatore dello stesso ruolo in panchina');
    setSelected(null);
  };

  // the toast from the promise: mutate's own callbacks are dropped when the refetched week remounts this view
  const submit = () =>
    save.mutateAsync({ weekId: data.week.id, ...draft }).then(
      (r) => toast.success(r.message),
      (err) => toast.error(fantaErrorMessage(err)),
    );

  const row = (p: Player, opts: { starter: boolean; index?: number }) => {
    const isCaptain = draft.captainPlayerId === p.playerId;
    const isVice = draft.viceCaptainPlayerId === p.playerId;
    const fielded = weekOf(p.playerId);
    return (
      <li key={p.playerId} className="flex items-center gap-2">
        <button
          type="button"
          onClick={() => tap(p.playerId)}
          aria-pressed={selected === p.playerId}
          aria-label={`${p.name}, ${roleLabel(p.role)}, ${opts.index === undefined ? 'titolare' : `panchina ${opts.index + 1}`}`}
          disabled={!editable}
          className={cn(
            'flex min-h-12 min-w-0 flex-1 items-center gap-2 rounded-md border bg-card px-3 py-2 text-left',
            selected === p.playerId && 'border-primary ring-2 ring-primary',
            !editable && 'cursor-default',
          )}
        >
          <span className="w-12 shrink-0 text-muted-foreground text-xs">
            {opts.index !== undefined ? `${opts.index + 1}. ` : ''}
            {roleLabel(p.role)}
          </span>
          <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">
            {p.name} <span className="text-muted-foreground text-xs">{p.team}</span>
          </span>
          {isCaptain && <Badge>C</Badge>}
          {isVice && <Badge variant="secondary">V</Badge>}
          {data.week.locked && (
            <span className="shrink-0 text-sm tabular-nums">
              {p.played ? fantaPoints(p.points) : fielded ? '0' : '–'}
            </span>
          )}
        </button>
        {editable && opts.starter && captainOn && (
          <span className="flex shrink-0 gap-1">
            <Button
              size="sm"
              variant={isCaptain ? 'default' : 'outline'}
              aria-label={`Capitano ${p.name}`}
              aria-pressed={isCaptain}
              onClick={() =>
                setDraft({
                  ...draft,
                  captainPlayerId: isCaptain ? null : p.playerId,
                  viceCaptainPlayerId: isCaptain || isVice ? null : draft.viceCaptainPlayerId,
                })
              }
            >
              C
            </Button>
            {data.viceCaptainEnabled && (
              <Button
                size="sm"
                variant={isVice ? 'default' : 'outline'}
                aria-label={`Vice capitano ${p.name}`}
                aria-pressed={isVice}
                disabled={!draft.captainPlayerId || isCaptain}
                onClick={() => setDraft({ ...draft, viceCaptainPlayerId: isVice ? null : p.playerId })}
              >
                V
              </Button>
            )}
          </span>
        )}
      </li>
    );
  };

  const starters = draft.starters.map((pid) => byId.get(pid)).filter((p): p is Player => Boolean(p));
  const roleOrder = (r: Role) => ['Top', 'Jungle', 'Mid', 'ADC', 'Support'].indexOf(r);
  starters.sort((a, b) => roleOrder(a.role) - roleOrder(b.role));
  const name = (pid: string | null) => (pid ? (byId.get(pid)?.name ?? '?') : 'nessuno');

  return (
    <div className="space-y-5">
      <section className="space-y-1 rounded-lg border bg-card p-3">
        <h2 className="font-semibold">
          Settimana {data.week.weekNumber}: {data.week.name}
        </h2>
        <LockLine data={data} />
        {!data.savedForWeek && !data.week.locked && data.players.length > 0 && (
          <p className="text-muted-foreground text-sm">
            Non l'hai ancora schierata: vale la formazione della settimana scorsa (la prima volta, il più caro
            per ruolo).
          </p>
        )}
        {!data.week.counted && data.week.locked && (
          <p className="text-muted-foreground text-sm">
            Questa settimana è iniziata prima della fine dell'asta.
          </p>
        )}
      </section>
      {editable && (
        // in the page's flow, under the week: the phone's bottom navigation would cover a fixed bar
        <div className="flex items-center justify-between gap-3 rounded-lg border bg-card p-3">
          <span className="text-muted-foreground text-sm">{dirty ? 'Modifiche non salvate' : 'Salvata'}</span>
          <Button onClick={submit} disabled={save.isPending || (!dirty && data.savedForWeek)}>
            <Save aria-hidden="true" />
            Salva formazione
          </Button>
        </div>
      )}
      {data.players.length === 0 ? (
        <p className="text-muted-foreground">{FANTA_SEASON_MESSAGES.emptySquad}</p>
      ) : (
        <>
          <section aria-labelledby="starters" className="space-y-2">
            <h2 id="starters" className="font-semibold text-lg">
              Titolari
            </h2>
            {editable && (
              <p className="text-muted-foreground text-sm">
                Tocca un titolare e poi un panchinaro dello stesso ruolo per scambiarli.
              </p>
            )}
            <ul className="space-y-2">{starters.map((p) => row(p, { starter: true }))}</ul>
          </section>
          <section aria-labelledby="bench" className="space-y-2">
            <h2 id="bench" className="font-semibold text-lg">
              Panchina
            </h2>
            <p className="text-muted-foreground text-sm">
              In ordine: a settimana finita, chi non ha giocato è sostituito dal primo in panchina del suo
              ruolo che ha giocato.
            </p>
            <ul className="space-y-2">
              {draft.bench.map((pid, i) => {
                const p = byId.get(pid);
                return p ? row(p, { starter: false, index: i }) : null;
              })}
            </ul>
          </section>
          {result && (
            <section aria-labelledby="week-result" className="space-y-2 rounded-lg border bg-card p-3">
              <h2 id="week-result" className="font-semibold text-lg">
                {data.week.complete ? 'La settimana' : 'La settimana finora'}: {fantaPoints(result.points)}{' '}
                punti
              </h2>
              {result.substitutions.length > 0 ? (
                <ul className="space-y-1 text-sm">
                  {result.substitutions.map((s) => (
                    <li key={s.role}>
                      {roleLabel(s.role)}: entra <strong>{name(s.inPlayerId)}</strong> per{' '}
                      {name(s.outPlayerId)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground text-sm">
                  {data.week.complete
                    ? 'Nessuna sostituzione.'
                    : 'Le sostituzioni si fanno quando finisce l’ultima partita della settimana.'}
                </p>
              )}
              {result.captain && (
                <p className="text-sm">
                  {result.captain.role === 'captain' ? 'Capitano' : 'Vice capitano'} ×
                  {String(result.captain.multiplier).replace('.', ',')} ({name(result.captain.playerId)}):{' '}
                  {result.captain.bonus >= 0 ? '+' : ''}
                  {fantaPoints(result.captain.bonus)}
                </p>
              )}
            </section>
          )}
        </>
      )}
    </div>
  );
}
