import { MESSAGES } from '@fantarift/core';
import { ChevronRight, Crown, Swords } from 'lucide-react';
import type { ReactNode } from 'react';
import type {
  ExplainedGame,
  ExplainedMatch,
  ExplainedPlayer,
  ExplainedWeek,
  PointsLine,
} from '@/api/get-roster-points';
import { useRosterPoints } from '@/api/get-roster-points';
import { LoadErrorLine } from '@/components/load-error-alert';
import { PlayerNameButton } from '@/components/players/player-name-button';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatNumber, formatSigned } from '@/lib/format';
import { cn } from '@/lib/utils';

/** "Uccisioni 5 × 2 = 10", "Quota obiettivi di squadra 13 ÷ 5 = 2,6", "Arrotondamento −0,04". */
export function lineText(line: PointsLine): string {
  if (line.kind === 'objectives' && line.per !== null) {
    return `${line.label} ${formatNumber(line.per)} ÷ 5 = ${formatNumber(line.points)}`;
  }
  if (line.count !== null && line.per !== null) {
    return `${line.label} ${formatNumber(line.count)} × ${formatNumber(line.per)} = ${formatNumber(line.points)}`;
  }
  return `${line.label} ${formatSigned(line.points)}`;
}

function Pts({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('shrink-0 font-semibold tabular-nums', value < 0 && 'text-destructive', className)}>
      {formatNumber(value)}
    </span>
  );
}

/** Named groups, so a closed game inside an open week keeps its own chevron (whole class names for Tailwind). */
const LEVEL = {
  week: { group: 'group/week', rotate: 'group-open/week:rotate-90' },
  match: { group: 'group/match', rotate: 'group-open/match:rotate-90' },
  game: { group: 'group/game', rotate: 'group-open/game:rotate-90' },
} as const;

/** Summary row of a <details>: the chevron turns when open. */
function Summary({ level, children }: { level: keyof typeof LEVEL; children: ReactNode }) {
  return (
    <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-2 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
      <ChevronRight
        aria-hidden="true"
        className={cn('size-4 shrink-0 text-muted-foreground transition-transform', LEVEL[level].rotate)}
      />
      {children}
    </summary>
  );
}

function GameLines({ game, playerName }: { game: ExplainedGame; playerName: string }) {
  return (
    <details className={LEVEL.game.group}>
      <Summary level="game">
        <span className="min-w-0 flex-1 truncate">
          Game {game.gameNumber}
          {game.champion ? ` · ${game.champion.name}` : ''}
          <span className="text-muted-foreground"> · {game.teamWon ? 'vinto' : 'perso'}</span>
        </span>
        <Pts value={game.points} />
      </Summary>
      <ul className="ml-8 space-y-0.5 pb-2 text-muted-foreground text-xs">
        {game.lines.map((line) => (
          <li key={`${line.kind}-${line.label}`}>{lineText(line)}</li>
        ))}
        {game.championBonus && game.champion && (
          <>
            <li className="text-foreground">
              Bonus campione {game.champion.name} (tier {game.champion.tier}), giocato da {playerName}{' '}
              {formatSigned(game.championBonus.matchBonus)}
            </li>
            {game.championBonus.winBonus !== 0 && (
              <li className="text-foreground">
                Bonus vittoria con {game.champion.name} {formatSigned(game.championBonus.winBonus)}
              </li>
            )}
          </>
        )}
        {game.championStatus === 'boughtAfterStart' && game.champion && (
          <li>
            Campione {game.champion.name} {MESSAGES.leagueMatches.boughtAfterStart}
          </li>
        )}
      </ul>
    </details>
  );
}

