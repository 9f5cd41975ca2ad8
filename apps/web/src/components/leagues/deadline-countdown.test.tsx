import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, participant, renderWithProviders } from '@/test/utils';
import { DeadlineCountdown, formatCountdown } from './deadline-countdown';

const LEAGUE = '11111111-1111-4111-8111-111111111111';

describe('formatCountdown', () => {
  it('shows the two largest units left', () => {
    expect(formatCountdown(((2 * 24 + 3) * 3600 + 59) * 1000)).toBe('2 g 3 h');
    expect(formatCountdown((3 * 3600 + 5 * 60 + 7) * 1000)).toBe('3 h 05 min');
    expect(formatCountdown((4 * 60 + 9) * 1000 + 999)).toBe('4 min 09 s');
    expect(formatCountdown(0)).toBe('adesso');
  });
});

describe('DeadlineCountdown', () => {
  it('counts down to the next match start and says what it means', async () => {
    const at = new Date(Date.now() + (2 * 3600 + 10 * 60 + 30) * 1000).toISOString();
    const fetchMock = mockFetch(() =>
      jsonResponse(200, {
        deadline: { at, kind: 'match_start', match: { id: 'm', team1: 'G2 Esports', team2: 'Fnatic' } },
      }),
    );
    renderWithProviders(<DeadlineCountdown leagueId={LEAGUE} />, { user: participant });
    const region = await screen.findByRole('region', { name: 'Prossima scadenza' });
    expect(region).toHaveTextContent('Prossima scadenza: Inizio partita G2 Esports vs Fnatic');
    expect(region).toHaveTextContent(/tra 2 h 1\d min/);
    expect(region).toHaveTextContent(
      "Dopo l'inizio della partita i nuovi acquisti non prendono i suoi punti.",
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/leagues/${LEAGUE}/deadline`);
  });

  it('explains an automatic market block', async () => {
    const at = new Date(Date.now() + 50 * 60 * 1000).toISOString();
    mockFetch(() => jsonResponse(200, { deadline: { at, kind: 'market_block', match: null } }));
    renderWithProviders(<DeadlineCountdown leagueId={LEAGUE} />, { user: participant });
    const region = await screen.findByRole('region', { name: 'Prossima scadenza' });
    expect(region).toHaveTextContent('Blocco automatico del mercato');
    expect(region).toHaveTextContent(/tra (49|50) min/);
    expect(region).toHaveTextContent('Durante il blocco non si possono comprare né vendere');
  });

  it('shows nothing without a deadline', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { deadline: null }));
    const { queryClient } = renderWithProviders(<DeadlineCountdown leagueId={LEAGUE} />, {
      user: participant,
    });
    // the answer is in once the fetch was made and nothing is fetching any more
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
      expect(queryClient.isFetching()).toBe(0);
    });
    expect(screen.queryByRole('region', { name: 'Prossima scadenza' })).toBeNull();
  });
});
