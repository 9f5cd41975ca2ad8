import {
  FANTA_LIMITS,
  FANTA_MESSAGES,
  type FantaSquad,
  ROLES,
  releaseRefund,
  roleLabel,
  squadShortfalls,
} from '@fantarift/core';
import { ArrowDown, ArrowUp, Copy, Gavel, Play, Share2, Shirt } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  type FantaLeague,
  fantaErrorMessage,
  useFantaAuction,
  useFantaHistory,
  useFantaLeague,
  useOwnerAction,
  useRelease,
  useUpdateFantaSettings,
} from '@/api/fanta-leagues';
import { ConfirmButton } from '@/components/confirm-button';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { canShare, shareLink } from '@/lib/share';
import { FantaStandings } from '../components/fanta-standings';
import { HISTORY_LABEL, STATUS_LABEL } from '../components/labels';
import { NativeSelect } from '../components/native-select';
import { SeasonForm } from '../components/season-form';
import { useAuctionStream } from '../components/use-auction-stream';

const M = FANTA_MESSAGES;

/** /leghe-fanta/:id — the settings until the auction starts; then every manager's squad and the history. */
export function FantaLeagueRoute() {
  const { id = '' } = useParams();
  const league = useFantaLeague(id);
  // joins, the start, assignments and releases show up here as they happen
  useAuctionStream(league.data?.leagueId, id);
  if (league.isPending) return <Skeleton className="h-64" />;
  if (league.isError)
    return <LoadErrorAlert title={fantaErrorMessage(league.error)} onRetry={() => void league.refetch()} />;
  const fl = league.data;
  return (
    <>
      <PageHeader
        title={fl.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {fl.leagueName} <Badge variant="secondary">{STATUS_LABEL[fl.status]}</Badge>
          </span>
        }
        actions={
          fl.status !== 'setup' && (
            <div className="flex flex-wrap gap-2">
              {fl.status === 'ended' && (
                <Button asChild>
                  <Link to={paths.fantaLineup.getHref(fl.id)}>
                    <Shirt aria-hidden="true" />
                    Formazione
                  </Link>
                </Button>
              )}
              <Button asChild variant={fl.status === 'ended' ? 'outline' : 'default'}>
                <Link to={paths.fantaAuction.getHref(fl.id)}>
                  <Gavel aria-hidden="true" />
                  Sala d'asta
                </Link>
              </Button>
            </div>
          )
        }
      />
      {fl.status === 'setup' ? <Setup fl={fl} /> : <Squads fl={fl} />}
    </>
  );
}

/** The invite link to the clipboard; where the browser refuses, shown to copy by hand. */
const copyLink = (link: string) =>
  navigator.clipboard.writeText(link).then(
    () => toast.success('Link copiato'),
    () => toast.info(link),
  );

function Setup({ fl }: { fl: FantaLeague }) {
  const start = useOwnerAction(fl.id);
  const shortfall = squadShortfalls(fl.squad, fl.pool, fl.members.length)[0];
  const link = `${window.location.origin}${paths.fantaInvite.getHref(fl.inviteCode ?? '')}`;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="managers" className="min-w-0 space-y-3 rounded-lg border bg-card p-4">
        <h2 id="managers" className="font-semibold text-lg">
          Manager ({fl.members.length}/{FANTA_LIMITS.maxMembers})
        </h2>
        {fl.inviteCode && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              Codice invito: <strong className="font-mono">{fl.inviteCode}</strong>
            </span>
            {canShare() && (
              <Button
                size="sm"
                variant="outline"
                onClick={() =>
                  shareLink({
                    title: `${fl.name} su FantaRift`,
                    text: `Unisciti alla mia Lega Fanta «${fl.name}» su FantaRift!`,
                    url: link,
                  }).catch(() => copyLink(link))
                }
              >
                <Share2 aria-hidden="true" />
                Condividi
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => copyLink(link)}>
              <Copy aria-hidden="true" />
              Copia il link
            </Button>
          </div>
        )}
        <MemberOrder fl={fl} />
        {fl.isOwner && (
          <div className="space-y-2">
            {shortfall && (
              <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
                {M.squadTooBig(roleLabel(shortfall.role), shortfall.need, shortfall.pool)}
              </p>
            )}
            <Button
              onClick={() =>
                start.mutate('start', {
                  onSuccess: () => toast.success(M.started),
                  onError: (err) => toast.error(fantaErrorMessage(err)),
                })
              }
              disabled={start.isPending}
            >
              <Play aria-hidden="true" />
              Inizia l'asta
            </Button>
          </div>
        )}
      </section>
      <div className="space-y-6">
        <SettingsForm fl={fl} />
        <SeasonForm fl={fl} />
      </div>
    </div>
  );
}

