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

function serve(h2h = false) {
  return mockFetch((url, init) => {
    if (url.includes(`/weeks/${WEEK}/managers/`))
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
        ...(h2h ? { h2h: h2hPart } : {}),
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

const WEEK3 = '88888888-8888-4888-8888-888888888889';
const row = (userId: string, username: string, position: number, won: number, lost: number, pts: number) => ({
  position,
  userId,
  username,
  points: won * 3,
  played: 1,
  won,
  drawn: 0,
  lost,
  goalsFor: won,
  goalsAgainst: lost,
  fantasyPoints: pts,
});
const h2hPart = {
  rule: { rule: 'points', bandStart: 60, bandStep: 10 },
  table: [row(OTHER, 'banditore', 1, 1, 0, 31.5), row(participant.id, participant.username, 2, 0, 1, 4)],
  rounds: [
    {
      round: 1,
      weekId: WEEK,
      weekName: 'Settimana 2',
      weekNumber: 2,
      status: 'final',
      restingUserId: null,
      restingUsername: null,
      fixtures: [
        {
          homeUserId: OTHER,
          awayUserId: participant.id,
          homeUsername: 'banditore',
          awayUsername: participant.username,
          homePoints: 31.5,
          awayPoints: 4,
          homeGoals: 1,
          awayGoals: 0,
        },
      ],
    },
    {
      round: 2,
      weekId: WEEK3,
      weekName: 'Settimana 3',
      weekNumber: 3,
      status: 'scheduled',
      restingUserId: null,
      restingUsername: null,
      fixtures: [
        {
          homeUserId: participant.id,
          awayUserId: OTHER,
          homeUsername: participant.username,
          awayUsername: 'banditore',
          homePoints: 0,
          awayPoints: 0,
          homeGoals: 0,
          awayGoals: 0,
        },
      ],
    },
  ],
};

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

  it('shows a "Scontri diretti" league as the calendar and the table, a match-up opening both weeks', async () => {
    serve(true);
    const user = userEvent.setup();
    renderWithProviders(<FantaLeagueRoute />, {
      user: participant,
      path: '/leghe-fanta/:id',
      url: `/leghe-fanta/${ID}`,
    });
    // the calendar opens on the next round to play
    expect(await screen.findByText(/2ª giornata/)).toBeInTheDocument();
    expect(screen.getByText('Punti: vince chi fa più punti (pareggio entro 0,1)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turno precedente' }));
    expect(screen.getByTestId('fixture-score')).toHaveTextContent('1 – 0');
    await user.click(screen.getByRole('button', { name: /Sfida banditore contro/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`banditore 1 – 0 ${participant.username}`);
    const home = within(dialog).getByRole('region', { name: 'La settimana di banditore' });
    expect(await within(home).findByText('G2 – FNC, game 1')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('tab', { name: 'Classifica' }));
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/1banditore311001:0\+131,5/);
  });
});
