import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { League, MyRoster } from '@/api/types';
import { makeLeague, makeRoster } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

function serve(leagues: League[], roster: MyRoster | null, onSell?: () => Response) {
  return mockFetch((url) => {
    if (url === '/api/leagues') return jsonResponse(200, { leagues });
    if (url.endsWith('/my-roster')) return jsonResponse(200, { roster });
    if (onSell && url.endsWith('/sell')) return onSell();
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
  });
}

const holding = { pricePaid: 5, salePrice: 5, acquiredAt: '2026-01-12T00:00:00Z', imageUrl: null };
const heldCaps = {
  id: 'p1',
  name: 'Caps',
  team: 'G2 Esports',
  role: 'Mid' as const,
  tier: 5,
  cost: 5,
  ...holding,
};
const heldAhri = {
  id: 'c1',
  name: 'Ahri',
  tier: 3,
  cost: 3,
  roles: ['Mid' as const],
  ...holding,
  pricePaid: 3,
  salePrice: 2,
};

describe('Roster route', () => {
  it('says when no league is joined and links to the leagues', async () => {
    serve([makeLeague()], null);
    await renderApp({ user: participant, url: '/roster' });
    expect(await screen.findByText('Non sei ancora iscritto a nessuna lega')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vai alle Leghe' })).toHaveAttribute('href', '/leagues');
  });

  it('shows balances, eligibility with BOT for ADC, counts, sale prices and the ledger', async () => {
    const league = makeLeague({ joined: true });
    serve(
      [makeLeague({ id: 'other', name: 'Altra', joined: false }), league],
      makeRoster({
        pandaCoin: 10,
        burroCoin: 6,
        totalPoints: 12.345,
        players: [heldCaps],
        champions: [heldAhri],
        eligibility: { eligible: false, missingRoles: ['Top', 'ADC'] },
        transactions: [
          {
            id: 1,
            type: 'BuyPlayer',
            itemId: 'p1',
            itemName: 'Caps',
            amount: -5,
            currency: 'PandaCoin',
            note: null,
            createdAt: '2026-01-12T00:00:00Z',
          },
        ],
      }),
    );
    const user = userEvent.setup();
    await renderApp({ user: participant, url: '/roster' });

    expect(
      await screen.findByText('Roster non valido: manca almeno un giocatore nei ruoli Top, BOT'),
    ).toBeInTheDocument();
    expect(screen.getByText('12,3')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Mercato' })).toHaveAttribute(
      'href',
      `/market?league=${league.id}`,
    );
    expect(screen.getByRole('tab', { name: 'Giocatori (1/5)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vendi Caps' })).toBeEnabled();
    expect(screen.getByText('Acquisto giocatore: Caps')).toBeInTheDocument();
    expect(
      screen.getByText('Nessun punto ancora: i punti arrivano con le statistiche dei match.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Campioni (1/8)' }));
    const ahri = (await screen.findByRole('heading', { name: 'Ahri' })).closest('li') as HTMLElement;
    expect(within(ahri).getByTitle('Prezzo di vendita')).toHaveTextContent('Vendita: 2 BC');
    expect(
      screen.getByText('Il prezzo di vendita di un campione è metà del costo, arrotondato per eccesso.'),
    ).toBeInTheDocument();
  });

  it('hides the Mercato button when the market is closed and sells after confirmation', async () => {
    const league = makeLeague({ joined: true, marketOpen: false });
    const fetchMock = serve(
      [league],
      makeRoster({
        champions: [heldAhri],
        players: [heldCaps],
      }),
      () =>
        jsonResponse(200, {
          itemId: 'c1',
          itemName: 'Ahri',
          amount: 2,
          currency: 'BurroCoin',
          message: 'Hai venduto Ahri per 2 Burro Coin',
          roster: { id: 'r', pandaCoin: 15, burroCoin: 10, playerCount: 1, championCount: 0 },
        }),
    );
    const user = userEvent.setup();
    await renderApp({ user: participant, url: `/roster?league=${league.id}` });

    expect(await screen.findByRole('button', { name: 'Vendi Caps' })).toBeDisabled();
    expect(within(screen.getByRole('main')).queryByRole('link', { name: 'Mercato' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Campioni (1/8)' }));
    await user.click(await screen.findByRole('button', { name: 'Vendi Ahri' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Riceverai 2 Burro Coin.');
    await user.click(screen.getByRole('button', { name: 'Conferma vendita' }));
    expect(await screen.findByText('Hai venduto Ahri per 2 Burro Coin')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/champions/c1/sell'))).toBe(true);
  });

  it('tells a visitor they are not authenticated', async () => {
    await renderApp({ user: null, url: '/roster' });
    expect(await screen.findByRole('heading', { name: 'Non autenticato' })).toBeInTheDocument();
  });
});
