import { MESSAGES } from '@fantarift/core';
import { Link } from 'react-router';
import { deadlineLabel, formatCountdown, formatDeadlineTime } from '@/components/leagues/deadline-countdown';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useNow } from '@/hooks/use-now';
import { formatPoints } from '@/lib/format';
import { type HomeLeague, useHomeSummary } from '../api/get-home-summary';

const T = MESSAGES.myGame;
const averageFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

/** Home quick stats: my average position, then per joined league what matters now. */
export function QuickStats() {
  const query = useHomeSummary();
  if (query.isPending) return <Skeleton className="h-28" />;
  if (query.isError || !query.data) {
    return <p className="text-muted-foreground text-sm">{MESSAGES.common.loadError}</p>;
  }
  const { leagues, averagePosition } = query.data;
  if (leagues.length === 0) {
    return (
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg border bg-muted/40 p-4">
          <dt className="text-muted-foreground text-sm">{T.homeAveragePosition}</dt>
          <dd className="mt-1 font-semibold">
            <Link to={paths.leagues.getHref()} className="text-brand-text underline-offset-4 hover:underline">
              {T.homeJoinLeague}
            </Link>
          </dd>
        </div>
        <div className="rounded-lg border bg-muted/40 p-4">
          <dt className="text-muted-foreground text-sm">{T.homeTotalPoints}</dt>
          <dd className="mt-1 font-semibold">—</dd>
        </div>
      </dl>
    );
  }
  return (
    <div className="space-y-4">
      <dl className="rounded-lg border bg-muted/40 p-4">
        <dt className="text-muted-foreground text-sm">{T.homeAveragePosition}</dt>
        <dd className="mt-1 font-bold text-2xl tabular-nums">
          {averagePosition === null ? '—' : `${averageFormat.format(averagePosition)}°`}
        </dd>
      </dl>
      <ul className="grid gap-3 md:grid-cols-2" aria-label="Le mie leghe">
        {leagues.map((league) => (
          <LeagueStats key={league.leagueId} league={league} />
        ))}
      </ul>
    </div>
  );
}

function LeagueStats({ league }: { league: HomeLeague }) {
  const now = useNow(30_000);
  const deadline = league.deadline;
  const left = deadline ? new Date(deadline.at).getTime() - now.getTime() : null;
  return (
    <li className="rounded-lg border p-4">
      <h3 className="font-semibold">
        <Link to={paths.leaderboard.getHref(league.leagueId)} className="hover:underline">
          {league.leagueName}
        </Link>
      </h3>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">{T.homePosition}</dt>
          <dd className="font-semibold tabular-nums">
            {league.position}°{' '}
            <span className="font-normal text-muted-foreground">/ {league.participantCount}</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{T.homeTotalPoints}</dt>
          <dd className="font-semibold tabular-nums">{formatPoints(league.totalPoints)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{T.homeLastWeek}</dt>
          <dd className="font-semibold tabular-nums">
            {league.lastWeek ? formatPoints(league.lastWeek.points) : '—'}
          </dd>
        </div>
        <div className="col-span-3">
          <dt className="text-muted-foreground">{T.homeNextDeadline}</dt>
          <dd>
            {deadline && left !== null ? (
              <>
                <span className="font-medium">{deadlineLabel(deadline)}</span>{' '}
                <span className="whitespace-nowrap tabular-nums">
                  {left > 0 ? `${T.deadlineIn} ${formatCountdown(left)}` : T.deadlineNow}
                </span>{' '}
                <span className="text-muted-foreground">({formatDeadlineTime(new Date(deadline.at))})</span>
              </>
            ) : (
              <span className="text-muted-foreground">{T.deadlineNone}</span>
            )}
            {league.captainNeeded && (
              <Link
                to={paths.roster.getHref(league.leagueId)}
                className="mt-1 block font-medium text-amber-700 hover:underline dark:text-amber-300"
              >
                {MESSAGES.captain.choose}
              </Link>
            )}
          </dd>
        </div>
      </dl>
    </li>
  );
}
