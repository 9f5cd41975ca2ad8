import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { admin, jsonResponse, mockFetch } from '@/test/utils';
import { AuthProvider, useAuth } from './auth';

function Probe() {
  const { isLoading, user, isAdmin } = useAuth();
  if (isLoading) return <p>loading</p>;
  return <p>{user ? `${user.username}:${isAdmin}` : 'visitor'}</p>;
}

function renderAuth() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('AuthProvider', () => {
  it('takes the user and admin flag from /api/auth/session and caches the flag for the session', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { user: admin }));
    renderAuth();
    expect(await screen.findByText('admin:true')).toBeInTheDocument();
    expect(sessionStorage.getItem('admin_status_u-admin')).toBe('true');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/auth/session');
  });

  it('treats user null (a visitor: 200, no failed request) as signed out and clears every cached admin status', async () => {
    sessionStorage.setItem('admin_status_old-user', 'true');
    sessionStorage.setItem('admin_status_other', 'false');
    sessionStorage.setItem('unrelated', 'kept');
    mockFetch(() => jsonResponse(200, { user: null }));
    renderAuth();
    expect(await screen.findByText('visitor')).toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem('admin_status_old-user')).toBeNull());
    expect(sessionStorage.getItem('admin_status_other')).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
  });
});
