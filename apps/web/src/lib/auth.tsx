import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useEffect, useMemo } from 'react';
import { type ApiSchema, api } from '@/lib/api/client';
import { isApiError } from '@/lib/api-client';
import { forgetFirstScreens } from '@/lib/forget-first-screens';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

export type AuthUser = ApiSchema<'User'>;

/** Spec §3/§4: admin status is cached per user for the browser session under this prefix. */
export const ADMIN_STATUS_KEY_PREFIX = 'admin_status_';

export function writeAdminStatusCache(user: AuthUser) {
  try {
    window.sessionStorage.setItem(`${ADMIN_STATUS_KEY_PREFIX}${user.id}`, String(user.isAdmin));
  } catch {
    // Storage unavailable: the cache is only an optimisation.
  }
}

export function clearAdminStatusCache() {
  try {
    const storage = window.sessionStorage;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(ADMIN_STATUS_KEY_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage unavailable: nothing to clear.
  }
}

/** The signed-in user, or null for a visitor (the session check answers 200 either way). */
export async function getMe(): Promise<AuthUser | null> {
  const { user } = await api.get('/api/auth/session');
  return user ?? null;
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: AUTH_ME_QUERY_KEY,
    queryFn: getMe,
  });

interface AuthContextValue {
  user: AuthUser | null;
  isAdmin: boolean;
  isAuthenticated: boolean;
  /** True only until the first answer (or failure) of /api/auth/session. */
  isLoading: boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { data, isPending, isError, error } = useQuery(meQueryOptions());
  const user = data ?? null;

  useEffect(() => {
    if (isError) console.warn('Impossibile verificare la sessione: si continua come visitatore.', error);
  }, [isError, error]);

  // Admin status comes from the server with the user; the browser keeps a copy for
  // the session and drops every copy as soon as nobody is signed in (spec §4).
  useEffect(() => {
    if (isPending) return;
    if (user) writeAdminStatusCache(user);
    else clearAdminStatusCache();
  }, [isPending, user]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isAdmin: user?.isAdmin === true,
      isAuthenticated: user !== null,
      isLoading: isPending,
    }),
    [user, isPending],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const context = use(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

export function logout(): Promise<{ message: string }> {
  return api.post('/api/auth/logout');
}

/** Ends the session on the server, then forgets the user and every cached query of theirs. */
export function useLogout(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        // No session any more (expired, or signed out in another tab): the goal is reached.
        if (!isApiError(error, 401)) throw error;
      }
    },
    onSuccess: () => {
      forgetFirstScreens();
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== AUTH_ME_QUERY_KEY[0] });
      queryClient.setQueryData<AuthUser | null>(AUTH_ME_QUERY_KEY, null);
      options.onSuccess?.();
    },
    onError: (error) => options.onError?.(error),
    meta: { ignoreUnauthorized: true },
  });
}

/** Stores the user the login answered with, so the app switches to "signed in" without a refetch. */
export function useSetAuthUser() {
  const queryClient = useQueryClient();
  return (user: AuthUser | null) => {
    forgetFirstScreens();
    queryClient.setQueryData<AuthUser | null>(AUTH_ME_QUERY_KEY, user);
  };
}
