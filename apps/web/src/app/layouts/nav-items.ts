import {
  CalendarDays,
  ChartNoAxesColumn,
  type LucideIcon,
  ShieldCheck,
  ShoppingCart,
  Trophy,
  Users,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  to: string;
  /** Top bar label (spec: Leghe, Roster, Mercato, Classifica, Admin). */
  label: string;
  /** Bottom bar label on phones (spec: Leagues, Roster, Market, Ranks, Admin). */
  shortLabel: string;
  icon: LucideIcon;
}

export const MAIN_NAV: readonly NavItem[] = [
  { to: paths.leagues.getHref(), label: 'Leghe', shortLabel: 'Leagues', icon: Trophy },
  { to: paths.roster.getHref(), label: 'Roster', shortLabel: 'Roster', icon: Users },
  { to: paths.market.getHref(), label: 'Mercato', shortLabel: 'Market', icon: ShoppingCart },
  { to: paths.leaderboard.getHref(), label: 'Classifica', shortLabel: 'Ranks', icon: ChartNoAxesColumn },
  { to: paths.matches.getHref(), label: 'Partite', shortLabel: 'Matches', icon: CalendarDays },
];

export const ADMIN_NAV: NavItem = {
  to: paths.admin.root.getHref(),
  label: 'Admin',
  shortLabel: 'Admin',
  icon: ShieldCheck,
};

export function navItemsFor(isAdmin: boolean): readonly NavItem[] {
  return isAdmin ? [...MAIN_NAV, ADMIN_NAV] : MAIN_NAV;
}
