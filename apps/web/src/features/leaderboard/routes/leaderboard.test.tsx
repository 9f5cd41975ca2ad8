import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLeague } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

const entry = (position: number, username: string, isMe = false) => ({
  position,
  rosterId: `00000000-0000-4000-8000-00000000000${position}`,
  userId: `u-${position}`,
  username,
  totalPoints: 100 - position * 10.25,
  playerCount: 5,
  championCount: 3,
  pandaCoin: 2,
  burroCoin: 4,
  isMe,
});
const tiers = [
  { tier: 'Top 3', amount: 7, description: 'Dal 1° al 3° posto' },
  { tier: 'Top 10', amount: 5, description: 'Dal 4° al 10° posto' },
  { tier: 'Top Half', amount: 4, description: 'Metà superiore' },
  { tier: 'Bottom Half', amount: 3, description: 'Metà inferiore' },
];

describe('Leaderboard route', () => {
  it('shows my rank, the table, more pages, reward tiers and a roster dialog', async () => {
    const league = makeLeague({ joined: true });
    const me = entry(2, 'mario', true);
    const fetchMock = mockFetch((url) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url.includes('/leaderboard'))
        return jsonResponse(200, {
          league: { id: league.id, name: league.name, status: 'Active', marketOpen: true },
          participantCount: 3,
          entries: url.includes('cursor=next') ? [entry(3, 'luigi')] : [entry(1, 'peach'), me],
          nextCursor: url.includes('cursor=next') ? null : 'next',
          me,
          rewardTiers: tiers,
        });
      if (url.includes('/rosters/'))
        return jsonResponse(200, {
          roster: {
            id: 'r',
            username: 'peach',
            pandaCoin: 2,
            burroCoin: 4,
            totalPoints: 89.75,
            playerCount: 1,
            championCount: 1,
            players: [{ id: 'p', name: 'Faker', team: 'T1', role: 'Mid', tier: 5, cost: 5, imageUrl: null }],
            champions: [{ id: 'c', name: 'Ahri', tier: 6, cost: 15, roles: ['Mid'], imageUrl: null }],
            eligibility: { eligible: false, missingRoles: ['ADC'] },
            weekPoints: [],
          },
        });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
    });
    const user = userEvent.setup();
    renderApp({ user: participant, url: '/leaderboard' });

    expect(await screen.findByText('Sei al 2° posto su 3')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/leaderboard?limit=50'))).toBe(true);
    const table = screen.getByRole('table', { name: 'Classifica' });
    expect(within(table).getByText('89,8')).toBeInTheDocument();
    expect(within(table).getAllByText('5/5')).toHaveLength(2);
    expect(screen.getByText('3 partecipanti')).toBeInTheDocument();
    expect(screen.getByText('7 Burro Coin')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Carica altri' }));
    expect(await within(table).findByText('luigi')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carica altri' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vedi roster di peach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roster di peach' });
    expect(await within(dialog).findByText('Faker')).toBeInTheDocument();
    expect(within(dialog).getByText('Premium')).toBeInTheDocument();
    expect(within(dialog).getByText('Giocatori (1/5)')).toBeInTheDocument();
  });

  it('offers to join when the user has no roster in the league', async () => {
    const league = makeLeague({ name: 'Worlds 2026', type: 'World Championship' });
    mockFetch((url) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      return jsonResponse(200, {
        league: { id: league.id, name: league.name, status: 'Active', marketOpen: true },
        participantCount: 0,
        entries: [],
        nextCursor: null,
        me: null,
        rewardTiers: tiers,
      });
    });
    renderApp({ user: participant, url: `/leaderboard?league=${league.id}` });
    expect(await screen.findByText('Non hai un roster in questa lega')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unisciti alla Lega: Worlds 2026' })).toBeEnabled();
    expect(screen.getByText('Nessun partecipante in questa lega.')).toBeInTheDocument();
  });
});
