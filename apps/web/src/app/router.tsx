import { PAGE_HEADINGS } from '@fantarift/core';
import {
  type ComponentType,
  isValidElement,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  useState,
} from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';
import { NotFound } from '@/components/not-found';
import { PageSuspense } from '@/components/page-suspense';
import { paths } from '@/config/paths';
import { HomeRoute } from '@/features/home/routes/home';
import { RequireAdmin } from './guards/require-admin';
import { GuestOnly, RequireAuth } from './guards/require-auth';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './routes/route-error';

/** A page's lazy component, with the function that loads its chunk ahead of the first render. */
export type LazyPage<P> = LazyExoticComponent<ComponentType<P>> & { preload: () => Promise<unknown> };

/** React.lazy for a named export: each page is its own chunk, loaded on first visit (or on `preload`). */
function lazyNamed<P, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyPage<P> {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] })),
    { preload: load },
  );
}

const LoginRoute = lazyNamed(() => import('@/features/auth/routes/login'), 'LoginRoute');
const RegisterRoute = lazyNamed(() => import('@/features/auth/routes/register'), 'RegisterRoute');
const ForgotPasswordRoute = lazyNamed(
  () => import('@/features/auth/routes/forgot-password'),
  'ForgotPasswordRoute',
);
const ResetPasswordRoute = lazyNamed(
  () => import('@/features/auth/routes/reset-password'),
  'ResetPasswordRoute',
);
const ChangePasswordRoute = lazyNamed(
  () => import('@/features/auth/routes/change-password'),
  'ChangePasswordRoute',
);
const LeaguesRoute = lazyNamed(() => import('@/features/leagues/routes/leagues'), 'LeaguesRoute');
const RosterRoute = lazyNamed(() => import('@/features/roster/routes/roster'), 'RosterRoute');
const MarketRoute = lazyNamed(() => import('@/features/market/routes/market'), 'MarketRoute');
const LeaderboardRoute = lazyNamed(
  () => import('@/features/leaderboard/routes/leaderboard'),
  'LeaderboardRoute',
);
const MatchesRoute = lazyNamed(() => import('@/features/matches/routes/matches'), 'MatchesRoute');
const PrivateLeagueInviteRoute = lazyNamed(
  () => import('@/features/private-leagues/routes/invite'),
  'PrivateLeagueInviteRoute',
);
const FantaLeaguesRoute = lazyNamed(
  () => import('@/features/fanta-leagues/routes/fanta-leagues'),
  'FantaLeaguesRoute',
);
const FantaLeagueRoute = lazyNamed(
  () => import('@/features/fanta-leagues/routes/fanta-league'),
  'FantaLeagueRoute',
);
const FantaAuctionRoute = lazyNamed(
  () => import('@/features/fanta-leagues/routes/fanta-auction'),
  'FantaAuctionRoute',
);
const FantaLineupRoute = lazyNamed(
  () => import('@/features/fanta-leagues/routes/fanta-lineup'),
  'FantaLineupRoute',
);
const FantaInviteRoute = lazyNamed(
  () => import('@/features/fanta-leagues/routes/fanta-invite'),
  'FantaInviteRoute',
);
const NotificationsRoute = lazyNamed(
  () => import('@/features/notifications/routes/notifications'),
  'NotificationsRoute',
);
const DevMailboxRoute = lazyNamed(
  () => import('@/features/dev-mailbox/routes/dev-mailbox'),
  'DevMailboxRoute',
);

