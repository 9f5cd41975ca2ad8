import { MESSAGES } from '@fantarift/core';
import { useQueryClient } from '@tanstack/react-query';
import { AlarmClock } from 'lucide-react';
import { useEffect } from 'react';
import { captainNeeded, useCaptain } from '@/api/get-captain';
import { type Deadline, deadlineQueryKey, useDeadline } from '@/api/get-deadline';
import { useNow } from '@/hooks/use-now';
import { cn } from '@/lib/utils';

const T = MESSAGES.myGame;

/** "2 g 3 h", "3 h 05 min", "4 min 09 s": the two largest units of what is left. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return T.deadlineNow;
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} g ${hours} h`;
  if (hours > 0) return `${hours} h ${pad(minutes)} min`;
  return `${minutes} min ${pad(seconds)} s`;
}

/** The deadline's instant in the user's own time zone: "sab 22 nov, 18:00". */
export function formatDeadlineTime(at: Date): string {
  return new Intl.DateTimeFormat('it-IT', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

export function deadlineLabel(deadline: Deadline): string {
  return deadline.kind === 'match_start' && deadline.match
    ? T.deadlineMatchStart(deadline.match.team1, deadline.match.team2)
    : T.deadlineMarketBlock;
}

/**
 * Market and roster: a countdown to the next automatic market block or match start (whichever first),
 * with what it means for the player. Ticks every second; asks the server again once it has passed.
 */
export function DeadlineCountdown({
  leagueId,
  className,
  joined = true,
}: {
  leagueId: string;
  className?: string;
  /** whether the user has a roster in the league (its captain is asked for only then) */
  joined?: boolean;
}) {
  const query = useDeadline(leagueId);
  const captain = useCaptain(leagueId, joined);
  const now = useNow(1000);
  const queryClient = useQueryClient();
  const deadline = query.data ?? null;
  const left = deadline ? new Date(deadline.at).getTime() - now.getTime() : null;
  const passed = left !== null && left <= 0;

  useEffect(() => {
    if (passed) void queryClient.invalidateQueries({ queryKey: deadlineQueryKey(leagueId) });
  }, [passed, queryClient, leagueId]);

  if (!deadline || left === null) return null;
  const at = new Date(deadline.at);
  return (
    <section
      aria-label={T.deadlineTitle}
      className={cn(
        'flex items-start gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3 text-sm',
        className,
      )}
    >
      <AlarmClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" />
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium">
          {T.deadlineTitle}: {deadlineLabel(deadline)}{' '}
          <span className="whitespace-nowrap">
            — {passed ? T.deadlineNow : `${T.deadlineIn} `}
            {!passed && (
              <time dateTime={deadline.at} className="font-semibold tabular-nums">
                {formatCountdown(left)}
              </time>
            )}
          </span>
        </p>
        <p className="text-muted-foreground">
          {formatDeadlineTime(at)} ·{' '}
          {deadline.kind === 'match_start' ? T.deadlineMatchMeaning : T.deadlineBlockMeaning}
        </p>
        {captainNeeded(captain.data) && (
          <p className="font-medium text-amber-700 dark:text-amber-300">{MESSAGES.captain.choose}</p>
        )}
      </div>
    </section>
  );
}
