import { type MarketStatus, MESSAGES } from '@fantarift/core';
import { Clock, Lightbulb, Lock, OctagonX } from 'lucide-react';
import type { League } from '@/api/types';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { formatTime } from '@/lib/format';

interface MarketBannersProps {
  league: League;
  status: MarketStatus;
  currentPhase: { name: string; participatingTeams: string[] } | null | undefined;
}

/** Spec §2 Market: completed league, automatic time block, manual closure, phase suggestion. */
export function MarketBanners({ league, status, currentPhase }: MarketBannersProps) {
  const localZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const teams = currentPhase?.participatingTeams ?? [];
  return (
    <div className="space-y-3">
      {status.reason === 'completed' && (
        <Alert variant="destructive">
          <OctagonX aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{MESSAGES.market.leagueCompleted}</AlertTitle>
        </Alert>
      )}
      {status.reason === 'time_block' && (
        <Alert variant="warning" data-testid="time-block-banner">
          <Clock aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{MESSAGES.market.timeBlocked}</AlertTitle>
          <AlertDescription>
            {status.reopensAt && (
              <p>
                {MESSAGES.market.reopensAt(
                  `${formatTime(status.reopensAt, league.marketBlockTimezone)} (${league.marketBlockTimezone})`,
                )}
                {localZone !== league.marketBlockTimezone && (
                  <> · {formatTime(status.reopensAt)} ora locale</>
                )}
              </p>
            )}
            <p>Fino ad allora non è possibile acquistare né vendere giocatori e campioni.</p>
          </AlertDescription>
        </Alert>
      )}
      {status.manuallyClosed && status.reason !== 'completed' && (
        <Alert variant="warning" data-testid="manual-closure-banner">
          <Lock aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{MESSAGES.market.playersClosed}</AlertTitle>
          <AlertDescription>{MESSAGES.market.manualClosureNote}</AlertDescription>
        </Alert>
      )}
      {teams.length > 0 && (
        <Alert role="note" className="border-brand/40">
          <Lightbulb aria-hidden="true" className="text-brand-text" />
          <AlertTitle className="line-clamp-none">{MESSAGES.market.phaseSuggestion}</AlertTitle>
          <AlertDescription>
            <p>
              Fase: {currentPhase?.name}. Il suggerimento non è obbligatorio: puoi acquistare qualsiasi
              giocatore della lega.
            </p>
            <ul className="flex flex-wrap gap-1.5" aria-label="Team della fase corrente">
              {teams.map((team) => (
                <li key={team}>
                  <Badge variant="brand">{team}</Badge>
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
