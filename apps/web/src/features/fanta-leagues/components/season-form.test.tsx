import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, participant, renderWithProviders, requestBody } from '@/test/utils';
import { fantaLeagueFixture } from '../test/fanta-league-fixture';
import { SeasonForm } from './season-form';

const ID = '44444444-4444-4444-8444-444444444444';
const fl = fantaLeagueFixture({ id: ID, ownerUserId: participant.id, isOwner: true, status: 'ended' });

describe('the season form', () => {
  it('switches to "Scontri diretti" from the suggested bands; a bad T is refused before any request', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === `/api/leagues/${fl.leagueId}/private-leagues/h2h-bands`)
        return jsonResponse(200, { bandStart: 55, bandStep: 8, weekName: 'Settimana 3' });
      if (url === `/api/fanta-leagues/${ID}` && init.method === 'PATCH')
        return jsonResponse(200, { fantaLeague: fl });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'Non trovato' });
    });
    const user = userEvent.setup();
    renderWithProviders(<SeasonForm fl={fl} />, { user: participant });
    const form = screen.getByRole('form', { name: 'Stagione' });
    expect(within(form).queryByLabelText('Primo gol (T)')).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Classifica'), 'h2h');
    const start = await within(form).findByLabelText('Primo gol (T)');
    await waitFor(() => expect(start).toHaveValue('55'));
    await user.clear(start);
    await user.type(start, '0');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    expect(
      await within(form).findByText(/^La soglia del primo gol \(T\) deve essere tra 1 e/),
    ).toBeInTheDocument();
    const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    expect(patches()).toHaveLength(0);

    await user.clear(start);
    await user.type(start, '60');
    await user.click(within(form).getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    const index = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'PATCH');
    expect(requestBody(fetchMock, index)).toEqual({
      captainMultiplier: 1,
      viceCaptainEnabled: true,
      format: 'h2h',
      h2h: { rule: 'bands', bandStart: 60, bandStep: 8 },
    });
  });
});