// Admin code: only fetched by someone who passes RequireAdmin.
const AdminDashboardRoute = lazyNamed(
  () => import('@/features/admin/routes/admin-dashboard'),
  'AdminDashboardRoute',
);
const AdminMatchesRoute = lazyNamed(
  () => import('@/features/admin/routes/admin-matches'),
  'AdminMatchesRoute',
);
const AdminLeaguesRoute = lazyNamed(
  () => import('@/features/admin/leagues/routes/admin-leagues'),
  'AdminLeaguesRoute',
);
const AdminNewLeagueRoute = lazyNamed(
  () => import('@/features/admin/leagues/routes/admin-new-league'),
  'AdminNewLeagueRoute',
);
const AdminLeagueRoute = lazyNamed(
  () => import('@/features/admin/leagues/routes/admin-league'),
  'AdminLeagueRoute',
);
const AdminEditLeagueRoute = lazyNamed(
  () => import('@/features/admin/leagues/routes/admin-edit-league'),
  'AdminEditLeagueRoute',
);
const AdminChampionsRoute = lazyNamed(
  () => import('@/features/admin/catalogue/routes/admin-champions'),
  'AdminChampionsRoute',
);
const AdminTeamsRoute = lazyNamed(
  () => import('@/features/admin/catalogue/routes/admin-teams'),
  'AdminTeamsRoute',
);
const AdminRostersRoute = lazyNamed(
  () => import('@/features/admin/rosters/routes/admin-rosters'),
  'AdminRostersRoute',
);
const AdminWeeksRoute = lazyNamed(
  () => import('@/features/admin/season/routes/admin-weeks'),
  'AdminWeeksRoute',
);
const AdminImportRoute = lazyNamed(
  () => import('@/features/admin/import/routes/admin-import'),
  'AdminImportRoute',
);
const AdminScoringRoute = lazyNamed(
  () => import('@/features/admin/season/routes/admin-scoring'),
  'AdminScoringRoute',
);
const AdminWeeklyRewardsRoute = lazyNamed(
  () => import('@/features/admin/rewards/routes/admin-weekly-rewards'),
  'AdminWeeklyRewardsRoute',
);
const AdminWeeklyRewardsEditorRoute = lazyNamed(
  () => import('@/features/admin/rewards/routes/admin-weekly-rewards-editor'),
  'AdminWeeklyRewardsEditorRoute',
);
const AdminAuditLogRoute = lazyNamed(
  () => import('@/features/admin/audit-log/routes/admin-audit-log'),
  'AdminAuditLogRoute',
);
const AdminLeaderboardRecoveryRoute = lazyNamed(
  () => import('@/features/admin/rewards/routes/admin-leaderboard-recovery'),
  'AdminLeaderboardRecoveryRoute',
);

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        // Errors render inside the layout, so the top bar stays usable.
        errorElement: <RouteError />,
        children: [
          { path: paths.home.path, element: <HomeRoute /> },
          { path: paths.auth.login.path, element: <LoginRoute /> },
          { path: paths.auth.resetPassword.path, element: <ResetPasswordRoute /> },
          {
            element: <GuestOnly />,
            children: [
              { path: paths.auth.register.path, element: <RegisterRoute /> },
              { path: paths.auth.forgotPassword.path, element: <ForgotPasswordRoute /> },
            ],
          },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.auth.changePassword.path, element: <ChangePasswordRoute /> },
              { path: paths.notifications.path, element: <NotificationsRoute /> },
              { path: paths.leagues.path, element: <LeaguesRoute /> },
              {
                path: paths.leaderboard.path,
                element: (
                  <PageSuspense heading={PAGE_HEADINGS.leaderboard}>
                    <LeaderboardRoute />
                  </PageSuspense>
                ),
              },
              { path: paths.matches.path, element: <MatchesRoute /> },
              { path: paths.fantaLeagues.path, element: <FantaLeaguesRoute /> },
              { path: paths.fantaInvite.path, element: <FantaInviteRoute /> },
              { path: paths.fantaLeague.path, element: <FantaLeagueRoute /> },
              { path: paths.fantaAuction.path, element: <FantaAuctionRoute /> },
              { path: paths.fantaLineup.path, element: <FantaLineupRoute /> },
            ],
          },
          {
            element: <RequireAuth fallback="notice" />,
            children: [
              { path: paths.roster.path, element: <RosterRoute /> },
              {
                path: paths.market.path,
                element: (
                  <PageSuspense heading={PAGE_HEADINGS.market}>
                    <MarketRoute />
                  </PageSuspense>
                ),
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              { path: paths.admin.root.path, element: <AdminDashboardRoute /> },
              { path: paths.admin.leagues.path, element: <AdminLeaguesRoute /> },
              { path: paths.admin.newLeague.path, element: <AdminNewLeagueRoute /> },
              { path: paths.admin.league.path, element: <AdminLeagueRoute /> },
              { path: paths.admin.editLeague.path, element: <AdminEditLeagueRoute /> },
              { path: paths.admin.champions.path, element: <AdminChampionsRoute /> },
              { path: paths.admin.teams.path, element: <AdminTeamsRoute /> },
              { path: paths.admin.matches.path, element: <AdminMatchesRoute /> },
              { path: paths.admin.rosters.path, element: <AdminRostersRoute /> },
              { path: paths.admin.scoring.path, element: <AdminScoringRoute /> },
              { path: paths.admin.weeks.path, element: <AdminWeeksRoute /> },
              { path: paths.admin.import.path, element: <AdminImportRoute /> },
              { path: paths.admin.weeklyRewards.path, element: <AdminWeeklyRewardsRoute /> },
              { path: paths.admin.weeklyRewardsEditor.path, element: <AdminWeeklyRewardsEditorRoute /> },
              { path: paths.admin.leaderboardRecovery.path, element: <AdminLeaderboardRecoveryRoute /> },
              { path: paths.admin.auditLog.path, element: <AdminAuditLogRoute /> },
            ],
          },
          // the invite page speaks to visitors too (login or sign-up, then back here)
          { path: paths.privateLeagueInvite.path, element: <PrivateLeagueInviteRoute /> },
          { path: paths.devMailbox.path, element: <DevMailboxRoute /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

/** The `preload` of every lazy page among the elements a route renders (a page may sit in a wrapper). */
function pagePreloads(node: ReactNode, found: (() => Promise<unknown>)[] = []) {
  if (Array.isArray(node)) for (const child of node) pagePreloads(child, found);
  if (!isValidElement<{ children?: ReactNode }>(node)) return found;
  const preload = (node.type as { preload?: () => Promise<unknown> }).preload;
  if (preload) found.push(preload);
  return pagePreloads(node.props.children, found);
}

/** Loads the code of the pages `url` opens, ahead of their first render (tests, the server's first screen). */
export async function preloadPages(url: string): Promise<void> {
  const matched = matchRoutes(routes, url) ?? [];
  await Promise.all(matched.flatMap((match) => pagePreloads(match.route.element)).map((load) => load()));
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
