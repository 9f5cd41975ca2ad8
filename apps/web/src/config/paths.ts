/**
 * Every route of the app (spec participant §2, admin §2). `path` is the router
 * pattern; `getHref` builds a link. Use these instead of string literals.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },

  auth: {
    login: { path: '/login', getHref: () => '/login' },
    register: { path: '/register', getHref: () => '/register' },
    forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
    resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
    changePassword: { path: '/change-password', getHref: () => '/change-password' },
  },

  leagues: { path: '/leagues', getHref: () => '/leagues' },
  roster: {
    path: '/roster',
    getHref: (leagueId?: string) =>
      leagueId ? `/roster?${new URLSearchParams({ league: leagueId })}` : '/roster',
  },
  market: {
    path: '/market',
    getHref: (leagueId?: string) =>
      leagueId ? `/market?${new URLSearchParams({ league: leagueId })}` : '/market',
  },
  leaderboard: {
    path: '/leaderboard',
    getHref: (leagueId?: string) =>
      leagueId ? `/leaderboard?${new URLSearchParams({ league: leagueId })}` : '/leaderboard',
  },
  matches: {
    path: '/matches',
    getHref: (leagueId?: string) =>
      leagueId ? `/matches?${new URLSearchParams({ league: leagueId })}` : '/matches',
  },

  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    leagues: { path: '/admin/leagues', getHref: () => '/admin/leagues' },
    newLeague: { path: '/admin/leagues/new', getHref: () => '/admin/leagues/new' },
    league: {
      path: '/admin/leagues/:leagueId',
      getHref: (leagueId: string) => `/admin/leagues/${encodeURIComponent(leagueId)}`,
    },
    editLeague: {
      path: '/admin/leagues/:leagueId/edit',
      getHref: (leagueId: string) => `/admin/leagues/${encodeURIComponent(leagueId)}/edit`,
    },
    champions: { path: '/admin/champions', getHref: () => '/admin/champions' },
    teams: { path: '/admin/teams', getHref: () => '/admin/teams' },
    matches: { path: '/admin/matches', getHref: () => '/admin/matches' },
    rosters: { path: '/admin/rosters', getHref: () => '/admin/rosters' },
    scoring: { path: '/admin/scoring', getHref: () => '/admin/scoring' },
    weeks: { path: '/admin/weeks', getHref: () => '/admin/weeks' },
    auditLog: { path: '/admin/audit-log', getHref: () => '/admin/audit-log' },
    import: {
      path: '/admin/import',
      getHref: (leagueId?: string) =>
        leagueId ? `/admin/import?${new URLSearchParams({ league: leagueId })}` : '/admin/import',
    },
    weeklyRewards: { path: '/admin/weekly-rewards', getHref: () => '/admin/weekly-rewards' },
    weeklyRewardsEditor: {
      path: '/admin/weekly-rewards-editor',
      getHref: () => '/admin/weekly-rewards-editor',
    },
    leaderboardRecovery: {
      path: '/admin/leaderboard-recovery',
      getHref: () => '/admin/leaderboard-recovery',
    },
  },

  fantaLeagues: { path: '/leghe-fanta', getHref: () => '/leghe-fanta' },
  fantaLeague: {
    path: '/leghe-fanta/:id',
    getHref: (id: string) => `/leghe-fanta/${encodeURIComponent(id)}`,
  },
  fantaLineup: {
    path: '/leghe-fanta/:id/formazione',
    getHref: (id: string, weekId?: string) =>
      `/leghe-fanta/${encodeURIComponent(id)}/formazione${weekId ? `?settimana=${encodeURIComponent(weekId)}` : ''}`,
  },
  fantaAuction: {
    path: '/leghe-fanta/:id/asta',
    getHref: (id: string) => `/leghe-fanta/${encodeURIComponent(id)}/asta`,
  },
  fantaInvite: {
    path: '/leghe-fanta/invito/:code',
    getHref: (code: string) => `/leghe-fanta/invito/${encodeURIComponent(code)}`,
  },
  privateLeagueInvite: {
    path: '/leghe-private/invito/:code',
    getHref: (code: string) => `/leghe-private/invito/${encodeURIComponent(code)}`,
  },

  notifications: { path: '/notifiche', getHref: () => '/notifiche' },

  devMailbox: { path: '/dev/mailbox', getHref: () => '/dev/mailbox' },
} as const;
