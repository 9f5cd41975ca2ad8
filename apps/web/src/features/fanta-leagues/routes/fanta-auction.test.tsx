import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, participant, renderWithProviders, requestBody } from '@/test/utils';
import { fantaLeagueFixture } from '../test/fanta-league-fixture';
import { FantaAuctionRoute } from './fanta-auction';

const ID = '44444444-4444-4444-8444-444444444444';
const OTHER = '55555555-5555-4555-8555-555555555555';
const PLAYER = '66666666-6666-4666-8666-666666666666';
const squad = { Top: 1, Jungle: 1, Mid: 1, ADC: 1, Support: 1 };
const slots = squad;

function room(serverNow: number, lot: { endsAt: number | null; remainingMs?: number }) {
  return {
    status: lot.endsAt === null ? 'paused' : 'running',
    round: 'main',
    version: 3,
    bidSeconds: 15,
    lot: {
      playerId: PLAYER,
      bid: 12,
      bidderUserId: OTHER,
      endsAt: lot.endsAt === null ? null : new Date(lot.endsAt).toISOString(),
      remainingMs: lot.remainingMs ?? null,
      lotNo: 1,
    },
    bids: [{ userId: OTHER, amount: 12, at: new Date(serverNow).toISOString() }],
    serverNow: new Date(serverNow).toISOString(),
    turnUserId: participant.id,
    ownerUserId: OTHER,
    managers: [
      {
        userId: participant.id,
        username: participant.username,
        credits: 30,
        slots,
        slotsLeft: 5,
        maxBid: 26,
        players: [],
      },
      { userId: OTHER, username: 'banditore', credits: 500, slots, slotsLeft: 5, maxBid: 496, players: [] },
    ],
  };
}

function serve(auction: unknown) {
  return mockFetch((url, init) => {
    if (url.endsWith('/auction/bid'))
      return jsonResponse(200, {
        message: 'Offerta accettata',
        version: 4,
        endsAt: new Date().toISOString(),
      });
    if (url.endsWith('/auction')) return jsonResponse(200, auction);
    if (url.endsWith('/players'))
      return jsonResponse(200, {
        players: [
          {
            id: PLAYER,
            name: 'Caps',
            team: 'G2 Esports',
            role: 'Mid',
            tier: 5,
            ownerUserId: null,
            price: null,
          },
        ],
      });
    if (url.endsWith(`/api/fanta-leagues/${ID}`))
      return jsonResponse(200, {
        fantaLeague: fantaLeagueFixture({ id: ID, ownerUserId: OTHER }),
      });
    return jsonResponse(404, { code: 'NOT_FOUND', message: `${init.method ?? 'GET'} ${url}` });
  });
}

const render = () =>
  renderWithProviders(<FantaAuctionRoute />, {
    user: participant,
    path: '/leghe-fanta/:id/asta',
    url: `/leghe-fanta/${ID}/asta`,
  });

describe('the auction room', () => {
  it("counts down on the server's clock, whatever the browser's says", async () => {
    // the server's clock is an hour ahead of this browser's: the lot ends 8 s after the server's now
    const serverNow = Date.now() + 3_600_000;
    serve(room(serverNow, { endsAt: serverNow + 8_000 }));
    render();
    const timer = await screen.findByRole('timer', { name: 'Tempo rimasto' });
    expect(Number(timer.textContent)).toBeGreaterThanOrEqual(7);
    expect(Number(timer.textContent)).toBeLessThanOrEqual(8);
    expect(screen.getByTestId('lot-player')).toHaveTextContent('Caps');
  });

  it('raises by the step chosen, and offers nothing over the maximum', async () => {
    const serverNow = Date.now();
    const fetchMock = serve(room(serverNow, { endsAt: serverNow + 10_000 }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: '+10' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auction/bid'))).toBe(true),
    );
    const index = fetchMock.mock.calls.findIndex(([url]) => String(url).endsWith('/auction/bid'));
    expect(requestBody(fetchMock, index)).toEqual({ playerId: PLAYER, bid: 22 });
    // 30 credits, 5 slots: at most 26; 12 + 5 fits, nothing past 26 is offered
    expect(screen.getByText('Puoi offrire al massimo 26 crediti.')).toBeInTheDocument();
  });

  it('shows the time left of a paused lot, standing still', async () => {
    serve(room(Date.now(), { endsAt: null, remainingMs: 4_200 }));
    render();
    expect(await screen.findByRole('timer', { name: 'Tempo rimasto' })).toHaveTextContent('⏸5');
    expect(screen.queryByRole('button', { name: '+1' })).not.toBeInTheDocument();
  });
});
