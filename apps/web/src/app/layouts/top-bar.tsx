import { Link, NavLink } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { LazyAccountMenu, LazyThemeMenu } from './lazy-menus';
import { Logo } from './logo';
import { navItemsFor } from './nav-items';

export function TopBar() {
  const { user, isAdmin } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-4">
        <Logo />
        {user && (
          <nav aria-label="Navigazione principale" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {navItemsFor(isAdmin).map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-1.5 rounded-md px-3 py-2 font-medium text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                        isActive ? 'bg-accent text-foreground' : 'text-muted-foreground',
                      )
                    }
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <LazyThemeMenu />
          {user ? (
            <LazyAccountMenu user={user} />
          ) : (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.auth.login.getHref()}>Login</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={paths.auth.register.getHref()}>Registrati</Link>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
