import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeLeague } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

describe('Leagues route', () => {
  it('splits joined and available leagues and shows each card', async () => {
    const joined = makeLeague({
      id: 'a',
      name: 'LCK Cup 2026',
      type: 'LCK',
      joined: true,
      rulesRequired: true,
      rulesAccepted: true,
      rulesText: 'Regola uno\nRegola due',
    });
    const closed = makeLeague({
      id: 'b',
      name: 'LTA North',
      type: 'LTA North',
      status: 'Upcoming',
      marketOpen: false,
    });
    mockFetch((url) =>
      url === '/api/private-leagues'
        ? jsonResponse(200, { privateLeagues: [] })
        : jsonResponse(200, { leagues: [joined, closed] }),
    );
    const user = userEvent.setup();
    await renderApp({ user: participant, url: '/leagues' });

    expect(await screen.findByRole('heading', { name: 'Leghe & Eventi', level: 1 })).toBeInTheDocument();
    const mine = screen.getByRole('region', { name: 'Le Tue Leghe' });
    const card = await within(mine).findByRole('article', { name: 'LCK Cup 2026' });
    expect(card).toHaveTextContent('Inizio: 10 gennaio 2026');
    expect(card).toHaveTextContent('2 team partecipanti');
    expect(card).toHaveTextContent('Mercato Aperto');
    expect(within(card).getByRole('link', { name: 'Vai al Roster: LCK Cup 2026' })).toHaveAttribute(
      'href',
      '/roster?league=a',
    );

    const available = screen.getByRole('region', { name: 'Leghe Disponibili' });
    const ltaCard = within(available).getByRole('article', { name: 'LTA North' });
    expect(ltaCard).toHaveTextContent('Mercato Chiuso');
    expect(ltaCard).toHaveTextContent('In arrivo');

    await user.click(within(card).getByRole('button', { name: 'Vedi Regolamento: LCK Cup 2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('rules-content')).toHaveTextContent('Regola uno');
    expect(within(dialog).queryByRole('button', { name: 'Rifiuta' })).not.toBeInTheDocument();
  });

  it('says when no league is available', async () => {
    mockFetch((url) =>
      url === '/api/private-leagues'
        ? jsonResponse(200, { privateLeagues: [] })
        : jsonResponse(200, { leagues: [makeLeague({ joined: true })] }),
    );
    await renderApp({ user: participant, url: '/leagues' });
    expect(await screen.findByText('Nessuna lega disponibile al momento')).toBeInTheDocument();
  });

  it('shows the league-loading alert when the list cannot be loaded', async () => {
    mockFetch(() => jsonResponse(500, { code: 'INTERNAL', message: 'Errore del server' }));
    await renderApp({ user: participant, url: '/leagues' });
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(
      'Errore nel caricamento dei dati',
    );
  });
});
