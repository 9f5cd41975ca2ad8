import { MESSAGES } from '@fantarift/core';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { leagueFields } from '@/test/fixtures';
import { admin, jsonResponse, mockFetch, renderWithProviders, requestBody } from '@/test/utils';
import type { AdminLeague } from '../api/types';
import { EditLeagueForm } from './edit-league-form';

const league: AdminLeague = {
  ...leagueFields(),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  participantCount: 3,
  phases: [],
};

const setTime = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('EditLeagueForm', () => {
  it('keeps Save disabled while only one market block time is set', async () => {
    renderWithProviders(<EditLeagueForm league={league} onDone={vi.fn()} onCancel={vi.fn()} />, {
      user: admin,
    });
    const save = screen.getByRole('button', { name: 'Salva' });
    expect(save).toBeEnabled();

    setTime('Inizio (HH:MM)', '10:00');
    expect(save).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.leagues.marketBlockIncomplete);

    setTime('Fine (HH:MM)', '12:30');
    expect(save).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    setTime('Inizio (HH:MM)', '');
    expect(save).toBeDisabled();

    setTime('Fine (HH:MM)', '');
    expect(save).toBeEnabled();
  });

  it('shows the rules text only when rules are required, and sends empty times as null', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const fetchMock = mockFetch(() => jsonResponse(200, { message: MESSAGES.leagues.updated, league }));
    renderWithProviders(<EditLeagueForm league={league} onDone={onDone} onCancel={vi.fn()} />, {
      user: admin,
    });

    expect(screen.queryByLabelText('Testo del regolamento')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Richiedi accettazione del regolamento' }));
    await user.type(screen.getByLabelText('Testo del regolamento'), 'Niente trucchi');
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/admin/leagues/${league.id}`);
    expect(requestBody(fetchMock)).toMatchObject({
      rulesRequired: true,
      rulesText: 'Niente trucchi',
      marketBlockStartTime: null,
      marketBlockEndTime: null,
      marketBlockTimezone: 'UTC',
    });
  });
});