function PlayerRow({ leagueId, player }: { leagueId: string; player: ExplainedPlayer }) {
  if (player.status === 'boughtAfterStart') {
    return (
      <li className="flex items-baseline gap-2 px-2 py-2 text-sm">
        <span className="min-w-0 flex-1">
          <PlayerNameButton
            leagueId={leagueId}
            playerId={player.playerId}
            name={player.name}
            className="font-medium"
          />
          <span className="block text-muted-foreground text-xs">
            {MESSAGES.leagueMatches.boughtAfterStart}
          </span>
        </span>
        <Pts value={0} />
      </li>
    );
  }
  return (
    <li className="px-1 py-1 text-sm">
      <div className="flex items-baseline gap-2 px-1">
        <span className="min-w-0 flex-1 truncate">
          <PlayerNameButton
            leagueId={leagueId}
            playerId={player.playerId}
            name={player.name}
            className="font-medium"
          />
          <span className="text-muted-foreground text-xs"> · {player.team}</span>
        </span>
        <Pts value={player.points} />
      </div>
      <div className="pl-1">
        {player.games.map((game) => (
          <GameLines key={game.gameNumber} game={game} playerName={player.name} />
        ))}
        {player.seriesMvpPoints !== null && (
          <p className="flex items-center gap-2 px-2 py-1 text-xs">
            <Crown aria-hidden="true" className="size-3.5 text-brand-text" />
            <span className="flex-1">MVP della serie</span>
            <span className="font-semibold tabular-nums">{formatSigned(player.seriesMvpPoints)}</span>
          </p>
        )}
      </div>
    </li>
  );
}

function MatchBlock({ leagueId, match }: { leagueId: string; match: ExplainedMatch }) {
  return (
    <details className={cn(LEVEL.match.group, 'rounded-md border')} open>
      <Summary level="match">
        <Swords aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">
            {match.team1} vs {match.team2}
          </span>
          <span className="block text-muted-foreground text-xs">
            {formatDateTime(match.date)} · BO{match.matchFormat}
            {match.winner ? ` · vince ${match.winner}` : ''}
          </span>
        </span>
        <Pts value={match.points} />
      </Summary>
      <ul className="divide-y border-t">
        {match.players.map((player) => (
          <PlayerRow key={player.playerId} leagueId={leagueId} player={player} />
        ))}
        {match.lateChampions.map((c) => (
          <li key={`${c.championId}-${c.playerName}`} className="px-2 py-2 text-muted-foreground text-xs">
            Campione {c.name} (giocato da {c.playerName}) {MESSAGES.leagueMatches.boughtAfterStart}
          </li>
        ))}
      </ul>
    </details>
  );
}

function WeekBlock({ leagueId, week, open }: { leagueId: string; week: ExplainedWeek; open: boolean }) {
  return (
    <details className={cn(LEVEL.week.group, 'rounded-lg border bg-card')} open={open}>
      <Summary level="week">
        <span className="min-w-0 flex-1 truncate font-semibold">{week.name}</span>
        <span className="text-muted-foreground text-xs">punti</span>
        <Pts value={week.points} className="text-base" />
      </Summary>
      <div className="space-y-2 px-2 pb-2">
        {week.matches.length === 0 && (
          <p className="px-2 text-muted-foreground text-sm">Nessuna partita con i tuoi giocatori.</p>
        )}
        {week.matches.map((match) => (
          <MatchBlock key={match.matchId} leagueId={leagueId} match={match} />
        ))}
        {week.captain && (
          <p className="flex items-center gap-1.5 px-2 font-medium text-sm" data-testid="captain-line">
            <Crown aria-hidden="true" className="size-4 shrink-0 text-brand-text" />
            {week.captain.label}: {formatSigned(week.captain.bonus)}
          </p>
        )}
        {week.unexplained !== 0 && (
          <p className="flex justify-between px-2 text-muted-foreground text-xs">
            <span>{MESSAGES.leagueMatches.unexplained}</span>
            <span className="tabular-nums">{formatSigned(week.unexplained)}</span>
          </p>
        )}
      </div>
    </details>
  );
}

/**
 * Why a roster scored what it scored: per week → per match → per player, each game's lines. The
 * figures come from the server and add up to the stored totals (adjustments are their own line).
 */
