import { MESSAGES } from '@fantarift/core';
import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/**
 * Admin pages (spec admin §2). This guard is in the main bundle and the pages are
 * lazy, so a participant sees the denial without ever downloading admin code.
 * The server checks the admin flag again on every /api/admin call.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const { user, isAdmin } = useAuth();
  if (!isAdmin) return <AccessDenied signedIn={user !== null} />;
  return children ?? <Outlet />;
}

function AccessDenied({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="mx-auto max-w-2xl space-y-4 py-6">
      <title>{`${MESSAGES.admin.accessDenied} · FantaRift`}</title>
      <Alert variant="destructive">
        <ShieldAlert aria-hidden="true" />
        <AlertTitle>{MESSAGES.admin.accessDenied}</AlertTitle>
        <AlertDescription>{MESSAGES.admin.accessDeniedDescription}</AlertDescription>
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>{MESSAGES.common.backHome}</Link>
        </Button>
        {!signedIn && (
          <Button asChild>
            <Link to={paths.auth.login.getHref()}>Login</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
