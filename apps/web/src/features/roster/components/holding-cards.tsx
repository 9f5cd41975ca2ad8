import { MESSAGES, playerRefund } from '@fantarift/core';
import { Info } from 'lucide-react';
import type { MyRoster } from '@/api/types';
import { CaptainBadge } from '@/components/captain/captain-badge';
import { Coins } from '@/components/items/coins';
import { RoleBadge, TierBadge } from '@/components/items/role-badge';
import { SellButton } from '@/components/items/sell-button';
import { PlayerCardTitle } from '@/components/players/player-name-button';
import { Badge } from '@/components/ui/badge';

type RosterPlayerHolding = MyRoster['players'][number];
type RosterChampionHolding = MyRoster['champions'][number];

interface HoldingProps<T> {
  leagueId: string;
  item: T;
  /** Why selling is not possible now (market blocked). */
  sellBlockedReason: string | null;
}

export function RosterPlayerCard({
  leagueId,
  item,
  sellBlockedReason,
  captainRole = null,
}: HoldingProps<RosterPlayerHolding> & { captainRole?: 'captain' | 'vice' | null }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs">
      <div className="flex items-start justify-between gap-2">
        <PlayerCardTitle leagueId={leagueId} player={item} />
        <span className="flex shrink-0 gap-1.5">
          {captainRole && <CaptainBadge role={captainRole} />}
          <RoleBadge role={item.role} />
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <TierBadge tier={item.tier} kind="player" />
        <span className="text-muted-foreground">
          Pagato{' '}
          <Coins amount={item.pricePaid} currency="PandaCoin" className="font-medium text-foreground" />
        </span>
      </div>
      <div className="mt-auto flex items-center justify-between gap-2">
        <span className="text-muted-foreground text-xs">
          Vendita: <Coins amount={playerRefund(item.pricePaid)} currency="PandaCoin" />
        </span>
        <SellButton
          leagueId={leagueId}
          kind="player"
          itemId={item.id}
          itemName={item.name}
          refund={playerRefund(item.pricePaid)}
          currency="PandaCoin"
          disabledReason={sellBlockedReason}
        />
      </div>
    </li>
  );
}

export function RosterChampionCard({
  leagueId,
  item,
  sellBlockedReason,
}: HoldingProps<RosterChampionHolding>) {
  const salePrice = item.salePrice;
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs">
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 truncate font-semibold">{item.name}</h3>
        <Badge variant="success" title="Prezzo di vendita">
          Vendita: <Coins amount={salePrice} currency="BurroCoin" />
        </Badge>
      </div>
      <div className="flex flex-wrap items-center gap-1.5 text-sm">
        <TierBadge tier={item.tier} kind="champion" />
        {item.roles.map((role) => (
          <RoleBadge key={role} role={role} />
        ))}
      </div>
      <div className="mt-auto flex items-center justify-between gap-2">
        <span className="text-muted-foreground text-xs">
          Pagato <Coins amount={item.pricePaid} currency="BurroCoin" />
        </span>
        <SellButton
          leagueId={leagueId}
          kind="champion"
          itemId={item.id}
          itemName={item.name}
          refund={salePrice}
          currency="BurroCoin"
          disabledReason={sellBlockedReason}
        />
      </div>
    </li>
  );
}

export function ChampionRefundNote() {
  return (
    <p className="flex items-start gap-2 text-muted-foreground text-sm">
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {MESSAGES.market.championRefundNote}
    </p>
  );
}
