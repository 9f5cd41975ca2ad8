import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { League, MyRoster } from '@/api/types';
import { makeLeague, makeRoster, utcTime } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

const player = (
  id: string,
  name: string,
  role: string,
  cost: number,
  team = 'G2 Esports',
  suggested = false,
) => ({
  id,
  name,
  team,
  role,
  tier: cost,
  cost,
  region: 'EU',
  imageUrl: null,
  performanceUrl: null,
  suggested,
});
const PLAYERS = [player('p-caps', 'Caps', 'Mid', 5), player('p-hans', 'Hans Sama', 'ADC', 3, 'Fnatic', true)];
const CHAMPIONS = [
  { id: 'c-ahri', name: 'Ahri', tier: 4, cost: 4, roles: ['Mid'], imageUrl: null, performanceUrl: null },
  { id: 'c-aatrox', name: 'Aatrox', tier: 3, cost: 3, roles: ['Top'], imageUrl: null, performanceUrl: null },
];

function serve(league: League, roster: MyRoster | null, onTrade?: (url: string) => Response) {
  return mockFetch((url) => {
    if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
    if (url.endsWith('/my-roster')) return jsonResponse(200, { roster });
    if (url.includes('/players?') || url.endsWith('/players'))
      return jsonResponse(200, {
        players: url.includes('search=zzz') ? [] : PLAYERS,
        teams: ['Fnatic', 'G2 Esports'],
        currentPhase: { name: 'Playoffs', participatingTeams: ['Fnatic'] },
      });
    if (url.startsWith('/api/champions')) return jsonResponse(200, { champions: CHAMPIONS });
    if (onTrade && url.endsWith('/buy')) return onTrade(url);
    if (onTrade && url.endsWith('/sell')) return onTrade(url);
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Pagina non trovata' });
  });
}

afterEach(() => vi.useRealTimers());