function MemberOrder({ fl }: { fl: FantaLeague }) {
  const update = useUpdateFantaSettings(fl.id);
  const ids = fl.members.map((m) => m.userId);
  const move = (from: number, to: number) => {
    const order = [...ids];
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    update.mutate({ order }, { onError: (err) => toast.error(fantaErrorMessage(err)) });
  };
  const manual = fl.nominationOrder === 'manual';
  return (
    <ol className="space-y-1 text-sm" aria-label="Manager in ordine di chiamata">
      {fl.members.map((m, i) => (
        <li key={m.userId} className="flex items-center gap-2">
          <span className="w-6 text-muted-foreground tabular-nums">{manual ? `${i + 1}.` : '•'}</span>
          <span className="flex-1 min-w-0 [overflow-wrap:anywhere]">
            {m.username}
            {m.isOwner && ' (banditore)'}
          </span>
          {fl.isOwner && manual && (
            <>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Sposta su ${m.username}`}
                disabled={i === 0}
                onClick={() => move(i, i - 1)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Sposta giù ${m.username}`}
                disabled={i === fl.members.length - 1}
                onClick={() => move(i, i + 1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
            </>
          )}
        </li>
      ))}
      {!manual && (
        <li className="text-muted-foreground">L'ordine di chiamata sarà estratto a sorte all'inizio.</li>
      )}
    </ol>
  );
}

/** A labelled whole-number input of the settings form (the phone's numeric keypad). */
function NumberField(p: {
  id: string;
  label: string;
  min: number;
  max: number;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={p.id}>{p.label}</Label>
      <Input
        id={p.id}
        type="number"
        inputMode="numeric"
        min={p.min}
        max={p.max}
        value={p.value}
        disabled={p.disabled}
        onChange={(e) => p.onChange(e.target.value)}
      />
    </div>
  );
}

function SettingsForm({ fl }: { fl: FantaLeague }) {
  const update = useUpdateFantaSettings(fl.id);
  const formId = useId();
  const [budget, setBudget] = useState(String(fl.budget));
  const [bidSeconds, setBidSeconds] = useState(String(fl.bidSeconds));
  const [squad, setSquad] = useState<FantaSquad>(fl.squad);
  const [order, setOrder] = useState(fl.nominationOrder);
  const [startsAt, setStartsAt] = useState(fl.startsAt ? toLocalInput(fl.startsAt) : '');
  const disabled = !fl.isOwner;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      {
        budget: Number(budget),
        bidSeconds: Number(bidSeconds),
        squad,
        nominationOrder: order,
        startsAt: startsAt ? new Date(startsAt).toISOString() : null,
      },
      {
        onSuccess: () => toast.success('Impostazioni salvate'),
        onError: (err) => toast.error(fantaErrorMessage(err)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Impostazioni dell'asta"
      className="space-y-4 rounded-lg border bg-card p-4"
    >
      <h2 className="font-semibold text-lg">Impostazioni dell'asta</h2>
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          id={`${formId}-budget`}
          label="Crediti per manager"
          min={FANTA_LIMITS.budgetMin}
          max={FANTA_LIMITS.budgetMax}
          value={budget}
          disabled={disabled}
          onChange={setBudget}
        />
        <NumberField
          id={`${formId}-seconds`}
          label="Secondi per offerta"
          min={FANTA_LIMITS.bidSecondsMin}
          max={FANTA_LIMITS.bidSecondsMax}
          value={bidSeconds}
          disabled={disabled}
          onChange={setBidSeconds}
        />
      </div>
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Rosa: giocatori per ruolo (pool della lega ufficiale)</legend>
        <div className="grid grid-cols-5 gap-1.5 sm:gap-2">
          {ROLES.map((role) => (
            <div key={role} className="flex min-w-0 flex-col gap-1">
              <Label htmlFor={`${formId}-${role}`} className="text-xs">
                {roleLabel(role)}
              </Label>
              <Input
                id={`${formId}-${role}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={FANTA_LIMITS.quotaMax}
                className="min-w-0 px-2"
                value={squad[role]}
                disabled={disabled}
                onChange={(e) => setSquad({ ...squad, [role]: Number(e.target.value) })}
              />
              <span className="text-muted-foreground text-xs tabular-nums">pool {fl.pool[role]}</span>
            </div>
          ))}
        </div>
        <p className="text-muted-foreground text-sm">
          Con questa rosa possono giocare al massimo {fl.maxManagers} manager.
        </p>
        {!disabled && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="h-auto whitespace-normal py-1.5 text-left"
            onClick={() => setSquad(fl.proposedSquad)}
          >
            Usa la rosa più grande che ci sta ({ROLES.map((r) => fl.proposedSquad[r]).join('-')})
          </Button>
        )}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${formId}-order`}>Ordine di chiamata</Label>
          <NativeSelect
            id={`${formId}-order`}
            value={order}
            disabled={disabled}
            onChange={(e) => setOrder(e.target.value as typeof order)}
          >
            <option value="random">A sorte</option>
            <option value="manual">Deciso dal banditore</option>
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${formId}-starts`}>Inizio dell'asta</Label>
          <Input
            id={`${formId}-starts`}
            type="datetime-local"
            value={startsAt}
            disabled={disabled}
            onChange={(e) => setStartsAt(e.target.value)}
          />
        </div>
      </div>
      {!disabled && (
        <Button type="submit" disabled={update.isPending}>
          Salva
        </Button>
      )}
    </form>
  );
}

const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/** Every manager's squad ("svincola" for one's own, after the auction) and the league's history. */
function Squads({ fl }: { fl: FantaLeague }) {
  const auction = useFantaAuction(fl.id);
  const history = useFantaHistory(fl.id);
  const release = useRelease(fl.id);
  const { user } = useAuth();
  if (auction.isPending) return <Skeleton className="h-64" />;
  if (auction.isError)
    return <LoadErrorAlert title={fantaErrorMessage(auction.error)} onRetry={() => void auction.refetch()} />;
  return (
    <div className="space-y-8">
      {auction.data.status === 'ended' && <FantaStandings id={fl.id} />}
      {auction.data.status === 'ended' && fl.isOwner && !fl.captainLocked && <SeasonForm fl={fl} />}
      <section aria-labelledby="squads" className="space-y-3">
        <h2 id="squads" className="font-semibold text-xl">
          Rose
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {auction.data.managers.map((m) => (
            <li
              key={m.userId}
              className="space-y-2 rounded-lg border bg-card p-4"
              aria-label={`Rosa di ${m.username}`}
            >
              <div className="flex items-baseline justify-between gap-2">
                <h3 className="min-w-0 [overflow-wrap:anywhere] font-semibold">{m.username}</h3>
                <span className="text-sm tabular-nums">{m.credits} crediti</span>
              </div>
              {m.players.length === 0 ? (
                <p className="text-muted-foreground text-sm">Nessun giocatore</p>
              ) : (
                <ul className="space-y-1 text-sm">
                  {m.players.map((p) => (
                    <li key={p.playerId} className="flex items-center gap-2">
                      <span className="w-14 text-muted-foreground text-xs">{roleLabel(p.role)}</span>
                      <span className="flex-1 min-w-0 [overflow-wrap:anywhere]">
                        {p.name} <span className="text-muted-foreground text-xs">{p.team}</span>
                      </span>
                      <span className="tabular-nums">{p.price}</span>
                      {m.userId === user?.id && auction.data.status === 'ended' && (
                        <ConfirmButton
                          size="sm"
                          variant="outline"
                          label="Svincola"
                          ariaLabel={`Svincola ${p.name}`}
                          title={`Svincolare ${p.name}?`}
                          description={`Ti tornano ${releaseRefund(p.price)} crediti (metà del prezzo, per difetto).`}
                          confirmLabel="Svincola"
                          onConfirm={() =>
                            release.mutateAsync(p.playerId).then(
                              (r) => toast.success(r.message),
                              (err) => toast.error(fantaErrorMessage(err)),
                            )
                          }
                        />
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="history" className="space-y-3">
        <h2 id="history" className="font-semibold text-xl">
          Storico
        </h2>
        {history.data?.length ? (
          <ol className="divide-y rounded-lg border bg-card text-sm">
            {history.data.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                <Badge variant={h.kind === 'assign' ? 'default' : 'secondary'}>{HISTORY_LABEL[h.kind]}</Badge>
                <span className="min-w-0 flex-1 basis-48 [overflow-wrap:anywhere]">
                  {h.playerName} → {h.username} per {h.price}
                  {h.offline && ' (offline)'}
                  {h.round === 'repair' && ' · riparazione'}
                </span>
                <span className="text-muted-foreground tabular-nums">
                  {h.creditsChange > 0 ? '+' : ''}
                  {h.creditsChange} · {new Date(h.at).toLocaleString('it-IT')}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-muted-foreground text-sm">Ancora nessuna assegnazione.</p>
        )}
      </section>
    </div>
  );
}
