import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { makeLeague } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderWithProviders, requestBody } from '@/test/utils';
import { JoinLeagueButton } from './join-league-button';

const lck = makeLeague({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'LCK Cup 2026',
  type: 'LCK',
  rulesRequired: true,
  rulesText: '<p>Niente <strong>smurf</strong></p>',
});

describe('JoinLeagueButton', () => {
  it('opens the rules first; refusing explains why and sends nothing', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    renderWithProviders(<JoinLeagueButton league={lck} />, { user: participant });

    await user.click(screen.getByRole('button', { name: 'Unisciti alla Lega: LCK Cup 2026' }));
    const dialog = await screen.findByRole('dialog', { name: /Regolamento · LCK Cup 2026/ });
    expect(dialog).toHaveTextContent('Niente smurf');
    await user.click(screen.getByRole('button', { name: 'Rifiuta' }));

    expect(await screen.findByText('Devi accettare il regolamento per unirti alla lega')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepting joins in one request and refreshes the affected queries', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(201, { message: 'Ti sei iscritto alla lega con successo!', rosterId: 'r-1' }),
    );
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<JoinLeagueButton league={lck} />, { user: participant });
    queryClient.setQueryData(queryKeys.leagues(), [lck]);
    queryClient.setQueryData(queryKeys.roster(lck.id), null);
    queryClient.setQueryData(queryKeys.leaderboard('other-league'), { pages: [] });

    await user.click(screen.getByRole('button', { name: 'Unisciti alla Lega: LCK Cup 2026' }));
    await user.click(await screen.findByRole('button', { name: 'Accetto il Regolamento' }));

    expect(await screen.findByText('Ti sei iscritto alla lega con successo!')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/leagues/${lck.id}/join`);
    expect(requestBody(fetchMock)).toEqual({ acceptRules: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(queryClient.getQueryState(queryKeys.leagues())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.roster(lck.id))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.leaderboard('other-league'))?.isInvalidated).toBe(false);
  });

  it('joins a league without rules directly with an empty body and shows refusals', async () => {
    const fetchMock = mockFetch(() =>
      jsonResponse(409, { code: 'ALREADY_JOINED', message: 'Sei già iscritto a questa lega' }),
    );
    const user = userEvent.setup();
    renderWithProviders(<JoinLeagueButton league={makeLeague()} />, { user: participant });

    await user.click(screen.getByRole('button', { name: 'Unisciti alla Lega: LEC Versus 2026' }));

    expect(await screen.findByText('Sei già iscritto a questa lega')).toBeInTheDocument();
    expect(requestBody(fetchMock)).toEqual({});
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot join a completed league', () => {
    renderWithProviders(<JoinLeagueButton league={makeLeague({ status: 'Completed' })} />, {
      user: participant,
    });
    expect(screen.getByRole('button', { name: /Unisciti alla Lega/ })).toBeDisabled();
  });
});
