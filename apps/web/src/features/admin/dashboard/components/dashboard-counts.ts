import type { AdminSectionKey } from '@/features/admin/components/admin-sections';
import type { AdminOverview } from '../api/get-overview';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The figure each dashboard card shows, from GET /api/admin/overview. */
export function dashboardCount(section: AdminSectionKey, o: AdminOverview): string | null {
  switch (section) {
    case 'leagues':
      return plural(o.leagues, 'lega', 'leghe');
    case 'weeks':
      return `${plural(o.weeks, 'settimana', 'settimane')} · ${o.matches} match`;
    case 'champions':
      return plural(o.champions, 'campione', 'campioni');
    case 'teams':
      return `${o.teams} team · ${o.players} player`;
    case 'rosters':
      return `${o.rosters} roster · ${plural(o.users, 'utente', 'utenti')}`;
    case 'scoring':
      return plural(o.scoringRules, 'set di regole', 'set di regole');
    case 'weeklyRewards':
    case 'weeklyRewardsEditor':
      return plural(o.weeklyRewards, 'reward distribuito', 'reward distribuiti');
    case 'leaderboardRecovery':
      return plural(o.snapshots, 'snapshot', 'snapshot');
    default:
      return null;
  }
}
