import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { FullPageLoader, PageLoader } from '@/components/full-page-loader';
import { PendingInviteRedirect } from '@/features/private-leagues/components/pending-invite';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { MobileNav } from './mobile-nav';
import { TopBar } from './top-bar';

export function RootLayout() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <FullPageLoader />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Vai al contenuto
      </a>
      <TopBar />
      <main
        id="main"
        className={cn(
          'mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8',
          isAuthenticated && 'pb-24 md:pb-8',
        )}
      >
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      {isAuthenticated && <MobileNav />}
      <PendingInviteRedirect />
      <ScrollRestoration />
    </div>
  );
}
