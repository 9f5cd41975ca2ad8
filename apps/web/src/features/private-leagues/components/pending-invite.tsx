import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

const KEY = 'fantarift.pendingInvite';
const CODE = /^[A-Za-z0-9]{1,32}$/;

export const invitePath = (code: string) => paths.privateLeagueInvite.getHref(code);

/** Remembers the invite a visitor opened, so that sign-up (confirmed by e-mail, in a new tab) leads back to it. */
export function rememberInvite(code: string) {
  try {
    localStorage.setItem(KEY, code);
  } catch {
    // storage disabled: the login redirect still brings the user back
  }
}

export function forgetInvite() {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

function pendingInvite(): string | null {
  try {
    const code = localStorage.getItem(KEY);
    return code && CODE.test(code) ? code : null;
  } catch {
    return null;
  }
}

/** Once signed in, a visitor who opened an invite before logging in or signing up is taken back to it. */
export function PendingInviteRedirect() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!user) return;
    const code = pendingInvite();
    if (!code) return;
    forgetInvite();
    if (location.pathname !== invitePath(code)) navigate(invitePath(code), { replace: true });
  }, [user, navigate, location.pathname]);
  return null;
}
