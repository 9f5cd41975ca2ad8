import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, jsonResponse, mockFetch, renderWithProviders, requestBody } from '@/test/utils';
import { PlayerFormDialog } from './player-form-dialog';

describe('player form', () => {
  it('clamps tier and cost to 1-5 on leaving the field and sends every field it shows', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'ok', player: {} }));
    const user = userEvent.setup();
    renderWithProviders(
      <PlayerFormDialog player="new" teamNames={['G2 Esports']} onOpenChange={() => {}} />,
      {
        user: admin,
      },
    );
    await user.type(screen.getByLabelText('Nome'), 'Caps');
    await user.type(screen.getByLabelText('Team'), 'G2 Esports');
    const tier = screen.getByLabelText('Tier');
    await user.clear(tier);
    await user.type(tier, '9');
    await user.tab();
    expect(tier).toHaveValue(5);
    const cost = screen.getByLabelText('Costo (PC)');
    await user.clear(cost);
    await user.type(cost, '0');
    await user.tab();
    expect(cost).toHaveValue(1);
    await user.type(screen.getByLabelText('Regione (opzionale)'), 'EU');
    await user.type(screen.getByLabelText('URL statistiche (opzionale)'), 'https://example.com/caps');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(requestBody(fetchMock)).toEqual({
      name: 'Caps',
      team: 'G2 Esports',
      role: 'Top',
      tier: 5,
      cost: 1,
      region: 'EU',
      imageUrl: null,
      performanceUrl: 'https://example.com/caps',
    });
  });
});
