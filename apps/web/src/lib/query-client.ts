import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isApiError } from '@/lib/api-client';
import { takeSessionBootstrap } from '@/lib/session-bootstrap';

export const AUTH_ME_QUERY_KEY = ['auth', 'me'] as const;

const FIVE_MINUTES = 5 * 60 * 1000;

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    mutationMeta: {
      /** A 401 from this mutation means "wrong credentials", not "session expired". */
      ignoreUnauthorized?: boolean;
    };
  }
}

/** One retry for server or network failures; a 4xx answer will not change on retry. */
export function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 1;
}

/**
 * The app's query client. `session` is the signed-in user when known without asking the server: by default
 * the one the shell carries; the server's first-screen renderer passes its own.
 */
export function createQueryClient(
  session: ReturnType<typeof takeSessionBootstrap> = takeSessionBootstrap(),
): QueryClient {
  // When any call says the session is gone, re-ask the server who we are: the
  // auth context then sees no user and guarded pages send the visitor to /login.
  const refreshSession = () => queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });

  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isApiError(error, 401) && query.queryKey[0] !== AUTH_ME_QUERY_KEY[0]) void refreshSession();
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isApiError(error, 401) && !mutation.meta?.ignoreUnauthorized) void refreshSession();
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        retry: shouldRetry,
      },
      mutations: {
        retry: false,
      },
    },
  });
  if (session) queryClient.setQueryData(AUTH_ME_QUERY_KEY, session.user);
  return queryClient;
}