export function RosterPointsView({ leagueId, rosterId }: { leagueId: string; rosterId?: string }) {
  const { data, isPending, isError } = useRosterPoints(leagueId, rosterId);
  if (isError) {
    return <LoadErrorLine />;
  }
  if (isPending) {
    return (
      <div className="space-y-2" data-testid="roster-points-loading">
        <Skeleton className="h-12" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  const latest = data.weeks.at(-1)?.weekId;
  return (
    <section aria-label="Perché questi punti" className="min-w-0 space-y-3">
      <dl className="flex flex-wrap items-baseline gap-x-4 gap-y-1 rounded-lg border bg-muted/40 px-3 py-2 text-sm">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Settimane</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(data.weeksTotal)}</dd>
        </div>
        {data.adjustment !== 0 && (
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">{MESSAGES.leagueMatches.adjustment}</dt>
            <dd className="font-semibold tabular-nums">{formatSigned(data.adjustment)}</dd>
          </div>
        )}
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">Totale</dt>
          <dd className="font-semibold tabular-nums">{formatNumber(data.totalPoints)}</dd>
        </div>
      </dl>
      {data.weeks.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Nessun punto ancora: le partite completate appariranno qui.
        </p>
      ) : (
        <div className="space-y-2">
          {[...data.weeks].reverse().map((week) => (
            <WeekBlock key={week.weekId} leagueId={leagueId} week={week} open={week.weekId === latest} />
          ))}
        </div>
      )}
      <p className="flex items-center gap-1.5 text-muted-foreground text-xs">
        <Badge variant="outline">i</Badge>
        Contano solo i giocatori e i campioni nel roster all'inizio della partita.
      </p>
    </section>
  );
}

/**
 * One week of a roster's points in a narrow column: each player's points in the week's matches (highest
 * first), the captain's line and what no line explains; a head-to-head match-up shows both sides' side by
 * side, so they fit two to a phone's width.
 */
export function RosterWeekColumn({
  leagueId,
  rosterId,
  weekId,
}: {
  leagueId: string;
  rosterId: string;
  weekId: string;
}) {
  const { data, isPending, isError } = useRosterPoints(leagueId, rosterId);
  if (isError) return <LoadErrorLine />;
  if (isPending) return <Skeleton className="h-24" data-testid="roster-points-loading" />;
  const week = data.weeks.find((w) => w.weekId === weekId);
  if (!week) return <p className="text-muted-foreground">Nessun punto in questa settimana.</p>;
  const byPlayer = new Map<string, { name: string; team: string; points: number; matches: number }>();
  for (const match of week.matches) {
    for (const player of match.players) {
      const seen = byPlayer.get(player.playerId) ?? {
        name: player.name,
        team: player.team,
        points: 0,
        matches: 0,
      };
      seen.points = Math.round((seen.points + player.points) * 100) / 100;
      seen.matches += 1;
      byPlayer.set(player.playerId, seen);
    }
  }
  const rows = [...byPlayer.entries()].sort((a, b) => b[1].points - a[1].points);
  return (
    <ul className="divide-y">
      {rows.map(([playerId, p]) => (
        <li key={playerId} className="flex items-baseline gap-1.5 py-1.5">
          <span className="min-w-0 flex-1">
            <PlayerNameButton
              leagueId={leagueId}
              playerId={playerId}
              name={p.name}
              className="block font-medium"
            />
            <span className="block truncate text-muted-foreground text-xs">
              {p.team}
              {p.matches > 1 ? ` · ${p.matches} partite` : ''}
            </span>
          </span>
          <Pts value={p.points} />
        </li>
      ))}
      {rows.length === 0 && (
        <li className="py-1.5 text-muted-foreground">Nessuna partita con i suoi giocatori.</li>
      )}
      {week.captain && (
        <li className="flex items-baseline gap-1.5 py-1.5" data-testid="captain-line">
          <Crown aria-hidden="true" className="size-3.5 shrink-0 self-center text-brand-text" />
          <span className="min-w-0 flex-1">{week.captain.label}</span>
          <Pts value={week.captain.bonus} />
        </li>
      )}
      {week.unexplained !== 0 && (
        <li className="flex items-baseline gap-1.5 py-1.5 text-muted-foreground text-xs">
          <span className="flex-1">{MESSAGES.leagueMatches.unexplained}</span>
          <span className="tabular-nums">{formatSigned(week.unexplained)}</span>
        </li>
      )}
    </ul>
  );
}
