import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPlayer } from '@/features/admin/shared/api/catalogue-types';
import { ChampionRoles } from '@/features/admin/shared/champion-roles';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';
import { PlayersPanel } from './players-panel';

const player = (name: string, role: AdminPlayer['role']): AdminPlayer => ({
  id: `p-${name}`,
  name,
  team: 'G2 Esports',
  role,
  tier: 1,
  cost: 5,
  region: null,
  imageUrl: null,
  performanceUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe("admin roles read as the admin spec names them (ADC, not the participants' BOT)", () => {
  it('the players list and its role filter show ADC', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(200, { players: [player('Caps', 'Mid'), player('Hans Sama', 'ADC')] }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PlayersPanel teamNames={['G2 Esports']} />, { user: admin });

    const row = (await screen.findByText('Hans Sama')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('ADC')).toBeInTheDocument();
    expect(screen.queryByText('BOT')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Ruolo' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Tutti i ruoli', 'Top', 'Jungle', 'Mid', 'ADC', 'Support']);
    await user.click(screen.getByRole('option', { name: 'ADC' }));
    expect(screen.getByRole('combobox', { name: 'Ruolo' })).toHaveTextContent('ADC');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('role=ADC'))).toBe(true);
  });

  it("a champion's role badges show ADC", () => {
    renderWithProviders(<ChampionRoles roles={['ADC', 'Support', 'Mid']} limit={2} />, { user: admin });
    expect(screen.getByText('ADC')).toBeInTheDocument();
    expect(screen.getByText('+1')).toBeInTheDocument();
    expect(screen.queryByText('BOT')).not.toBeInTheDocument();
  });
});
