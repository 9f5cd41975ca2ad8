import { NavLink } from 'react-router';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { navItemsFor } from './nav-items';

/** Tailwind needs whole class names: one per possible count of items. */
const GRID_COLUMNS: Record<number, string> = { 4: 'grid-cols-4', 5: 'grid-cols-5', 6: 'grid-cols-6' };

/** Phones (< md): the fixed bottom bar replaces the top bar's links. */
export function MobileNav() {
  const { isAdmin } = useAuth();
  const items = navItemsFor(isAdmin);
  return (
    <nav
      aria-label="Navigazione mobile"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-background/80 md:hidden"
    >
      <ul className={cn('mx-auto grid h-16 max-w-lg', GRID_COLUMNS[items.length] ?? 'grid-cols-6')}>
        {items.map(({ to, shortLabel, icon: Icon }) => (
          <li key={to} className="flex">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'relative flex flex-1 flex-col items-center justify-center gap-1 font-medium text-[11px] outline-none transition-colors focus-visible:bg-accent',
                  isActive ? 'text-brand-text' : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    aria-hidden="true"
                    className={cn(
                      'absolute top-0 h-0.5 w-8 rounded-full bg-brand transition-opacity',
                      isActive ? 'opacity-100' : 'opacity-0',
                    )}
                  />
                  <Icon aria-hidden="true" className="size-5" />
                  {shortLabel}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
