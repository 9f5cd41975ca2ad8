import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, participant, renderWithProviders, requestBody } from '@/test/utils';
import { FantaLineupRoute } from './fanta-lineup';

const ID = '44444444-4444-4444-8444-444444444444';
const WEEK = '88888888-8888-4888-8888-888888888888';
const PAST = '88888888-8888-4888-8888-888888888887';
const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
const pid = (role: string, n: number) =>
  `${String(ROLES.indexOf(role as (typeof ROLES)[number]) + 1).repeat(8)}-0000-4000-8000-00000000000${n}`;
const players = ROLES.flatMap((role) =>
  [1, 2].map((n) => ({
    playerId: pid(role, n),
    name: `${role}${n}`,
    team: n === 1 ? 'G2' : 'FNC',
    role,
    price: n === 1 ? 20 : 5,
    played: false,
    points: 0,
  })),
);

function lineup(serverNow: number, locksAt: number) {
  return {
    week: {
      id: WEEK,
      weekNumber: 3,
      name: 'Settimana 3',
      locksAt: new Date(locksAt).toISOString(),
      locked: false,
      complete: false,
      counted: true,
    },
    weeks: [{ id: WEEK, weekNumber: 3, name: 'Settimana 3', locked: false }],
    serverNow: new Date(serverNow).toISOString(),
    editable: true,
    savedForWeek: false,
    captainMultiplier: 2,
    viceCaptainEnabled: true,
    lineup: {
      starters: ROLES.map((r) => pid(r, 1)),
      bench: ROLES.map((r) => pid(r, 2)),
      captainPlayerId: null,
      viceCaptainPlayerId: null,
    },
    players,
    result: null,
  };
}

function serve(body: unknown, past?: unknown) {
  return mockFetch((url, init) => {
    if (past && url.includes(`weekId=${PAST}`)) return jsonResponse(200, { lineup: past });
    if (url.includes('/lineup') && init.method === 'PUT')
      return jsonResponse(200, { message: 'Formazione salvata', lineup: body });
    if (url.includes('/lineup')) return jsonResponse(200, { lineup: body });
    if (url.endsWith(`/api/fanta-leagues/${ID}`))
      return jsonResponse(200, {
        fantaLeague: { id: ID, name: 'Lega del bar', leagueId: '77777777-7777-4777-8777-777777777777' },
      });
    return jsonResponse(404, { code: 'NOT_FOUND', message: `${init.method ?? 'GET'} ${url}` });
  });
}

const render = () =>
  renderWithProviders(<FantaLineupRoute />, {
    user: participant,
    path: '/leghe-fanta/:id/formazione',
    url: `/leghe-fanta/${ID}/formazione`,
  });

describe('the line-up page', () => {
  it("shows the lock on the server's clock, swaps by two taps within a role, saves with captain and vice", async () => {
    // the server's clock is an hour ahead of this browser's: the week locks 2 h 30 min after the server's now
    const serverNow = Date.now() + 3_600_000;
    const fetchMock = serve(lineup(serverNow, serverNow + 2.5 * 3_600_000));
    const user = userEvent.setup();
    render();
    expect(await screen.findByText(/tra 2 h (29|30) min/)).toBeInTheDocument();

    // a starter and a bench player of another role: nothing moves
    await user.click(screen.getByRole('button', { name: /^Top1,/ }));
    await user.click(screen.getByRole('button', { name: /^Mid2,/ }));
    // the Top starter and the Top on the bench swap
    await user.click(screen.getByRole('button', { name: /^Top1,/ }));
    await user.click(screen.getByRole('button', { name: /^Top2,/ }));
    await user.click(screen.getByRole('button', { name: 'Capitano Mid1' }));
    await user.click(screen.getByRole('button', { name: 'Vice capitano Top2' }));
    await user.click(screen.getByRole('button', { name: /Salva formazione/ }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PUT'),
      ).toBe(true),
    );
    const index = fetchMock.mock.calls.findIndex(
      ([, init]) => (init as RequestInit | undefined)?.method === 'PUT',
    );
    expect(requestBody(fetchMock, index)).toEqual({
      weekId: WEEK,
      starters: [pid('Top', 2), ...ROLES.slice(1).map((r) => pid(r, 1))],
      bench: [pid('Top', 1), ...ROLES.slice(1).map((r) => pid(r, 2))],
      captainPlayerId: pid('Mid', 1),
      viceCaptainPlayerId: pid('Top', 2),
    });
  });

  it('picks any week: a past one read-only with its result and substitutes, back to the next one to set', async () => {
    const now = Date.now();
    const weeks = [
      { id: PAST, weekNumber: 2, name: 'Settimana 2', locked: true },
      { id: WEEK, weekNumber: 3, name: 'Settimana 3', locked: false },
    ];
    const next = { ...lineup(now, now + 3_600_000), weeks };
    const past = {
      ...next,
      week: { ...next.week, id: PAST, weekNumber: 2, name: 'Settimana 2', locked: true, complete: true },
      editable: false,
      savedForWeek: true,
      players: players.map((p) => ({ ...p, played: p.team === 'FNC' || p.role !== 'Mid', points: 7 })),
      result: {
        points: 35,
        fielded: [],
        substitutions: [{ role: 'Mid', outPlayerId: pid('Mid', 1), inPlayerId: pid('Mid', 2) }],
        captain: null,
      },
    };
    const fetchMock = serve(next, past);
    const user = userEvent.setup();
    render();
    expect(await screen.findByRole('button', { name: /Salva formazione/ })).toBeInTheDocument();
    const picker = screen.getByLabelText('Settimana');
    expect(picker).toHaveValue(WEEK);
    await user.selectOptions(picker, PAST);
    expect(await screen.findByText(/La settimana: 35/)).toBeInTheDocument();
    expect(screen.getByText(/entra/).closest('li')).toHaveTextContent('Mid: entra Mid2 per Mid1');
    expect(screen.queryByRole('button', { name: /Salva formazione/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`weekId=${PAST}`))).toBe(true);
    await user.selectOptions(screen.getByLabelText('Settimana'), WEEK);
    expect(await screen.findByRole('button', { name: /Salva formazione/ })).toBeInTheDocument();
  });
});
