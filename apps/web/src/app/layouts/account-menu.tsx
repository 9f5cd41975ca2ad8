import { MESSAGES } from '@fantarift/core';
import { Bell, ChevronDown, KeyRound, LoaderCircle, LogOut } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { type AuthUser, useLogout } from '@/lib/auth';

/** Spec §2: the browser goes to /login about 100 ms after signing out. */
const REDIRECT_AFTER_LOGOUT_MS = 100;

export function AccountMenu({ user }: { user: AuthUser }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const logout = useLogout({
    onSuccess: () => {
      setOpen(false);
      toast.success(MESSAGES.auth.logoutSuccess);
      window.setTimeout(
        () => navigate(paths.auth.login.getHref(), { replace: true }),
        REDIRECT_AFTER_LOGOUT_MS,
      );
    },
    onError: () => toast.error(MESSAGES.auth.logoutError),
  });

  const initial = (user.username || user.email).charAt(0).toUpperCase();

  return (
    // Stays open while signing out, so "Uscita..." is visible until the server answers.
    <DropdownMenu open={open} onOpenChange={(next) => setOpen(next || logout.isPending)}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-1.5 sm:px-2" aria-label={`Account di ${user.username}`}>
          <span
            aria-hidden="true"
            className="flex size-7 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xs"
          >
            {initial}
          </span>
          <span className="hidden max-w-32 truncate sm:inline">{user.username}</span>
          <ChevronDown aria-hidden="true" className="hidden text-muted-foreground sm:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate font-medium">{user.username}</p>
          <p className="truncate text-muted-foreground text-xs">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.auth.changePassword.getHref()}>
            <KeyRound aria-hidden="true" />
            Cambia Password
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.notifications.getHref()}>
            <Bell aria-hidden="true" />
            Notifiche
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem
          variant="destructive"
          disabled={logout.isPending}
          onSelect={(event) => {
            event.preventDefault();
            logout.mutate();
          }}
        >
          {logout.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {logout.isPending ? 'Uscita...' : 'Logout'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
