import type { ReactNode } from 'react';
import { formatDate } from '@/lib/format';
import type { AdminLeague } from '../api/types';
import { AdminMarketBadge, AdminStatusBadge } from './league-status';

/** "Panoramica": the league at a glance. */
export function LeagueOverview({ league }: { league: AdminLeague }) {
  const rows: [string, ReactNode][] = [
    ['Tipo', league.type],
    ['Stato', <AdminStatusBadge key="s" status={league.status} />],
    ['Mercato', <AdminMarketBadge key="m" open={league.marketOpen} />],
    ['Numero team', league.teams.length],
    ['Data di inizio', formatDate(league.startDate)],
    ['Data di fine', formatDate(league.endDate)],
    ['Partecipanti', league.participantCount],
    [
      'Blocco mercato',
      league.marketBlockStartTime && league.marketBlockEndTime
        ? `${league.marketBlockStartTime.slice(0, 5)}–${league.marketBlockEndTime.slice(0, 5)} (${league.marketBlockTimezone})`
        : 'Disattivato',
    ],
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-3 rounded-xl border bg-card p-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="rounded-xl border bg-card p-4" aria-labelledby="overview-teams">
        <h3 id="overview-teams" className="mb-3 font-semibold">
          Team ({league.teams.length})
        </h3>
        {league.teams.length === 0 ? (
          <p className="text-muted-foreground text-sm">Nessun team.</p>
        ) : (
          <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
            {league.teams.map((team) => (
              <li key={team} className="rounded-md bg-muted px-2.5 py-1.5">
                {team}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
