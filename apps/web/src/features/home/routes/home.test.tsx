import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

const L1 = '11111111-1111-4111-8111-111111111111';
const L2 = '33333333-3333-4333-8333-333333333333';

describe('Home quick stats', () => {
  it('shows per joined league my position, points, last week and next deadline, and the average position', async () => {
    const at = new Date(Date.now() + 3 * 3600_000 + 60_000).toISOString();
    mockFetch((url) =>
      url === '/api/me/home'
        ? jsonResponse(200, {
            averagePosition: 2.5,
            leagues: [
              {
                leagueId: L1,
                leagueName: 'LEC Winter',
                position: 3,
                participantCount: 12,
                totalPoints: 45.5,
                lastWeek: { weekNumber: 2, name: 'Settimana 2', points: 12 },
                deadline: {
                  at,
                  kind: 'match_start',
                  match: { id: 'm', team1: 'G2 Esports', team2: 'Fnatic' },
                },
              },
              {
                leagueId: L2,
                leagueName: 'MSI',
                position: 2,
                participantCount: 4,
                totalPoints: 0,
                lastWeek: null,
                deadline: null,
              },
            ],
          })
        : jsonResponse(404, { code: 'NOT_FOUND', message: 'x' }),
    );
    await renderApp({ user: participant, url: '/' });

    const list = await screen.findByRole('list', { name: 'Le mie leghe' });
    expect(screen.getByText('2,5°')).toBeInTheDocument();
    const [lec, msi] = within(list).getAllByRole('listitem');
    expect(within(lec!).getByRole('link', { name: 'LEC Winter' })).toHaveAttribute(
      'href',
      `/leaderboard?league=${L1}`,
    );
    expect(lec).toHaveTextContent('3° / 12');
    expect(lec).toHaveTextContent('45,5');
    expect(lec).toHaveTextContent('Ultima settimana12,0');
    expect(lec).toHaveTextContent(/Inizio partita G2 Esports vs Fnatic tra 3 h 0\d min/);
    expect(msi).toHaveTextContent('2° / 4');
    expect(msi).toHaveTextContent('Nessuna scadenza in programma');
    expect(screen.queryByText('Unisciti a una lega…')).not.toBeInTheDocument();
  });

  it('invites to join a league only when I have none', async () => {
    mockFetch(() => jsonResponse(200, { averagePosition: null, leagues: [] }));
    await renderApp({ user: participant, url: '/' });
    expect(await screen.findByRole('link', { name: 'Unisciti a una lega…' })).toHaveAttribute(
      'href',
      '/leagues',
    );
  });
});
