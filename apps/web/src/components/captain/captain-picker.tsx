import { MESSAGES } from '@fantarift/core';
import { Crown } from 'lucide-react';
import {
  type Captain,
  captainErrorMessage,
  captainNeeded,
  useCaptain,
  useChooseCaptain,
} from '@/api/get-captain';
import { formatDeadlineTime } from '@/components/leagues/deadline-countdown';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { captainRoleOf } from './captain-badge';

const T = MESSAGES.captain;

interface HeldPlayer {
  id: string;
  name: string;
}

/**
 * The weekly captain (issue 29): each held player can be marked "C" or "V" for the next week that is not
 * locked; the page says which week the choice counts for, until when it can change, and what counts for the
 * locked week being played. Nothing when the league has no captain.
 */
export function CaptainPicker({ leagueId, players }: { leagueId: string; players: HeldPlayer[] }) {
  const query = useCaptain(leagueId);
  const choose = useChooseCaptain();
  const captain = query.data;
  if (!captain || captain.multiplier === 1) return null;
  const nameOf = (id: string | null) => players.find((p) => p.id === id)?.name ?? '—';

  const save = (captainPlayerId: string, viceCaptainPlayerId: string | null) =>
    choose.mutate(
      { leagueId, captainPlayerId, viceCaptainPlayerId },
      {
        onSuccess: () => notify.success(T.saved),
        onError: (error) => notify.error(captainErrorMessage(error)),
      },
    );
  const markCaptain = (id: string) =>
    save(id, captain.viceCaptainPlayerId === id ? null : captain.viceCaptainPlayerId);
  const markVice = (id: string) => {
    if (!captain.captainPlayerId || captain.captainPlayerId === id) {
      notify.error(T.choose);
      return;
    }
    save(captain.captainPlayerId, captain.viceCaptainPlayerId === id ? null : id);
  };

  return (
    <section
      aria-label={T.title}
      className={cn(
        'space-y-3 rounded-lg border p-3 text-sm',
        captainNeeded(captain) ? 'border-amber-500/40 bg-amber-500/10' : 'bg-card',
      )}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="flex items-center gap-1.5 font-semibold">
          <Crown aria-hidden="true" className="size-4 text-brand-text" />
          {T.title} ×{String(captain.multiplier).replace('.', ',')}
          {captain.viceEnabled ? ` · ${T.vice}` : ''}
        </h3>
        <WeekLine captain={captain} />
      </div>
      {captainNeeded(captain) && (
        <p className="font-medium text-amber-700 dark:text-amber-300">
          {T.noneSet}: {T.choose}
        </p>
      )}
      {players.length === 0 ? null : (
        <ul className="divide-y rounded-md border" aria-label={`${T.title} e ${T.vice.toLowerCase()}`}>
          {players.map((p) => {
            const role = captainRoleOf(p.id, captain);
            return (
              <li key={p.id} className="flex items-center justify-between gap-2 px-3 py-1.5">
                <span className="min-w-0 truncate">{p.name}</span>
                <span className="flex shrink-0 gap-1.5">
                  <Button
                    size="sm"
                    variant={role === 'captain' ? 'brand' : 'outline'}
                    aria-pressed={role === 'captain'}
                    aria-label={T.makeCaptain(p.name)}
                    disabled={choose.isPending || !captain.weekId}
                    onClick={() => markCaptain(p.id)}
                  >
                    {T.captainShort}
                  </Button>
                  {captain.viceEnabled && (
                    <Button
                      size="sm"
                      variant={role === 'vice' ? 'secondary' : 'outline'}
                      aria-pressed={role === 'vice'}
                      aria-label={T.makeVice(p.name)}
                      disabled={choose.isPending || !captain.weekId}
                      onClick={() => markVice(p.id)}
                    >
                      {T.viceShort}
                    </Button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {captain.current && (
        <p className="text-muted-foreground text-xs">
          {T.currentWeek(captain.current.weekName)}: {T.title} {nameOf(captain.current.captainPlayerId)}
          {captain.viceEnabled && captain.current.viceCaptainPlayerId
            ? `, ${T.vice} ${nameOf(captain.current.viceCaptainPlayerId)}`
            : ''}
        </p>
      )}
    </section>
  );
}

function WeekLine({ captain }: { captain: Captain }) {
  if (!captain.weekName) return <span className="text-muted-foreground text-xs">{T.noWeek}</span>;
  return (
    <span className="text-muted-foreground text-xs">
      {T.forWeek(captain.weekName)}
      {captain.locksAt ? ` · ${T.locksAt(formatDeadlineTime(new Date(captain.locksAt)))}` : ''}
    </span>
  );
}
