import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
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

/** A leaderboard of one participant, me: its only page. */
const pageOfOne = (league: { id: string; name: string }, me: ReturnType<typeof entry>) => ({
  league: { id: league.id, name: league.name, status: 'Active', marketOpen: true },
  participantCount: 1,
  entries: [me],
  nextCursor: null,
  me,
  rewardTiers: tiers,
});

describe('Leaderboard route', () => {
  it('shows my rank, the table, more pages, reward tiers and a roster dialog', async () => {
    const league = makeLeague({ joined: true });
    const me = entry(2, 'mario', true);
    const fetchMock = mockFetch((url) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url === '/api/private-leagues') return jsonResponse(200, { privateLeagues: [] });
      if (url.includes('/leaderboard'))
        return jsonResponse(200, {
          league: { id: league.id, name: league.name, status: 'Active', marketOpen: true },
          participantCount: 3,
          entries: url.includes('cursor=next') ? [entry(3, 'luigi')] : [entry(1, 'peach'), me],
          nextCursor: url.includes('cursor=next') ? null : 'next',
          me,
          rewardTiers: tiers,
        });
      if (url.endsWith('/my-rewards')) return jsonResponse(200, { rewards: [], rewardTiers: tiers });
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
    await renderApp({ user: participant, url: '/leaderboard' });

    expect(await screen.findByText('Sei al 2° posto su 3')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/leaderboard?limit=50'))).toBe(true);
    const table = screen.getByRole('table', { name: 'Classifica' });
    expect(within(table).getByText('89,8')).toBeInTheDocument();
    expect(within(table).getAllByText('5/5')).toHaveLength(2);
    expect(screen.getByText('3 partecipanti')).toBeInTheDocument();
    expect(screen.getByText('7 Burro Coin')).toBeInTheDocument();
    expect(await screen.findByText('Nessun premio ricevuto in questa lega.')).toBeInTheDocument();

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
      if (url === '/api/private-leagues') return jsonResponse(200, { privateLeagues: [] });
      return jsonResponse(200, {
        league: { id: league.id, name: league.name, status: 'Active', marketOpen: true },
        participantCount: 0,
        entries: [],
        nextCursor: null,
        me: null,
        rewardTiers: tiers,
      });
    });
    await renderApp({ user: participant, url: `/leaderboard?league=${league.id}` });
    expect(await screen.findByText('Non hai un roster in questa lega')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unisciti alla Lega: Worlds 2026' })).toBeEnabled();
    expect(screen.getByText('Nessun partecipante in questa lega.')).toBeInTheDocument();
    // No roster, no reward history to ask for.
    expect(screen.queryByText('I Tuoi Premi Settimanali')).not.toBeInTheDocument();
  });
});

describe('Leaderboard: my weekly rewards', () => {
  const reward = (weekNumber: number) => ({
    weekNumber,
    userPosition: weekNumber % 4 === 0 ? 1 : 5,
    rewardTier: weekNumber % 4 === 0 ? 'Top 3' : 'Top 10',
    totalPoints: 40.25 + weekNumber,
    rewardAmount: weekNumber % 4 === 0 ? 7 : 5,
    // the threshold bonus in week 4 (DECISIONS 19)
    bonusAmount: weekNumber === 4 ? 1 : 0,
    createdAt: `2026-03-${String(weekNumber).padStart(2, '0')}T20:00:00.000Z`,
  });

  function mockLeaderboard(rewardsFor: (call: number) => ReturnType<typeof reward>[]) {
    const league = makeLeague({ joined: true });
    const me = entry(1, 'mario', true);
    let rewardCalls = 0;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url === '/api/private-leagues') return jsonResponse(200, { privateLeagues: [] });
      if (url === `/api/leagues/${league.id}/my-rewards`) {
        rewardCalls += 1;
        return jsonResponse(200, { rewards: rewardsFor(rewardCalls), rewardTiers: tiers });
      }
      if (url.includes('/leaderboard')) return jsonResponse(200, pageOfOne(league, me));
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
    });
    return { league, fetchMock, rewardCalls: () => rewardCalls };
  }

  it('lists week, position, tier, points and Burro Coin, newest week first, at most 10 rows', async () => {
    // Twelve weeks, shuffled: the card sorts them and folds the two oldest into "e altri 2".
    const weeks = [3, 12, 1, 7, 9, 2, 11, 4, 6, 10, 5, 8];
    mockLeaderboard(() => weeks.map(reward));
    await renderApp({ user: participant, url: '/leaderboard' });

    const list = await screen.findByRole('list', { name: 'I Tuoi Premi Settimanali' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items.map((item) => item.querySelector('p span')?.textContent)).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((week) => `Settimana ${week}`),
    );
    const newest = items[0] as HTMLElement;
    expect(within(newest).getByText('Top 3')).toBeInTheDocument();
    expect(within(newest).getByText('1° posto · 52,3 punti')).toBeInTheDocument();
    expect(within(newest).getByText('+7 Burro Coin')).toBeInTheDocument();
    const second = items[1] as HTMLElement;
    expect(within(second).getByText('Top 10')).toBeInTheDocument();
    expect(within(second).getByText('5° posto · 51,3 punti')).toBeInTheDocument();
    expect(within(second).getByText('+5 Burro Coin')).toBeInTheDocument();
    expect(screen.getByText('e altri 2')).toBeInTheDocument();
    expect(within(list).queryByText('Settimana 2')).not.toBeInTheDocument();
    // week 4 paid the threshold bonus too: the amount received and its two parts
    const withBonus = items[8] as HTMLElement;
    expect(within(withBonus).getByText('+8 Burro Coin')).toBeInTheDocument();
    expect(within(withBonus).getByText('7 premio + 1 bonus soglia')).toBeInTheDocument();
  });

  it('shows every week without a remainder when there are 10 or fewer', async () => {
    mockLeaderboard(() => [1, 2].map(reward));
    await renderApp({ user: participant, url: '/leaderboard' });
    const list = await screen.findByRole('list', { name: 'I Tuoi Premi Settimanali' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(/^e altri/)).not.toBeInTheDocument();
  });

  it('refetches the history when the leaderboard is invalidated (a week was closed)', async () => {
    const { league, rewardCalls } = mockLeaderboard((call) => (call === 1 ? [] : [reward(3)]));
    const { queryClient } = await renderApp({ user: participant, url: '/leaderboard' });

    expect(await screen.findByText('Nessun premio ricevuto in questa lega.')).toBeInTheDocument();
    expect(queryClient.getQueryState(['my-rewards', league.id])?.status).toBe('success');

    await queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard(league.id) });
    const list = await screen.findByRole('list', { name: 'I Tuoi Premi Settimanali' });
    expect(within(list).getByText('+5 Burro Coin')).toBeInTheDocument();
    await waitFor(() => expect(rewardCalls()).toBe(2));
  });

  it('offers a retry when the history cannot be loaded', async () => {
    const league = makeLeague({ joined: true });
    const me = entry(1, 'mario', true);
    mockFetch((url) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url === '/api/private-leagues') return jsonResponse(200, { privateLeagues: [] });
      if (url.includes('/leaderboard')) return jsonResponse(200, pageOfOne(league, me));
      return jsonResponse(500, { code: 'INTERNAL', message: 'boom' });
    });
    await renderApp({ user: participant, url: '/leaderboard' });
    expect(await screen.findByRole('button', { name: 'Riprova' })).toBeEnabled();
    expect(screen.getByText('I Tuoi Premi Settimanali')).toBeInTheDocument();
  });
});
