import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, participant, renderWithProviders } from '@/test/utils';
import { fantaLeagueFixture } from '../test/fanta-league-fixture';
import { FantaLeagueRoute } from './fanta-league';

const ID = '44444444-4444-4444-8444-444444444444';
const OTHER = '55555555-5555-4555-8555-555555555555';
const WEEK = '88888888-8888-4888-8888-888888888888';
const IN = '66666666-6666-4666-8666-666666666661';
const OUT = '66666666-6666-4666-8666-666666666662';

function serve() {
  return mockFetch((url, init) => {
    if (url.includes(`/weeks/${WEEK}/managers/${OTHER}`))
      return jsonResponse(200, {
        week: { id: WEEK, weekNumber: 2, name: 'Settimana 2', complete: true },
        manager: { userId: OTHER, username: 'banditore' },
        points: 31.5,
        lineup: { starters: [IN], bench: [OUT], captainPlayerId: IN, viceCaptainPlayerId: null },
        fielded: [
          {
            role: 'Mid',
            playerId: IN,
            name: 'Caps',
            team: 'G2',
            played: true,
            points: 15.75,
            games: [{ matchId: WEEK, match: 'G2 – FNC', gameNumber: 1, points: 12.75 }],
            seriesMvpPoints: 3,
          },
        ],
        substitutions: [
          { role: 'Mid', outPlayerId: OUT, inPlayerId: IN, inName: 'Caps', outName: 'Humanoid' },
        ],
        captain: { role: 'captain', playerId: IN, multiplier: 2, bonus: 15.75, name: 'Caps' },
      });
    if (url.endsWith('/standings'))
      return jsonResponse(200, {
        weeks: [{ id: WEEK, weekNumber: 2, name: 'Settimana 2', complete: true }],
        standings: [
          { position: 1, userId: OTHER, username: 'banditore', totalPoints: 80.25, weekPoints: [31.5] },
          {
            position: 2,
            userId: participant.id,
            username: participant.username,
            totalPoints: 12,
            weekPoints: [4],
          },
        ],
      });
    if (url.endsWith('/history')) return jsonResponse(200, { history: [] });
    if (url.endsWith('/auction'))
      return jsonResponse(200, {
        status: 'ended',
        round: 'main',
        version: 9,
        bidSeconds: 15,
        lot: null,
        bids: [],
        serverNow: new Date().toISOString(),
        turnUserId: null,
        ownerUserId: OTHER,
        managers: [],
      });
    if (url.endsWith(`/api/fanta-leagues/${ID}`))
      return jsonResponse(200, {
        fantaLeague: fantaLeagueFixture({
          id: ID,
          ownerUserId: OTHER,
          name: 'Lega del bar',
          status: 'ended',
          captainMultiplier: 2,
          captainLocked: true,
        }),
      });
    return jsonResponse(404, { code: 'NOT_FOUND', message: `${init.method ?? 'GET'} ${url}` });
  });
}

describe('the Lega Fanta table', () => {
  it("ranks the managers and opens a manager's week: games, series MVP, substitute, captain", async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<FantaLeagueRoute />, {
      user: participant,
      path: '/leghe-fanta/:id',
      url: `/leghe-fanta/${ID}`,
    });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/1banditore31,580,25/);
    expect(screen.getByRole('link', { name: 'Formazione' })).toHaveAttribute(
      'href',
      `/leghe-fanta/${ID}/formazione`,
    );
    await user.click(screen.getByRole('button', { name: 'La settimana di banditore' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('G2 – FNC, game 1')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Settimana 2: 31,5 punti');
    expect(dialog).toHaveTextContent('MVP della serie3');
    expect(dialog).toHaveTextContent('entra Caps per Humanoid');
    expect(dialog).toHaveTextContent('Capitano ×2 (Caps)+15,75');
  });
});
