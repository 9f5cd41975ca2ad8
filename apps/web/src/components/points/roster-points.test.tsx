import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RosterPoints } from '@/api/get-roster-points';
import { makeLeague, makeRoster } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

const league = makeLeague({ joined: true });
const line = (kind: string, label: string, count: number | null, per: number | null, points: number) => ({
  kind,
  label,
  count,
  per,
  points,
});

const breakdown: RosterPoints = {
  rosterId: 'r-1',
  username: 'mario',
  weeksTotal: 31.5,
  adjustment: -2.5,
  totalPoints: 29,
  weeks: [
    {
      weekId: 'w-1',
      weekNumber: 1,
      name: 'Week 1',
      points: 31.5,
      unexplained: 0,
      matches: [
        {
          matchId: 'm-1',
          date: '2026-01-17T17:00:00.000Z',
          team1: 'G2 Esports',
          team2: 'Fnatic',
          matchFormat: 3,
          gamesPlayed: 2,
          winner: 'G2 Esports',
          points: 31.5,
          lateChampions: [{ championId: 'c-2', name: 'Azir', playerName: 'Caps' }],
          players: [
            {
              playerId: 'p-caps',
              name: 'Caps',
              team: 'G2 Esports',
              role: 'Mid',
              status: 'held',
              seriesMvpPoints: 10,
              points: 31.5,
              games: [
                {
                  gameNumber: 1,
                  teamName: 'G2 Esports',
                  teamWon: true,
                  champion: { id: 'c-1', name: 'Ahri', tier: 3 },
                  championStatus: 'held',
                  gamePoints: 15.5,
                  lines: [
                    line('kills', 'Uccisioni', 5, 2, 10),
                    line('assists', 'Assist', 3, 1.5, 4.5),
                    line('deaths', 'Morti', 2, -0.5, -1),
                    line('cs', 'CS (ogni 10)', 10, 0.2, 2),
                  ],
                  championBonus: { matchBonus: 3, winBonus: 3 },
                  points: 21.5,
                },
              ],
            },
            {
              playerId: 'p-yike',
              name: 'Yike',
              team: 'G2 Esports',
              role: 'Jungle',
              status: 'boughtAfterStart',
              seriesMvpPoints: null,
              points: 0,
              games: [],
            },
          ],
        },
      ],
    },
  ] as RosterPoints['weeks'],
};

describe('Why these points', () => {
  it('the roster page’s Punti tab shows week → match → player → game lines that add up', async () => {
    const fetchMock = mockFetch((url) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url.endsWith('/my-roster')) return jsonResponse(200, { roster: makeRoster({ totalPoints: 29 }) });
      if (url.endsWith('/my-roster/points')) return jsonResponse(200, { points: breakdown });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
    });
    const user = userEvent.setup();
    await renderApp({ user: participant, url: '/roster' });
    const tab = await screen.findByRole('tab', { name: 'Punti' });
    // fetched only when the tab is opened
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/points'))).toBe(false);
    await user.click(tab);
    const view = await screen.findByRole('region', { name: 'Perché questi punti' });
    expect(await within(view).findByText('Uccisioni 5 × 2 = 10')).toBeInTheDocument();
    expect(within(view).getByText('Morti 2 × -0,5 = -1')).toBeInTheDocument();
    expect(within(view).getByText('CS (ogni 10) 10 × 0,2 = 2')).toBeInTheDocument();
    expect(within(view).getByText('Bonus campione Ahri (tier 3), giocato da Caps +3')).toBeInTheDocument();
    expect(within(view).getByText('Bonus vittoria con Ahri +3')).toBeInTheDocument();
    expect(within(view).getByText('MVP della serie')).toBeInTheDocument();
    expect(within(view).getByText("acquistato dopo l'inizio della partita: 0 punti")).toBeInTheDocument();
    expect(
      within(view).getByText(
        "Campione Azir (giocato da Caps) acquistato dopo l'inizio della partita: 0 punti",
      ),
    ).toBeInTheDocument();
    expect(within(view).getByText("Rettifiche dell'amministratore")).toBeInTheDocument();
    expect(within(view).getByText('−2,5')).toBeInTheDocument();
    expect(within(view).getByText('29')).toBeInTheDocument();
  });

  it('the leaderboard’s roster dialog has a Punti tab for that roster', async () => {
    const entry = {
      position: 1,
      rosterId: '00000000-0000-4000-8000-000000000001',
      userId: 'u-2',
      username: 'peach',
      totalPoints: 29,
      playerCount: 1,
      championCount: 0,
      pandaCoin: 2,
      burroCoin: 4,
      isMe: false,
    };
    const fetchMock = mockFetch((url) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url.includes('/leaderboard'))
        return jsonResponse(200, {
          league: { id: league.id, name: league.name, status: 'Active', marketOpen: true },
          participantCount: 1,
          entries: [entry],
          nextCursor: null,
          me: null,
          rewardTiers: [],
        });
      if (url.endsWith('/my-rewards')) return jsonResponse(200, { rewards: [], rewardTiers: [] });
      if (url.endsWith(`/rosters/${entry.rosterId}/points`))
        return jsonResponse(200, { points: { ...breakdown, username: 'peach' } });
      if (url.endsWith(`/rosters/${entry.rosterId}`))
        return jsonResponse(200, {
          roster: {
            id: entry.rosterId,
            leagueId: league.id,
            username: 'peach',
            pandaCoin: 2,
            burroCoin: 4,
            totalPoints: 29,
            playerCount: 0,
            championCount: 0,
            players: [],
            champions: [],
            eligibility: { eligible: false, missingRoles: ['ADC'] },
            weekPoints: [],
          },
        });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
    });
    const user = userEvent.setup();
    await renderApp({ user: participant, url: '/leaderboard' });
    await user.click(await screen.findByRole('button', { name: 'Vedi roster di peach' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roster di peach' });
    await user.click(within(dialog).getByRole('tab', { name: 'Punti' }));
    expect(await within(dialog).findByText('Uccisioni 5 × 2 = 10')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(([url]) => String(url).endsWith(`/rosters/${entry.rosterId}/points`)),
    ).toBe(true);
  });
});
