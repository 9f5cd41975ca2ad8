import { MESSAGES } from '@fantarift/core';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatPoints } from '@/lib/format';
import { useRosterHistory } from '../api/get-roster-history';

const T = MESSAGES.myGame;
// uPlot and its styles load only when a roster with a history is shown
const PointsHistoryChart = lazy(() => import('./points-history-chart'));

/** My roster's points and position per week: a chart, and the same figures as a table for screen readers. */
export function PointsHistory({ leagueId }: { leagueId: string }) {
  const query = useRosterHistory(leagueId);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{T.historyTitle}</h2>
        </CardTitle>
        <CardDescription>{T.historyDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Skeleton className="h-60" />
        ) : query.isError ? (
          <p className="text-muted-foreground text-sm">{T.historyLoadError}</p>
        ) : query.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">{T.historyEmpty}</p>
        ) : (
          <>
            <div
              className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs"
              aria-hidden="true"
            >
              <span className="flex items-center gap-1.5">
                <span className="inline-block size-2.5 rounded-sm bg-brand" /> {T.historyPoints}
              </span>
              <span className="flex items-center gap-1.5">
                <span className="inline-block size-2.5 rounded-full bg-foreground" /> {T.historyRank}
              </span>
            </div>
            <Suspense fallback={<Skeleton className="h-60" />}>
              <PointsHistoryChart weeks={query.data} />
            </Suspense>
            {/* A table is never narrower than its content, `sr-only` or not, and a clip-path keeps
                its size: the 1 px box around it clips it, so that it does not widen a phone's page. */}
            <div className="sr-only">
              <table>
                <caption>{T.historyDescription}</caption>
                <thead>
                  <tr>
                    <th scope="col">Settimana</th>
                    <th scope="col">{T.historyPoints}</th>
                    <th scope="col">{T.historyRank}</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.map((w) => (
                    <tr key={w.weekNumber}>
                      <th scope="row">{w.name}</th>
                      <td>{formatPoints(w.points)}</td>
                      <td>
                        {w.rank}° / {w.participants}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
