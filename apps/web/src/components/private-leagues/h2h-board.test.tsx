import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { H2hCalendar, H2hTableRow, PrivateLeague } from '@/api/private-leagues';
import { makeLeague } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp, requestBody } from '@/test/utils';

const league = makeLeague({ joined: true });
const pl: PrivateLeague = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: 'Fanta del giovedì',
  leagueId: league.id,
  leagueName: league.name,
  memberCount: 3,
  isOwner: true,
  ownerUsername: 'mario',
  inviteCode: 'ABCDEFGHJK',
  createdAt: '2026-01-01T00:00:00.000Z',
  format: 'h2h',
  h2h: { rule: 'bands', bandStart: 66, bandStep: 6, calendarGenerated: true },
};
const [MARIO, LUIGI, PEACH] = ['u-1', 'u-2', 'u-3'];
const roster = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const fixture = (home: string, away: string, hp: number, ap: number, hg: number, ag: number) => ({
  homeUserId: home,
  awayUserId: away,
  homeRosterId: roster(home === MARIO ? 1 : home === LUIGI ? 2 : 3),
  awayRosterId: roster(away === MARIO ? 1 : away === LUIGI ? 2 : 3),
  homeUsername: { [MARIO]: 'mario', [LUIGI]: 'luigi', [PEACH]: 'peach' }[home]!,
  awayUsername: { [MARIO]: 'mario', [LUIGI]: 'luigi', [PEACH]: 'peach' }[away]!,
  homePoints: hp,
  awayPoints: ap,
  homeGoals: hg,
  awayGoals: ag,
});
const calendar: H2hCalendar = {
  rounds: [
    {
      round: 1,
      weekId: 'w-1',
      weekName: 'Settimana 1',
      weekNumber: 1,
      status: 'final',
      fixtures: [fixture(LUIGI, PEACH, 70, 50, 1, 0)],
      restingUserId: MARIO,
      restingUsername: 'mario',
    },
    {
      round: 2,
      weekId: 'w-2',
      weekName: 'Settimana 2',
      weekNumber: 2,
      status: 'live',
      fixtures: [fixture(MARIO, LUIGI, 78.5, 60, 3, 0)],
      restingUserId: PEACH,
      restingUsername: 'peach',
    },
    {
      round: 3,
      weekId: 'w-3',
      weekName: 'Settimana 3',
      weekNumber: 3,
      status: 'scheduled',
      fixtures: [fixture(PEACH, MARIO, 0, 0, 0, 0)],
      restingUserId: LUIGI,
      restingUsername: 'luigi',
    },
  ],
};
const table: H2hTableRow[] = [
  {
    userId: MARIO,
    username: 'mario',
    points: 3,
    played: 1,
    won: 1,
    drawn: 0,
    lost: 0,
    goalsFor: 3,
    goalsAgainst: 0,
    fantasyPoints: 78.5,
    position: 1,
  },
  {
    userId: LUIGI,
    username: 'luigi',
    points: 3,
    played: 2,
    won: 1,
    drawn: 0,
    lost: 1,
    goalsFor: 1,
    goalsAgainst: 3,
    fantasyPoints: 130,
    position: 2,
  },
];
const weekOf = (username: string, player: string, points: number) => ({
  rosterId: 'r',
  username,
  weeksTotal: points,
  adjustment: 0,
  totalPoints: points,
  weeks: [
    {
      weekId: 'w-2',
      weekNumber: 2,
      name: 'Settimana 2',
      points,
      unexplained: 0,
      captain: null,
      matches: [
        {
          matchId: 'm-1',
          date: '2026-01-17T17:00:00.000Z',
          team1: 'G2 Esports',
          team2: 'Fnatic',
          matchFormat: 1,
          gamesPlayed: 1,
          winner: 'G2 Esports',
          points,
          lateChampions: [],
          players: [
            {
              playerId: `p-${player}`,
              name: player,
              team: 'G2 Esports',
              role: 'Mid',
              status: 'held',
              seriesMvpPoints: null,
              points,
              games: [],
            },
          ],
        },
      ],
    },
  ],
});

function mockApi() {
  return mockFetch((url) => {
    if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
    if (url === '/api/private-leagues') return jsonResponse(200, { privateLeagues: [pl] });
    if (url === `/api/private-leagues/${pl.id}/calendar`) return jsonResponse(200, calendar);
    if (url === `/api/private-leagues/${pl.id}/table`) return jsonResponse(200, { rows: table });
    if (url.endsWith(`/rosters/${roster(1)}/points`))
      return jsonResponse(200, { points: weekOf('mario', 'Caps', 78.5) });
    if (url.endsWith(`/rosters/${roster(2)}/points`))
      return jsonResponse(200, { points: weekOf('luigi', 'Humanoid', 60) });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Non trovato' });
  });
}

