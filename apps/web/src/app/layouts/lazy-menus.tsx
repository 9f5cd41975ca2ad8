import { ChevronDown, Sun } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import type { AuthUser } from '@/lib/auth';

// The two top-bar menus (and their popover library) load right after the first paint. Until then a
// look-alike, inert trigger holds their place, so nothing moves when they arrive.
const AccountMenu = lazy(async () => ({ default: (await import('./account-menu')).AccountMenu }));
const ThemeMenu = lazy(async () => ({ default: (await import('./theme-menu')).ThemeMenu }));

export function LazyThemeMenu() {
  return (
    <Suspense
      fallback={
        <Button variant="ghost" size="icon" aria-label="Tema" disabled>
          <Sun aria-hidden="true" />
        </Button>
      }
    >
      <ThemeMenu />
    </Suspense>
  );
}

export function LazyAccountMenu({ user }: { user: AuthUser }) {
  return (
    <Suspense
      fallback={
        <Button
          variant="ghost"
          className="gap-2 px-1.5 sm:px-2"
          aria-label={`Account di ${user.username}`}
          disabled
        >
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs"
          >
            {(user.username || user.email).charAt(0).toUpperCase()}
          </span>
          <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
          <ChevronDown aria-hidden="true" className="hidden text-muted-foreground sm:block" />
        </Button>
      }
    >
      <AccountMenu user={user} />
    </Suspense>
  );
}
