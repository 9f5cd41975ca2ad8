import { type Currency, currencyLabel } from '@fantarift/core';
import { BarChart3, Check, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { tradeErrorMessage, useTradeItem } from '@/api/trade-item';
import type { ItemKind } from '@/api/types';
import { Coins } from '@/components/items/coins';
import { RoleBadge, TierBadge } from '@/components/items/role-badge';
import { SellButton } from '@/components/items/sell-button';
import { PlayerCardTitle } from '@/components/players/player-name-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import type { CatalogueChampion } from '../api/get-champions';
import type { CataloguePlayer } from '../api/get-players';

interface BuyButtonProps {
  leagueId: string;
  kind: ItemKind;
  itemId: string;
  itemName: string;
  /** Why buying is not possible (spec §5 wording); null when it is. */
  disabledReason: string | null;
  /** Show the reason under the button (item-specific reasons); market-wide ones are in the banners. */
  showReason?: boolean;
}

/** 'Acquista {item}': disabled with its reason as tooltip, accessible description and (optionally) a label. */
export function BuyButton({ leagueId, kind, itemId, itemName, disabledReason, showReason }: BuyButtonProps) {
  const trade = useTradeItem();
  const reasonId = useId();

  const button = (
    <Button
      size="sm"
      aria-label={`Acquista ${itemName}`}
      aria-describedby={disabledReason ? reasonId : undefined}
      disabled={Boolean(disabledReason) || trade.isPending}
      // the answer is told from the promise: the button itself is gone by then (the card turns to "Vendi"),
      // and a mutation's own callbacks are dropped with the component that called it
      onClick={() =>
        trade.mutateAsync({ leagueId, kind, action: 'buy', itemId }).then(
          (result) => notify.success(result.message),
          (error) => notify.error(tradeErrorMessage(error, kind, 'buy')),
        )
      }
    >
      {trade.isPending ? 'Acquisto...' : 'Acquista'}
    </Button>
  );

  if (!disabledReason) return button;
  return (
    <div className="flex min-w-0 flex-col items-end gap-1">
      <Tooltip>
        <TooltipTrigger asChild>
          {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the tooltip too */}
          <span tabIndex={0} className="rounded-md">
            {button}
          </span>
        </TooltipTrigger>
        <TooltipContent>{disabledReason}</TooltipContent>
      </Tooltip>
      <span
        id={reasonId}
        className={cn('text-right text-muted-foreground text-xs', !showReason && 'sr-only')}
      >
        {disabledReason}
      </span>
    </div>
  );
}

function PerformanceLink({ url, name }: { url: string | null; name: string }) {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-muted-foreground text-xs underline-offset-4 hover:text-foreground hover:underline"
      aria-label={`Statistiche di ${name} (si apre in una nuova scheda)`}
    >
      <BarChart3 aria-hidden="true" className="size-3.5" />
      Statistiche
    </a>
  );
}

function Price({ cost, currency }: { cost: number; currency: Currency }) {
  return (
    <p className="font-bold text-lg" title={`${cost} ${currencyLabel(currency)}`}>
      <Coins amount={cost} currency={currency} />
    </p>
  );
}

interface CardActionsProps {
  leagueId: string;
  kind: ItemKind;
  itemId: string;
  itemName: string;
  owned: boolean;
  buyReason: string | null;
  showBuyReason: boolean;
  sellReason: string | null;
  refund: number;
  currency: Currency;
}

function CardActions(props: CardActionsProps) {
  const { leagueId, kind, itemId, itemName, owned, buyReason, showBuyReason, sellReason, refund, currency } =
    props;
  return (
    <div className="mt-auto flex items-start justify-end gap-2 pt-1">
      {owned && (
        <SellButton
          leagueId={leagueId}
          kind={kind}
          itemId={itemId}
          itemName={itemName}
          refund={refund}
          currency={currency}
          disabledReason={sellReason}
        />
      )}
      {/* an owned item can only be sold: its badge says it is in the roster, no dead "Acquista" */}
      {!owned && (
        <BuyButton
          leagueId={leagueId}
          kind={kind}
          itemId={itemId}
          itemName={itemName}
          disabledReason={buyReason}
          showReason={showBuyReason}
        />
      )}
    </div>
  );
}

function OwnedBadge() {
  return (
    <Badge variant="success">
      <Check aria-hidden="true" />
      Nel roster
    </Badge>
  );
}

interface MarketCardProps<T> {
  leagueId: string;
  item: T;
  owned: boolean;
  buyReason: string | null;
  showBuyReason: boolean;
  sellReason: string | null;
}

export function PlayerMarketCard({
  leagueId,
  item,
  owned,
  buyReason,
  showBuyReason,
  sellReason,
}: MarketCardProps<CataloguePlayer>) {
  return (
    <li
      data-market-card
      className={cn(
        'flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs',
        item.suggested && 'border-brand/70 ring-1 ring-brand/40',
        owned && 'bg-success/5',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <PlayerCardTitle leagueId={leagueId} player={item} />
        <Price cost={item.cost} currency="PandaCoin" />
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <RoleBadge role={item.role} />
        <TierBadge tier={item.tier} kind="player" />
        {item.suggested && (
          <Badge variant="brand" title="Il suo team partecipa alla fase corrente">
            <Sparkles aria-hidden="true" />
            Fase corrente
          </Badge>
        )}
        {owned && <OwnedBadge />}
      </div>
      <PerformanceLink url={item.performanceUrl} name={item.name} />
      <CardActions
        leagueId={leagueId}
        kind="player"
        itemId={item.id}
        itemName={item.name}
        owned={owned}
        buyReason={buyReason}
        showBuyReason={showBuyReason}
        sellReason={sellReason}
        refund={item.cost}
        currency="PandaCoin"
      />
    </li>
  );
}

export function ChampionMarketCard({
  leagueId,
  item,
  owned,
  buyReason,
  showBuyReason,
  sellReason,
  salePrice,
}: MarketCardProps<CatalogueChampion> & { salePrice: number | null }) {
  return (
    <li
      data-market-card
      className={cn('flex flex-col gap-3 rounded-lg border bg-card p-4 shadow-xs', owned && 'bg-success/5')}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 truncate font-semibold">{item.name}</h3>
        <Price cost={item.cost} currency="BurroCoin" />
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <TierBadge tier={item.tier} kind="champion" />
        {item.roles.map((role) => (
          <RoleBadge key={role} role={role} />
        ))}
        {owned && <OwnedBadge />}
        {owned && salePrice !== null && (
          <Badge variant="outline" title="Prezzo di vendita">
            Vendita: <Coins amount={salePrice} currency="BurroCoin" />
          </Badge>
        )}
      </div>
      <PerformanceLink url={item.performanceUrl} name={item.name} />
      <CardActions
        leagueId={leagueId}
        kind="champion"
        itemId={item.id}
        itemName={item.name}
        owned={owned}
        buyReason={buyReason}
        showBuyReason={showBuyReason}
        sellReason={sellReason}
        refund={salePrice ?? 0}
        currency="BurroCoin"
      />
    </li>
  );
}