describe('head-to-head league on the leaderboard page', () => {
  it('opens on the live round; a match-up shows both rosters’ week side by side; the table lists Pt, G, V, N, P', async () => {
    const fetchMock = mockApi();
    const user = userEvent.setup();
    await renderApp({ user: participant, url: `/leaderboard?league=${league.id}&private=${pl.id}` });
    expect(await screen.findByRole('heading', { name: 'Fanta del giovedì' })).toBeInTheDocument();
    expect(screen.getByText('Fasce: 1 gol da 66 punti, poi uno ogni 6')).toBeInTheDocument();
    // the private league's points ranking is not what a head-to-head league shows
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/leaderboard'))).toBe(false);

    const calendarView = await screen.findByRole('region', { name: 'Calendario' });
    expect(within(calendarView).getByRole('heading', { name: '2ª giornata di 3' })).toBeInTheDocument();
    expect(within(calendarView).getByText('In corso')).toBeInTheDocument();
    expect(within(calendarView).getByText('Riposa: peach')).toBeInTheDocument();
    const matchup = within(calendarView).getByRole('button', {
      name: 'Sfida mario contro luigi: dettaglio dei punti',
    });
    expect(within(matchup).getByTestId('fixture-score')).toHaveTextContent('3 – 0');
    expect(within(matchup).getByText('78,5 pt')).toBeInTheDocument();

    // the next round is still to play: no score yet
    await user.click(within(calendarView).getByRole('button', { name: 'Turno successivo' }));
    expect(within(calendarView).getByText('Da giocare')).toBeInTheDocument();
    expect(within(calendarView).getByTestId('fixture-score')).toHaveTextContent('–');
    await user.click(within(calendarView).getByRole('button', { name: 'Turno precedente' }));

    await user.click(
      within(calendarView).getByRole('button', { name: 'Sfida mario contro luigi: dettaglio dei punti' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'mario 3 – 0 luigi' })).toBeInTheDocument();
    const home = within(dialog).getByRole('region', { name: 'Punti di mario' });
    const away = within(dialog).getByRole('region', { name: 'Punti di luigi' });
    expect(await within(home).findByRole('button', { name: 'Caps' })).toBeInTheDocument();
    expect(await within(away).findByRole('button', { name: 'Humanoid' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('tab', { name: 'Classifica' }));
    const rows = await screen.findAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '#UtentePtGVNPGolDRFanta',
      '1mario311003:0+378,5',
      '2luigi321011:3-2130',
    ]);
  });
});

describe('creating a head-to-head league', () => {
  it('offers the format; the rule starts at the suggested bands; a bad T is refused before any request', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url === '/api/private-leagues') return jsonResponse(200, { privateLeagues: [] });
      if (url === `/api/leagues/${league.id}/private-leagues/h2h-bands`)
        return jsonResponse(200, { bandStart: 55, bandStep: 8, weekName: 'Settimana 3' });
      if (url === `/api/leagues/${league.id}/private-leagues` && init.method === 'POST')
        return jsonResponse(201, { privateLeague: pl });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'Non trovato' });
    });
    const user = userEvent.setup();
    await renderApp({ user: participant, url: '/leagues' });
    const form = await screen.findByRole('form', { name: 'Crea una lega privata' });
    await user.type(within(form).getByLabelText('Nome della lega privata'), 'Fanta del giovedì');
    expect(within(form).queryByLabelText('Primo gol (T)')).not.toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Formato' }));
    await user.click(screen.getByRole('option', { name: 'Scontri diretti' }));
    const start = await within(form).findByLabelText('Primo gol (T)');
    await within(form).findByText(/Suggeriti dai punti della lega ufficiale in Settimana 3/);
    expect(start).toHaveValue('55');
    expect(within(form).getByLabelText('Un gol ogni (S)')).toHaveValue('8');

    await user.clear(start);
    await user.type(start, '0');
    await user.click(within(form).getByRole('button', { name: 'Crea lega privata' }));
    expect(
      await within(form).findByText(/^La soglia del primo gol \(T\) deve essere tra 1 e/),
    ).toBeInTheDocument();
    const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts()).toHaveLength(0);

    await user.clear(start);
    await user.type(start, '66,5');
    await user.click(within(form).getByRole('button', { name: 'Crea lega privata' }));
    await screen.findByText('Lega privata creata');
    const index = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST');
    expect(requestBody(fetchMock, index)).toEqual({
      name: 'Fanta del giovedì',
      format: 'h2h',
      h2h: { rule: 'bands', bandStart: 66.5, bandStep: 8 },
    });
  });
});
