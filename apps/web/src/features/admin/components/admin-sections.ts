import { IMPORT_MESSAGES } from '@fantarift/core';
import {
  Calculator,
  CalendarDays,
  CalendarPlus,
  Coins,
  FilePenLine,
  History,
  Layers,
  type LucideIcon,
  PencilLine,
  ScrollText,
  Swords,
  Trophy,
  Upload,
  Users,
} from 'lucide-react';
import { paths } from '@/config/paths';

export interface AdminSection {
  title: string;
  description: string;
  icon: LucideIcon;
}

/**
 * Every admin page besides the dashboard and the match notice. The card titles
 * are the spec's (admin §2); descriptions are the spec's, in Italian.
 */
export const ADMIN_SECTIONS = {
  leagues: {
    title: 'Leagues Management',
    description:
      'Crea e modifica leghe ed eventi, apri o chiudi il mercato, gestisci le fasi e distribuisci monete.',
    icon: Trophy,
  },
  newLeague: {
    title: 'Crea Nuova Lega',
    description: 'Nome, tipo, date, team partecipanti e fasi della nuova lega.',
    icon: CalendarPlus,
  },
  league: {
    title: 'Dettaglio Lega',
    description: 'Panoramica, team e player, fasi della lega.',
    icon: Trophy,
  },
  editLeague: {
    title: 'Modifica Lega',
    description: 'Modifica i dati della lega.',
    icon: PencilLine,
  },
  weeks: {
    title: 'Weeks Management',
    description: 'Crea le settimane, assegna i match e distribuisci le ricompense.',
    icon: CalendarDays,
  },
  import: {
    title: IMPORT_MESSAGES.pageTitle,
    description:
      "Carica i dati partita di Oracle's Elixir (CSV): match, statistiche e punti in un colpo solo.",
    icon: Upload,
  },
  champions: {
    title: 'Champions Management',
    description: 'Gestisci i campioni, i loro tier e ruoli e i link alle performance per lega.',
    icon: Swords,
  },
  teams: {
    title: 'Teams Management',
    description: 'Gestisci i team e i giocatori di tutte le regioni.',
    icon: Users,
  },
  rosters: {
    title: 'Rosters Overview',
    description: 'Consulta i roster dei partecipanti e i loro saldi.',
    icon: Layers,
  },
  scoring: {
    title: 'Scoring Rules',
    description: 'Configura i punteggi dei giocatori e degli obiettivi di squadra.',
    icon: Calculator,
  },
  weeklyRewards: {
    title: 'Reward Settimanali',
    description: 'Calcola e distribuisci i Burro Coin settimanali in base alla classifica.',
    icon: Coins,
  },
  weeklyRewardsEditor: {
    title: 'Editor Reward Settimanali',
    description: 'Modifica le ricompense in Burrocoin già distribuite.',
    icon: FilePenLine,
  },
  auditLog: {
    title: 'Registro Azioni',
    description: 'Ogni azione degli amministratori con i valori prima e dopo, filtrabile.',
    icon: ScrollText,
  },
  leaderboardRecovery: {
    title: 'Recupero Leaderboard',
    description: 'Ripristina la classifica dagli snapshot automatici o dai dati storici.',
    icon: History,
  },
} as const satisfies Record<string, AdminSection>;

export type AdminSectionKey = keyof typeof ADMIN_SECTIONS;

/** The dashboard cards: the spec's eight in its order, the weekly rewards page (DECISIONS 19), the audit log, the match-data import. */
export const DASHBOARD_CARDS: readonly { section: AdminSectionKey; href: string }[] = [
  { section: 'leagues', href: paths.admin.leagues.getHref() },
  { section: 'weeks', href: paths.admin.weeks.getHref() },
  { section: 'champions', href: paths.admin.champions.getHref() },
  { section: 'teams', href: paths.admin.teams.getHref() },
  { section: 'rosters', href: paths.admin.rosters.getHref() },
  { section: 'scoring', href: paths.admin.scoring.getHref() },
  { section: 'weeklyRewards', href: paths.admin.weeklyRewards.getHref() },
  { section: 'weeklyRewardsEditor', href: paths.admin.weeklyRewardsEditor.getHref() },
  { section: 'leaderboardRecovery', href: paths.admin.leaderboardRecovery.getHref() },
  { section: 'auditLog', href: paths.admin.auditLog.getHref() },
  { section: 'import', href: paths.admin.import.getHref() },
];
