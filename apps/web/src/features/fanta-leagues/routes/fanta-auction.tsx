import { checkBid, FANTA_LIMITS, type FantaSquad, ROLES, type Role, roleLabel } from '@fantarift/core';
import { useQueryClient } from '@tanstack/react-query';
import { Gavel, Pause, Play, SkipForward, Square, Undo2, Wrench } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import {
  type AuctionWithClock,
  type FantaPlayer,
  fantaErrorMessage,
  fantaKeys,
  type OwnerAction,
  useAssignOffline,
  useBid,
  useFantaAuction,
  useFantaLeague,
  useFantaPlayers,
  useNominate,
  useOwnerAction,
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
import { STATUS_LABEL } from '../components/labels';
import { NativeSelect } from '../components/native-select';
import { useAuctionStream } from '../components/use-auction-stream';

type Manager = AuctionWithClock['managers'][number];

/** /leghe-fanta/:id/asta — the auction room. */
export function FantaAuctionRoute() {
  const { id = '' } = useParams();
  const league = useFantaLeague(id);
  const auction = useFantaAuction(id);
  const players = useFantaPlayers(id);
  useAuctionStream(league.data?.leagueId, id);
  const { user } = useAuth();

  if (league.isError || auction.isError) {
    const error = league.error ?? auction.error;
    return <LoadErrorAlert title={fantaErrorMessage(error)} onRetry={() => void auction.refetch()} />;
  }
  if (!league.data || !auction.data || !players.data) return <Skeleton className="h-96" />;
  const a = auction.data;
  const byId = new Map(players.data.map((p) => [p.id, p]));
  const names = new Map(a.managers.map((m) => [m.userId, m.username]));
  const me = a.managers.find((m) => m.userId === user?.id);
  const isOwner = a.ownerUserId === user?.id;
  return (
    <>
      <PageHeader
        title={`Asta · ${league.data.name}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={a.status === 'running' ? 'default' : 'secondary'}>{STATUS_LABEL[a.status]}</Badge>
            {a.round === 'repair' && <Badge variant="outline">Asta di riparazione</Badge>}
            <Link to={paths.fantaLeague.getHref(id)} className="text-sm underline">
              Rose e storico
            </Link>
          </span>
        }
      />
      {/* on a phone the managers come before the long list of free players; beside both on a wide screen */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <LotPanel
            id={id}
            auction={a}
            player={a.lot ? byId.get(a.lot.playerId) : undefined}
            me={me}
            names={names}
            squad={league.data.squad}
          />
          {isOwner && <OwnerPanel id={id} auction={a} players={players.data} />}
        </div>
        <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <ManagersPanel auction={a} />
        </div>
        <div className="min-w-0">
          <FreePlayers id={id} auction={a} players={players.data} me={me} />
        </div>
      </div>
    </>
  );
}

/** The browser's clock moved to the server's (measured on the last state read), ticking every 100 ms. */
function useServerNow(offsetMs: number, active: boolean) {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    setNow(Date.now() + offsetMs);
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now() + offsetMs), 100);
    return () => clearInterval(timer);
  }, [offsetMs, active]);
  return now;
}

function LotPanel({
  id,
  auction,
  player,
  me,
  names,
  squad,
}: {
  id: string;
  auction: AuctionWithClock;
  player: FantaPlayer | undefined;
  me: Manager | undefined;
  names: Map<string, string>;
  squad: FantaSquad;
}) {
  const lot = auction.lot;
  const running = auction.status === 'running' && lot?.endsAt != null;
  const now = useServerNow(auction.offsetMs, running);
  const queryClient = useQueryClient();
  const remainingMs = lot
    ? lot.endsAt
      ? Math.max(0, Date.parse(lot.endsAt) - now)
      : (lot.remainingMs ?? 0)
    : 0;
  // the clock ran out here: ask the server, which closes the lot (once) and answers the new state
  const expired = running && remainingMs === 0;
  useEffect(() => {
    if (!expired) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: fantaKeys.all() }), 250);
    return () => clearTimeout(timer);
  }, [expired, queryClient]);

  if (auction.status === 'setup')
    return <p className="text-muted-foreground">L'asta non è ancora iniziata.</p>;
  if (!lot) {
    const turn = auction.turnUserId ? names.get(auction.turnUserId) : undefined;
    return (
      <section aria-label="Giocatore all'asta" className="rounded-lg border bg-card p-4">
        {auction.status === 'ended' ? (
          <p className="font-medium">L'asta è finita.</p>
        ) : auction.turnUserId === me?.userId ? (
          <p className="font-medium">Tocca a te: chiama un giocatore libero dalla lista qui sotto.</p>
        ) : (
          <p className="font-medium">Turno di chiamata: {turn ?? '—'}</p>
        )}
      </section>
    );
  }
  const seconds = Math.ceil(remainingMs / 1000);
  return (
    <section aria-label="Giocatore all'asta" className="space-y-4 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-muted-foreground text-sm">
            {player ? `${roleLabel(player.role)} · ${player.team} · tier ${player.tier}` : ''}
          </p>
          <h2 className="min-w-0 [overflow-wrap:anywhere] font-bold text-2xl" data-testid="lot-player">
            {player?.name ?? '…'}
          </h2>
          <p className="mt-1 text-lg">
            Offerta: <strong data-testid="lot-bid">{lot.bid}</strong> · {names.get(lot.bidderUserId) ?? '—'}
          </p>
        </div>
        <div
          role="timer"
          aria-label="Tempo rimasto"
          data-testid="countdown"
          className={`min-w-20 rounded-lg px-3 py-2 text-center font-bold text-4xl tabular-nums ${
            seconds <= 3 && running ? 'bg-destructive text-white' : 'bg-accent'
          }`}
        >
          {auction.status === 'paused' ? '⏸' : ''}
          {seconds}
        </div>
      </div>
      {me && auction.status === 'running' && player && (
        <BidControls
          id={id}
          auction={auction}
          me={me}
          role={player.role}
          playerId={player.id}
          squad={squad}
        />
      )}
      {auction.bids.length > 0 && (
        <ol className="space-y-0.5 text-muted-foreground text-sm" aria-label="Ultime offerte">
          {auction.bids.slice(0, 5).map((b) => (
            <li key={`${b.amount}-${b.userId}`}>
              {b.amount} · {names.get(b.userId) ?? '—'}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function BidControls({
  id,
  auction,
  me,
  role,
  playerId,
  squad,
}: {
  id: string;
  auction: AuctionWithClock;
  me: Manager;
  role: Role;
  playerId: string;
  squad: FantaSquad;
}) {
  const bid = useBid(id);
  const queryClient = useQueryClient();
  const amountId = useId();
  const [typed, setTyped] = useState('');
  const current = auction.lot?.bid ?? 0;
  const owned: Record<Role, number> = { Top: 0, Jungle: 0, Mid: 0, ADC: 0, Support: 0 };
  for (const p of me.players) owned[p.role]++;
  // the same rule the server applies: the buttons a manager cannot use are off, with the reason
  const refusalFor = (amount: number) =>
    checkBid(squad, { credits: me.credits, owned }, { role, bid: amount, currentBid: current });
  const place = (amount: number) => {
    const refusal = refusalFor(amount);
    if (refusal) return toast.error(refusal.message);
    bid.mutate(
      { playerId, bid: amount },
      {
        onSuccess: (res) => {
          // the bidder sees his own bid at once; the others see it through the stream
          queryClient.setQueryData<AuctionWithClock>(fantaKeys.auction(id), (old) =>
            old?.lot && res.version > old.version
              ? {
                  ...old,
                  version: res.version,
                  lot: { ...old.lot, bid: amount, bidderUserId: me.userId, endsAt: res.endsAt },
                }
              : old,
          );
          setTyped('');
        },
        onError: (err) => toast.error(fantaErrorMessage(err)),
      },
    );
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = Number(typed);
    if (Number.isInteger(amount) && amount > 0) place(amount);
  };
  const blocked = refusalFor(current + 1);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {[1, 5, 10].map((step) => (
          <Button
            key={step}
            onClick={() => place(current + step)}
            disabled={bid.isPending || Boolean(refusalFor(current + step))}
          >
            +{step}
          </Button>
        ))}
        <form onSubmit={submit} className="flex gap-2">
          <Label htmlFor={amountId} className="sr-only">
            Offerta in crediti
          </Label>
          <Input
            id={amountId}
            type="number"
            inputMode="numeric"
            min={current + 1}
            max={FANTA_LIMITS.bidMax}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={String(current + 1)}
            className="w-24"
          />
          <Button type="submit" variant="outline" disabled={bid.isPending}>
            <Gavel aria-hidden="true" />
            Offri
          </Button>
        </form>
      </div>
      <p className="text-muted-foreground text-sm">
        {blocked && blocked.code !== 'BID_OVER_MAX'
          ? blocked.message
          : `Puoi offrire al massimo ${me.maxBid} crediti.`}
      </p>
    </div>
  );
}

const ACTIONS: {
  action: OwnerAction;
  label: string;
  icon: typeof Pause;
  when: (a: AuctionWithClock) => boolean;
}[] = [
  { action: 'pause', label: 'Pausa', icon: Pause, when: (a) => a.status === 'running' },
  { action: 'resume', label: 'Riprendi', icon: Play, when: (a) => a.status === 'paused' },
  { action: 'skip', label: 'Salta il turno', icon: SkipForward, when: (a) => a.status !== 'ended' && !a.lot },
  { action: 'repair', label: 'Asta di riparazione', icon: Wrench, when: (a) => a.status === 'ended' },
];

function OwnerPanel({
  id,
  auction,
  players,
}: {
  id: string;
  auction: AuctionWithClock;
  players: FantaPlayer[];
}) {
  const act = useOwnerAction(id);
  const run = (action: OwnerAction) =>
    act.mutateAsync(action).then(
      (r) => toast.success(r.message),
      (err) => toast.error(fantaErrorMessage(err)),
    );
  return (
    <section aria-labelledby="banditore" className="space-y-3 rounded-lg border bg-card p-4">
      <h2 id="banditore" className="font-semibold text-lg">
        Banditore
      </h2>
      <div className="flex flex-wrap gap-2">
        {ACTIONS.filter((x) => x.when(auction)).map(({ action, label, icon: Icon }) => (
          <Button
            key={action}
            variant="outline"
            size="sm"
            disabled={act.isPending}
            onClick={() => void run(action)}
          >
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
        {!auction.lot && (
          <ConfirmButton
            variant="outline"
            size="sm"
            label={
              <>
                <Undo2 aria-hidden="true" />
                Annulla l'ultima assegnazione
              </>
            }
            title="Annullare l'ultima assegnazione?"
            description="Il manager riavrà i crediti e il giocatore tornerà libero."
            confirmLabel="Annulla assegnazione"
            onConfirm={() => run('undo')}
          />
        )}
        {auction.status !== 'ended' && (
          <ConfirmButton
            variant="outline"
            size="sm"
            destructive
            label={
              <>
                <Square aria-hidden="true" />
                Chiudi l'asta
              </>
            }
            title="Chiudere l'asta?"
            description="Un giocatore ancora all'asta resta libero. Potrai aprire un'asta di riparazione più avanti."
            confirmLabel="Chiudi l'asta"
            onConfirm={() => run('end')}
          />
        )}
      </div>
      {auction.status !== 'ended' && !auction.lot && (
        <OfflineAssign id={id} auction={auction} players={players} />
      )}
    </section>
  );
}

/** Offline auction: "player → manager for price", under the same rules as a bid. */
function OfflineAssign({
  id,
  auction,
  players,
}: {
  id: string;
  auction: AuctionWithClock;
  players: FantaPlayer[];
}) {
  const assign = useAssignOffline(id);
  const formId = useId();
  const free = players.filter((p) => !p.ownerUserId);
  const [playerId, setPlayerId] = useState('');
  const [userId, setUserId] = useState('');
  const [price, setPrice] = useState('1');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!playerId || !userId) return;
    assign.mutate(
      { playerId, userId, price: Number(price) },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setPlayerId('');
        },
        onError: (err) => toast.error(fantaErrorMessage(err)),
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Asta offline"
      className="grid gap-2 sm:grid-cols-[1fr_1fr_6rem_auto] sm:items-end"
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${formId}-p`}>Giocatore (asta offline)</Label>
        <NativeSelect id={`${formId}-p`} value={playerId} onChange={(e) => setPlayerId(e.target.value)}>
          <option value="">—</option>
          {free.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({roleLabel(p.role)}, {p.team})
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${formId}-m`}>Manager</Label>
        <NativeSelect id={`${formId}-m`} value={userId} onChange={(e) => setUserId(e.target.value)}>
          <option value="">—</option>
          {auction.managers.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.username}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${formId}-c`}>Prezzo</Label>
        <Input
          id={`${formId}-c`}
          type="number"
          inputMode="numeric"
          min={1}
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={assign.isPending || !playerId || !userId}>
        Assegna
      </Button>
    </form>
  );
}

function ManagersPanel({ auction }: { auction: AuctionWithClock }) {
  return (
    <section aria-labelledby="managers" className="space-y-3">
      <h2 id="managers" className="font-semibold text-lg">
        Manager
      </h2>
      <ul className="space-y-2">
        {auction.managers.map((m) => (
          <li
            key={m.userId}
            aria-label={`Manager ${m.username}`}
            className={`space-y-1 rounded-lg border bg-card p-3 text-sm ${auction.turnUserId === m.userId ? 'border-brand' : ''}`}
          >
            <div className="flex items-baseline justify-between gap-2">
              <span className="min-w-0 [overflow-wrap:anywhere] font-semibold">
                {m.username}
                {auction.turnUserId === m.userId && (
                  <span className="ml-1 font-normal text-muted-foreground">(chiama)</span>
                )}
              </span>
              <span className="tabular-nums" data-testid="credits">
                {m.credits} cr
              </span>
            </div>
            <p className="text-muted-foreground text-xs">
              Posti liberi: {ROLES.map((r) => `${roleLabel(r)} ${m.slots[r]}`).join(' · ')} · max {m.maxBid}
            </p>
            {m.players.length > 0 && (
              <p className="text-xs">{m.players.map((p) => `${p.name} (${p.price})`).join(', ')}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FreePlayers({
  id,
  auction,
  players,
  me,
}: {
  id: string;
  auction: AuctionWithClock;
  players: FantaPlayer[];
  me: Manager | undefined;
}) {
  const formId = useId();
  const [role, setRole] = useState('');
  const [team, setTeam] = useState('');
  const [tier, setTier] = useState('');
  const [name, setName] = useState('');
  const [opening, setOpening] = useState('1');
  const nominate = useNominate(id);
  const teams = useMemo(() => [...new Set(players.map((p) => p.team))].sort(), [players]);
  const canCall = auction.status === 'running' && !auction.lot && auction.turnUserId === me?.userId;
  const free = players.filter(
    (p) =>
      !p.ownerUserId &&
      (!role || p.role === role) &&
      (!team || p.team === team) &&
      (!tier || String(p.tier) === tier) &&
      (!name || p.name.toLowerCase().includes(name.toLowerCase())),
  );
  const call = (p: FantaPlayer) =>
    nominate.mutate(
      { playerId: p.id, bid: Number(opening) || 1 },
      { onError: (err) => toast.error(fantaErrorMessage(err)) },
    );
  return (
    <section aria-labelledby="free-players" className="space-y-3">
      <h2 id="free-players" className="font-semibold text-lg">
        Giocatori liberi ({free.length})
      </h2>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <NativeSelect aria-label="Ruolo" value={role} onChange={(e) => setRole(e.target.value)}>
          <option value="">Tutti i ruoli</option>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Squadra" value={team} onChange={(e) => setTeam(e.target.value)}>
          <option value="">Tutte le squadre</option>
          {teams.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect aria-label="Tier" value={tier} onChange={(e) => setTier(e.target.value)}>
          <option value="">Tutti i tier</option>
          {[5, 4, 3, 2, 1].map((t) => (
            <option key={t} value={t}>
              Tier {t}
            </option>
          ))}
        </NativeSelect>
        <Input aria-label="Nome" placeholder="Nome" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      {canCall && (
        <div className="flex items-center gap-2 text-sm">
          <Label htmlFor={`${formId}-open`}>Offerta di partenza</Label>
          <Input
            id={`${formId}-open`}
            type="number"
            inputMode="numeric"
            min={1}
            value={opening}
            onChange={(e) => setOpening(e.target.value)}
            className="w-24"
          />
        </div>
      )}
      <ul className="divide-y rounded-lg border bg-card text-sm">
        {free.slice(0, 200).map((p) => (
          <li key={p.id} className="flex items-center gap-2 px-3 py-2">
            <span className="w-14 text-muted-foreground text-xs">{roleLabel(p.role)}</span>
            <span className="min-w-0 flex-1 min-w-0 [overflow-wrap:anywhere]">
              {p.name} <span className="text-muted-foreground text-xs">{p.team}</span>
            </span>
            {auction.lot?.playerId === p.id && <Badge variant="outline">all'asta</Badge>}
            <span className="text-muted-foreground text-xs">T{p.tier}</span>
            {canCall && (
              <Button
                size="sm"
                onClick={() => call(p)}
                disabled={nominate.isPending}
                aria-label={`Chiama ${p.name}`}
              >
                Chiama
              </Button>
            )}
          </li>
        ))}
        {free.length === 0 && (
          <li className="px-3 py-4 text-center text-muted-foreground">
            Nessun giocatore libero con questi filtri
          </li>
        )}
      </ul>
    </section>
  );
}
