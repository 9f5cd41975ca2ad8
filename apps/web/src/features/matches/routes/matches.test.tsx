import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLeague } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

const league = makeLeague({ joined: true, teams: ['G2 Esports', 'Fnatic'] });
const played = {
  id: 'm-1',
  weekId: 'w-1',
  date: '2026-01-17T17:00:00.000Z',
  team1: 'G2 Esports',
  team2: 'Fnatic',
  matchDay: 1,
  matchFormat: 3,
  completed: true,
  gamesPlayed: 3,
  winner: 'G2 Esports',
  score: { team1: 2, team2: 1 },
};
const scheduled = {
  ...played,
  id: 'm-2',
  date: '2026-01-24T17:00:00.000Z',
  matchFormat: 1,
  completed: false,
  gamesPlayed: null,
  winner: null,
  score: null,
};
const statLine = (playerId: string, name: string, team: string, points: number) => ({
  playerId,
  name,
  team,
  role: 'Mid',
  champion: { id: 'c-1', name: 'Ahri', tier: 3 },
  kills: 5,
  deaths: 1,
  assists: 7,
  cs: 312,
  doubleKills: 1,
  tripleKills: 0,
  quadraKills: 0,
  pentaKills: 0,
  jungleSteals: 0,
  mvp: true,
  points,
});

function serve() {
  return mockFetch((url) => {
    if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
    if (url.endsWith('/matches'))
      return jsonResponse(200, {
        weeks: [
          {
            id: 'w-1',
            weekNumber: 1,
            name: 'Week 1',
            startDate: '2026-01-12',
            endDate: '2026-01-25',
            isClosed: false,
            matches: [played, scheduled],
          },
          {
            id: 'w-2',
            weekNumber: 2,
            name: 'Week 2',
            startDate: '2026-01-26',
            endDate: '2026-02-01',
            isClosed: false,
            matches: [],
          },
        ],
      });
    if (url.endsWith('/matches/m-1'))
      return jsonResponse(200, {
        match: played,
        seriesMvp: { playerId: 'p-caps', name: 'Caps' },
        games: [1, 2].map((gameNumber) => ({
          gameNumber,
          winner: gameNumber === 1 ? 'G2 Esports' : 'Fnatic',
          players: [
            statLine('p-caps', 'Caps', 'G2 Esports', gameNumber === 1 ? 24.5 : 8.1),
            statLine('p-humanoid', 'Humanoid', 'Fnatic', gameNumber === 1 ? -1.5 : 12),
          ],
        })),
      });
    if (url.endsWith('/players/p-caps'))
      return jsonResponse(200, {
        player: {
          id: 'p-caps',
          name: 'Caps',
          team: 'G2 Esports',
          role: 'Mid',
          tier: 5,
          cost: 5,
          imageUrl: null,
        },
        recentMatches: [
          {
            matchId: 'm-1',
            date: played.date,
            opponent: 'Fnatic',
            games: [
              { gameNumber: 1, championName: 'Ahri', points: 24.5 },
              { gameNumber: 2, championName: 'Ahri', points: 8.1 },
            ],
            points: 32.6,
          },
        ],
        gamesPlayed: 2,
        averagePerGame: 16.3,
        upcoming: [{ id: 'm-2', date: scheduled.date, team1: 'G2 Esports', team2: 'Fnatic', matchFormat: 1 }],
        ownership: { holders: 2, participants: 3, percent: 66.7 },
      });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
  });
}

describe('Matches route', () => {
  it('lists the weeks with scheduled and completed matches, score and format', async () => {
    serve();
    await renderApp({ user: participant, url: '/matches' });
    expect(await screen.findByRole('heading', { name: 'Week 1' })).toBeInTheDocument();
    // a week without matches is not listed
    expect(screen.queryByRole('heading', { name: 'Week 2' })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'G2 Esports contro Fnatic: vedi i game e i punti' });
    expect(within(open).getByText('Completata')).toBeInTheDocument();
    expect(within(open).getByText('BO3')).toBeInTheDocument();
    expect(within(open).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Programmata')).toBeInTheDocument();
    expect(screen.getByText('BO1')).toBeInTheDocument();
    // only completed matches open
    expect(screen.getAllByRole('button', { name: /vedi i game e i punti/ })).toHaveLength(1);
  });

  it('opens a completed match: per game, every player with stats and points; a name opens the player', async () => {
    serve();
    const user = userEvent.setup();
    await renderApp({ user: participant, url: `/matches?league=${league.id}` });
    await user.click(await screen.findByRole('button', { name: /G2 Esports contro Fnatic/ }));
    const dialog = await screen.findByRole('dialog', { name: 'G2 Esports vs Fnatic' });
    expect(await within(dialog).findByText('MVP della serie:')).toBeInTheDocument();
    const g2 = within(dialog).getByRole('list', { name: 'Giocatori di G2 Esports' });
    expect(within(g2).getByText('24,5')).toBeInTheDocument();
    expect(within(g2).getByText('5/1/7 · 312 CS · 1 doppie · MVP')).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole('list', { name: 'Giocatori di Fnatic' })).getByText('-1,5'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Game 2' }));
    expect(await within(g2.ownerDocument.body).findByText('8,1')).toBeInTheDocument();

    await user.click(within(dialog).getAllByRole('button', { name: 'Caps' })[0]!);
    const card = await screen.findByRole('dialog', { name: 'Caps' });
    expect(await within(card).findByText('66,7%')).toBeInTheDocument();
    expect(within(card).getByText('(2 su 3)')).toBeInTheDocument();
    expect(within(card).getByText('16,3')).toBeInTheDocument();
    expect(within(card).getByText('G1 · Ahri: 24,5')).toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: 'Prossime partite' })).toBeInTheDocument();
    expect(within(card).getByText(/BO1/)).toBeInTheDocument();
  });
});
