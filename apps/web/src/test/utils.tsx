import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { expect, vi } from 'vitest';
import { LazyAccountMenu, LazyThemeMenu } from '@/app/layouts/lazy-menus';
import { AppProviders } from '@/app/providers';
import { preloadPages, routes } from '@/app/router';
import type { AuthUser } from '@/lib/auth';
import { AUTH_ME_QUERY_KEY } from '@/lib/query-client';

export const participant: AuthUser = {
  id: 'u-1',
  email: 'mario@example.com',
  username: 'mario',
  isAdmin: false,
  createdAt: '2025-01-01T00:00:00.000Z',
};

export const admin: AuthUser = {
  ...participant,
  id: 'u-admin',
  email: 'admin@example.com',
  username: 'admin',
  isAdmin: true,
};

export function createTestQueryClient(user: AuthUser | null = null) {
  const client = new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  client.setQueryData(AUTH_ME_QUERY_KEY, user);
  return client;
}

interface RenderOptions {
  /** The signed-in user; null for a visitor. */
  user?: AuthUser | null;
  url?: string;
}

let shellLoaded: Promise<void> | undefined;
export const SHELL_LOAD_MS = 30_000;

/**
 * Renders the app's lazily loaded shell (the toaster and both top-bar menus) once and waits for it, so a
 * test never suspends on them: a lazy part that a test starts loading and the next test's render sees
 * finish would make React warn in that next test.
 */
export function loadShell(): Promise<void> {
  shellLoaded ??= (async () => {
    const shell = render(
      <AppProviders queryClient={createTestQueryClient(participant)}>
        <RouterProvider
          router={createMemoryRouter([
            {
              path: '/',
              element: (
                <>
                  <LazyThemeMenu />
                  <LazyAccountMenu user={participant} />
                </>
              ),
            },
          ])}
        />
      </AppProviders>,
    );
    try {
      // a first load of three chunks, which a busy machine can take seconds to transform
      await waitFor(
        () => {
          expect(document.querySelector('section[aria-label^="Notifiche"]')).not.toBeNull();
          expect(screen.getByRole('button', { name: 'Tema' })).toBeEnabled();
          expect(screen.getByRole('button', { name: `Account di ${participant.username}` })).toBeEnabled();
        },
        { timeout: SHELL_LOAD_MS },
      );
    } catch (error) {
      shellLoaded = undefined; // the next test tries again
      throw error;
    } finally {
      shell.unmount();
    }
  })();
  return shellLoaded;
}

function renderRouter(routeObjects: RouteObject[], { user = null, url = '/' }: RenderOptions) {
  const queryClient = createTestQueryClient(user);
  const router = createMemoryRouter(routeObjects, { initialEntries: [url] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/**
 * Renders the whole app (real routes, guards and layout) at `url`, once the chunks of the pages that
 * `url` opens are loaded: a test then waits for the page's own data, never for a module to be compiled,
 * which takes seconds on a busy machine.
 */
export async function renderApp(options: RenderOptions = {}) {
  await preloadPages(options.url ?? '/');
  return renderRouter(routes, options);
}

/** Renders one element with the app's providers and a router; other paths render their path name. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions & { path?: string } = {}) {
  const path = options.path ?? '/';
  return renderRouter(
    [
      { path, element: ui },
      { path: '*', element: <LocationProbe /> },
    ],
    { ...options, url: options.url ?? path },
  );
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces fetch; the handler sees the URL and init of each call. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler(String(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function requestBody(fetchMock: ReturnType<typeof mockFetch>, index = 0): unknown {
  const init = fetchMock.mock.calls[index]?.[1];
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}
