import { useState } from 'react';
import { Link } from 'react-router';
import {
  type FantaStandings as FantaStandingsData,
  fantaErrorMessage,
  useFantaStandings,
} from '@/api/fanta-leagues';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { FantaH2hBoard } from './fanta-h2h-board';
import { fantaPoints, WeekBreakdownDialog } from './week-breakdown-dialog';

/**
 * The Lega Fanta's table, live (the page's stream refetches it on the official league's saves): "Classica",
 * or the calendar and table of a "Scontri diretti" league.
 */
export function FantaStandings({ id }: { id: string }) {
  const table = useFantaStandings(id);
  const { user } = useAuth();
  if (table.isPending) return <Skeleton className="h-32" />;
  if (table.isError)
    return <LoadErrorAlert title={fantaErrorMessage(table.error)} onRetry={() => void table.refetch()} />;
  if (table.data.h2h) return <FantaH2hBoard id={id} h2h={table.data.h2h} meId={user?.id} />;
  return <Classica id={id} data={table.data} meId={user?.id} />;
}

/** "Classica": each manager's total of the season's weeks; the last week's points beside it. */
function Classica({ id, data, meId }: { id: string; data: FantaStandingsData; meId?: string }) {
  const [opened, setOpened] = useState<{ userId: string; username: string } | null>(null);
  const { weeks, standings } = data;
  const last = weeks.at(-1);
  return (
    <section aria-labelledby="standings" className="space-y-3">
      <h2 id="standings" className="font-semibold text-xl">
        Classifica
      </h2>
      {weeks.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          La classifica parte con la prima settimana che inizia dopo l'asta.
        </p>
      ) : (
        <table className="w-full text-sm">
          <thead className="text-left text-muted-foreground">
            <tr>
              <th className="w-8 py-1 font-normal">#</th>
              <th className="py-1 font-normal">Manager</th>
              <th className="py-1 text-right font-normal">
                {last && (
                  <Link to={paths.fantaLineup.getHref(id, last.id)} className="underline">
                    Sett. {last.weekNumber}
                    {last.complete ? '' : ' (in corso)'}
                  </Link>
                )}
              </th>
              <th className="py-1 text-right font-normal">Totale</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {standings.map((s) => (
              <tr key={s.userId} className={s.userId === meId ? 'font-semibold' : undefined}>
                <td className="py-2 tabular-nums">{s.position}</td>
                <td className="py-2 [overflow-wrap:anywhere]">
                  <button
                    type="button"
                    className="min-h-10 text-left underline-offset-2 hover:underline"
                    aria-label={`La settimana di ${s.username}`}
                    onClick={() => setOpened({ userId: s.userId, username: s.username })}
                  >
                    {s.username}
                  </button>
                </td>
                <td className="py-2 text-right tabular-nums">{fantaPoints(s.weekPoints.at(-1) ?? 0)}</td>
                <td className="py-2 text-right tabular-nums">{fantaPoints(s.totalPoints)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <WeekBreakdownDialog id={id} weekId={last?.id} manager={opened} onClose={() => setOpened(null)} />
    </section>
  );
}