describe('Market route', () => {
  it('marks blocked tabs, explains a manual closure and keeps champions tradable', async () => {
    const league = makeLeague({ joined: true, marketOpen: false });
    serve(league, makeRoster());
    const user = userEvent.setup();
    await renderApp({ user: participant, url: `/market?league=${league.id}` });

    expect(await screen.findByRole('tab', { name: 'Giocatori (Bloccato)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Campioni' })).toBeInTheDocument();
    const banner = screen.getByTestId('manual-closure-banner');
    // "chiuso" once: the title says it, the note adds what stays open
    expect(banner.textContent?.match(/chiuso/g)).toHaveLength(1);
    expect(banner).toHaveTextContent('Il mercato per i giocatori è chiusoI campioni restano acquistabili.');
    const buyCaps = await screen.findByRole('button', { name: 'Acquista Caps' });
    expect(buyCaps).toBeDisabled();
    expect(buyCaps).toHaveAccessibleDescription('Il mercato per i giocatori è chiuso');

    await user.click(screen.getByRole('tab', { name: 'Campioni' }));
    expect(await screen.findByRole('button', { name: 'Acquista Ahri' })).toBeEnabled();
  });

  it('shows the automatic time block with its reopening time and blocks both tabs', async () => {
    // the end is read once: a second reading of the clock may fall in the next minute
    const reopensAt = utcTime(60);
    const league = makeLeague({
      joined: true,
      marketBlockTimezone: 'UTC',
      marketBlockStartTime: utcTime(-60),
      marketBlockEndTime: reopensAt,
    });
    serve(league, makeRoster());
    await renderApp({ user: participant, url: `/market?league=${league.id}` });

    expect(await screen.findByRole('tab', { name: 'Giocatori (Bloccato)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Campioni (Bloccato)' })).toBeInTheDocument();
    const banner = screen.getByTestId('time-block-banner');
    expect(banner).toHaveTextContent('Mercato bloccato automaticamente in questa fascia oraria');
    expect(banner).toHaveTextContent(`Il mercato riaprirà alle ${reopensAt} (UTC)`);
  });

  it('disables buying with the reason: owned, balance, full roster', async () => {
    const league = makeLeague({ joined: true });
    const roster = makeRoster({
      pandaCoin: 4,
      burroCoin: 1,
      players: [
        {
          ...PLAYERS[1],
          pricePaid: 3,
          salePrice: 3,
          acquiredAt: '2026-01-12T00:00:00Z',
        } as MyRoster['players'][number],
      ],
      champions: Array.from({ length: 8 }, (_, i) => ({
        id: `c-${i}`,
        name: `Champ ${i}`,
        tier: 1,
        cost: 1,
        roles: ['Top' as const],
        imageUrl: null,
        pricePaid: 1,
        salePrice: 1,
        acquiredAt: '2026-01-12T00:00:00Z',
      })),
    });
    serve(league, roster);
    const user = userEvent.setup();
    await renderApp({ user: participant, url: `/market?league=${league.id}` });

    const caps = await screen.findByRole('button', { name: 'Acquista Caps' });
    await waitFor(() =>
      expect(caps).toHaveAccessibleDescription(
        'Non hai abbastanza Panda Coin per acquistare questo giocatore',
      ),
    );
    // owned: sold from here, never a disabled "Acquista"
    expect(screen.queryByRole('button', { name: 'Acquista Hans Sama' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vendi Hans Sama' })).toBeEnabled();
    // Suggested players (team in the current phase) are highlighted; the suggestion is only a hint.
    expect(
      screen.getByText('Suggerimento: questi giocatori appartengono ai team della fase corrente'),
    ).toBeInTheDocument();
    expect(screen.getByText('Fase corrente')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Campioni' }));
    expect(await screen.findByRole('button', { name: 'Acquista Ahri' })).toHaveAccessibleDescription(
      'Puoi avere massimo 8 campioni',
    );
  });

  it('buys, toasts the server message and refreshes the roster now and again later', async () => {
    const league = makeLeague({ joined: true });
    const fetchMock = serve(league, makeRoster(), () =>
      jsonResponse(200, {
        itemId: 'p-caps',
        itemName: 'Caps',
        amount: 5,
        currency: 'PandaCoin',
        message: 'Hai acquistato Caps per 5 Panda Coin',
        roster: { id: 'r', pandaCoin: 10, burroCoin: 8, playerCount: 1, championCount: 0 },
      }),
    );
    const user = userEvent.setup();
    await renderApp({ user: participant, url: `/market?league=${league.id}` });
    const rosterFetches = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/my-roster')).length;

    await user.click(await screen.findByRole('button', { name: 'Acquista Caps' }));

    expect(await screen.findByText('Hai acquistato Caps per 5 Panda Coin')).toBeInTheDocument();
    const buy = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/buy'));
    expect(buy?.[0]).toBe(`/api/leagues/${league.id}/players/p-caps/buy`);
    expect(buy?.[1]?.body).toBe('{}');
    await waitFor(() => expect(rosterFetches()).toBe(2));
    // Spec §4: a second refresh 500 ms after a player trade.
    await waitFor(() => expect(rosterFetches()).toBe(3), { timeout: 2000 });
    // A first purchase may join the league: the league list is fetched again too.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/leagues').length).toBeGreaterThanOrEqual(2);
  });

  it('after a refused purchase fetches again the balance, the roster, the market state and the catalogue', async () => {
    const league = makeLeague({ joined: true });
    // the page shows 15 PC; another tab spends 13 of them just before this purchase reaches the server
    let pandaCoin = 15;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/leagues') return jsonResponse(200, { leagues: [league] });
      if (url.endsWith('/my-roster')) return jsonResponse(200, { roster: makeRoster({ pandaCoin }) });
      if (url.endsWith('/buy')) {
        pandaCoin = 2;
        return jsonResponse(400, { code: 'INSUFFICIENT_FUNDS', message: 'Non hai abbastanza Panda Coin' });
      }
      if (url.includes('/players'))
        return jsonResponse(200, { players: PLAYERS, teams: [], currentPhase: null });
      if (url.includes('/champions')) return jsonResponse(200, { champions: CHAMPIONS });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
    });
    const count = (match: (url: string) => boolean) =>
      fetchMock.mock.calls.filter(([url]) => match(String(url))).length;
    const user = userEvent.setup();
    await renderApp({ user: participant, url: `/market?league=${league.id}` });
    const buy = await screen.findByRole('button', { name: 'Acquista Caps' });
    const before = {
      roster: count((u) => u.endsWith('/my-roster')),
      leagues: count((u) => u === '/api/leagues'),
      players: count((u) => u.includes('/players') && !u.endsWith('/buy')),
    };
    await user.click(buy);

    const slow = { timeout: 5000 };
    expect(await screen.findByText('Non hai abbastanza Panda Coin', {}, slow)).toBeInTheDocument();
    await waitFor(() => expect(count((u) => u.endsWith('/my-roster'))).toBeGreaterThan(before.roster), slow);
    expect(count((u) => u === '/api/leagues')).toBeGreaterThan(before.leagues);
    await waitFor(
      () =>
        expect(count((u) => u.includes('/players') && !u.endsWith('/buy'))).toBeGreaterThan(before.players),
      slow,
    );
    // the balance the server holds is shown
    expect(await screen.findByText('2 Panda Coin', {}, slow)).toBeInTheDocument();
  }, 20_000);

  it('shows the empty-result message and clears the filters', async () => {
    const league = makeLeague({ joined: true });
    const fetchMock = serve(league, makeRoster());
    const user = userEvent.setup();
    await renderApp({ user: participant, url: `/market?league=${league.id}` });

    await user.type(await screen.findByRole('searchbox', { name: 'Cerca' }), 'zzz');
    expect(await screen.findByText('Nessun giocatore trovato')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/players?search=zzz'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Cancella filtri' }));
    expect(await screen.findByRole('button', { name: 'Acquista Caps' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Cerca' })).toHaveValue('');
  });

  it('invites to join a league not joined, with the starting balance', async () => {
    const league = makeLeague({ type: 'MSI', name: 'MSI 2026' });
    serve(league, null);
    await renderApp({ user: participant, url: `/market?league=${league.id}` });

    const cta = await screen.findByText('Non sei ancora iscritto a MSI 2026');
    const alert = cta.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent('Riceverai 15 Panda Coin e 10 Burro Coin');
    expect(within(alert).getByRole('button', { name: 'Unisciti alla Lega: MSI 2026' })).toBeEnabled();
    expect(screen.getAllByText('Saldo iniziale')).toHaveLength(2);
  });

  it('asks for the roster and the catalogue of the league in the address together with the league list', async () => {
    const league = makeLeague({ joined: true });
    const fetchMock = mockFetch((url) => {
      // the league list never arrives: the other requests must not wait for it
      if (url === '/api/leagues') return new Promise<Response>(() => {});
      if (url.endsWith('/my-roster')) return jsonResponse(200, { roster: makeRoster() });
      if (url.includes('/players'))
        return jsonResponse(200, { players: PLAYERS, teams: [], currentPhase: null });
      return jsonResponse(200, { champions: CHAMPIONS });
    });
    await renderApp({ user: participant, url: `/market?league=${league.id}` });
    await waitFor(() => {
      const urls = fetchMock.mock.calls.map(([input]) => String(input));
      expect(urls).toEqual(
        expect.arrayContaining([
          '/api/leagues',
          `/api/leagues/${league.id}/my-roster`,
          `/api/leagues/${league.id}/players`,
          `/api/champions?leagueId=${league.id}`,
        ]),
      );
    });
  });
});
