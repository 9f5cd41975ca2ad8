import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, participant, renderWithProviders } from '@/test/utils';
import { FantaLeagueRoute } from './fanta-league';

const ID = '44444444-4444-4444-8444-444444444444';
const squad = { Top: 1, Jungle: 1, Mid: 1, ADC: 1, Support: 1 };

function serve() {
  return mockFetch((url) => {
    if (url.endsWith(`/api/fanta-leagues/${ID}`))
      return jsonResponse(200, {
        fantaLeague: {
          id: ID,
          leagueId: '55555555-5555-4555-8555-555555555555',
          leagueName: 'LEC Winter',
          name: 'Asta del bar',
          budget: 500,
          squad,
          bidSeconds: 15,
          nominationOrder: 'random',
          startsAt: null,
          status: 'setup',
          round: 'main',
          isOwner: true,
          ownerUserId: participant.id,
          inviteCode: 'ABCDEFGHJK',
          memberCount: 1,
          members: [{ userId: participant.id, username: participant.username, isOwner: true, turnPos: 0 }],
          pool: { Top: 4, Jungle: 4, Mid: 4, ADC: 4, Support: 4 },
          proposedSquad: squad,
          maxManagers: 4,
        },
      });
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Non trovato' });
  });
}

const render = () =>
  renderWithProviders(<FantaLeagueRoute />, {
    user: participant,
    path: '/leghe-fanta/:id',
    url: `/leghe-fanta/${ID}`,
  });

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('the Lega Fanta invite (issue 33)', () => {
  it('"Condividi" opens the share sheet with the invite link, beside "Copia il link"', async () => {
    serve();
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Condividi' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Asta del bar su FantaRift',
      text: 'Unisciti alla mia Lega Fanta «Asta del bar» su FantaRift!',
      url: `${window.location.origin}/leghe-fanta/invito/ABCDEFGHJK`,
    });
    expect(screen.getByRole('button', { name: 'Copia il link' })).toBeInTheDocument();
  });

  it('without the Web Share API only the copy button', async () => {
    serve();
    render();
    expect(await screen.findByRole('button', { name: 'Copia il link' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Condividi' })).not.toBeInTheDocument();
  });
});
