import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLeague } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

const CODE = 'ABCDEFGH23';
const preview = (over: object = {}) => ({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Amici del bar',
  leagueId: 'league-1',
  leagueName: 'LEC Versus 2026',
  leagueStatus: 'Active',
  rulesRequired: false,
  ownerUsername: 'peach',
  memberCount: 3,
  isMember: false,
  hasRoster: true,
  ...over,
});

describe('Private league invite route', () => {
  it('asks a visitor to log in or sign up and remembers the invite for after', async () => {
    mockFetch(() => jsonResponse(401, { code: 'UNAUTHORIZED', message: 'Non autenticato' }));
    await renderApp({ url: `/leghe-private/invito/${CODE}` });
    expect(await screen.findByText('Sei stato invitato in una lega privata')).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('a[href="/register"]')).not.toBeNull();
    await waitFor(() => expect(localStorage.getItem('fantarift.pendingInvite')).toBe(CODE));
  });

  it('shows the private league, its official league and owner, and joins in one click', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch((url, init) => {
      if (url === `/api/private-leagues/invite/${CODE}`)
        return jsonResponse(200, { privateLeague: preview() });
      if (url === `/api/private-leagues/invite/${CODE}/join` && init.method === 'POST') {
        return jsonResponse(200, {
          message: 'Sei entrato nella lega privata',
          privateLeague: {
            ...preview(),
            isOwner: false,
            inviteCode: null,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        });
      }
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [makeLeague({ id: 'league-1' })] });
      if (url === '/api/private-leagues') return jsonResponse(200, { privateLeagues: [] });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
    });
    const { router } = await renderApp({ user: participant, url: `/leghe-private/invito/${CODE}` });
    expect(await screen.findByRole('heading', { name: 'Amici del bar' })).toBeInTheDocument();
    expect(screen.getByText('LEC Versus 2026')).toBeInTheDocument();
    expect(screen.getByText('peach')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Entra nella lega privata' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leaderboard'));
    expect(router.state.location.search).toContain('private=11111111-1111-4111-8111-111111111111');
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/join'))).toBe(true);
  });

  it('says in Italian when the code is wrong or regenerated', async () => {
    mockFetch(() =>
      jsonResponse(404, {
        code: 'INVITE_INVALID',
        message: 'Codice invito non valido o scaduto: chiedi un nuovo link a chi ti ha invitato',
      }),
    );
    await renderApp({ user: participant, url: `/leghe-private/invito/${CODE}` });
    expect(
      await screen.findByText(
        'Codice invito non valido o scaduto: chiedi un nuovo link a chi ti ha invitato',
      ),
    ).toBeInTheDocument();
  });
});
