import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Captain } from '@/api/get-captain';
import type { RosterPoints } from '@/api/get-roster-points';
import { makeLeague, makeRoster } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

const league = makeLeague({ joined: true });
const holding = { pricePaid: 5, salePrice: 5, acquiredAt: '2026-01-12T00:00:00Z', imageUrl: null };
const player = (id: string, name: string, role: 'Mid' | 'Jungle') => ({
  id,
  name,
  team: 'G2 Esports',
  role,
  tier: 5,
  cost: 5,
  ...holding,
});
const roster = makeRoster({
  players: [player('p-caps', 'Caps', 'Mid'), player('p-yike', 'Yike', 'Jungle')],
  playerCount: 2,
});
const locksAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
const noCaptain: Captain = {
  captainPlayerId: null,
  viceCaptainPlayerId: null,
  weekId: '33333333-3333-4333-8333-333333333333',
  weekNumber: 2,
  weekName: 'Settimana 2',
  locksAt,
  multiplier: 2,
  viceEnabled: true,
  current: null,
};

function serve(captain: Captain, points?: RosterPoints) {
  const puts: unknown[] = [];
  let state = captain;
  const fetchMock = mockFetch((url, init) => {
    if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
    if (url.endsWith('/my-roster')) return jsonResponse(200, { roster });
    if (url.endsWith('/my-roster/captain')) {
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        state = { ...state, ...body };
      }
      return jsonResponse(200, state);
    }
    if (url.endsWith('/my-roster/points') && points) return jsonResponse(200, { points });
    if (url.endsWith('/deadline')) return jsonResponse(200, { deadline: null });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
  });
  return { fetchMock, puts };
}

describe('the weekly captain on the roster page', () => {
  it('asks for a captain, says which week it counts for, and marks C then V', async () => {
    const { puts } = serve(noCaptain);
    const user = userEvent.setup();
    await renderApp({ user: participant, url: '/roster' });
    const picker = await screen.findByRole('region', { name: 'Capitano' });
    expect(within(picker).getByText(/scegli il capitano/)).toBeInTheDocument();
    expect(within(picker).getByText(/Vale per Settimana 2/)).toBeInTheDocument();

    await user.click(within(picker).getByRole('button', { name: 'Capitano: Caps' }));
    expect(puts).toEqual([{ captainPlayerId: 'p-caps', viceCaptainPlayerId: null }]);
    expect(await within(picker).findByRole('button', { name: 'Capitano: Caps' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(picker).queryByText(/scegli il capitano/)).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Vice capitano: Yike' }));
    expect(puts.at(-1)).toEqual({ captainPlayerId: 'p-caps', viceCaptainPlayerId: 'p-yike' });
    // the cards carry the marks
    const cards = screen.getByRole('list', { name: 'Giocatori del roster' });
    expect(await within(cards).findByLabelText('Capitano')).toHaveTextContent('C');
    expect(within(cards).getByLabelText('Vice capitano')).toHaveTextContent('V');
  });

  it('nothing to choose in a league without the captain', async () => {
    serve({ ...noCaptain, multiplier: 1 });
    await renderApp({ user: participant, url: '/roster' });
    expect(await screen.findByRole('button', { name: 'Vendi Caps' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Capitano' })).not.toBeInTheDocument();
  });

  it('the Punti tab shows the bonus as its own line', async () => {
    const points = {
      rosterId: 'r-1',
      username: 'mario',
      weeksTotal: 76.4,
      adjustment: 0,
      totalPoints: 76.4,
      weeks: [
        {
          weekId: 'w-1',
          weekNumber: 1,
          name: 'Settimana 1',
          points: 76.4,
          unexplained: 0,
          matches: [],
          captain: {
            role: 'captain',
            playerId: 'p-caps',
            name: 'Caps',
            multiplier: 2,
            playerPoints: 38.2,
            bonus: 38.2,
            label: 'Capitano ×2 (Caps)',
          },
        },
      ],
    } as RosterPoints;
    serve({ ...noCaptain, captainPlayerId: 'p-caps' }, points);
    const user = userEvent.setup();
    await renderApp({ user: participant, url: '/roster' });
    await user.click(await screen.findByRole('tab', { name: 'Punti' }));
    const view = await screen.findByRole('region', { name: 'Perché questi punti' });
    expect(await within(view).findByText('Capitano ×2 (Caps): +38,2')).toBeInTheDocument();
  });
});
