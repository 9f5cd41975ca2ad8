import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { NotAuthenticated } from '@/components/not-authenticated';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

interface RequireAuthProps {
  /**
   * What a visitor gets: a redirect to /login (default; Leagues, Leaderboard,
   * Change password) or the 'Non autenticato' notice in place (Roster, Market, spec §6).
   */
  fallback?: 'redirect' | 'notice';
  children?: ReactNode;
}

/** Location state that lets /login send the user back where they were going. */
export interface LoginRedirectState {
  from?: string;
}

export function RequireAuth({ fallback = 'redirect', children }: RequireAuthProps) {
  const { user } = useAuth();
  const location = useLocation();

  if (!user) {
    if (fallback === 'notice') return <NotAuthenticated />;
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.auth.login.getHref()} state={state} replace />;
  }
  return children ?? <Outlet />;
}

/** Pages for visitors only (register, forgot password): a signed-in user goes home. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  if (user) return <Navigate to={paths.home.getHref()} replace />;
  return children ?? <Outlet />;
}
