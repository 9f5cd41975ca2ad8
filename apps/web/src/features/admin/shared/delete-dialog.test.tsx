import { MESSAGES } from '@fantarift/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';
import type { AdminLeague } from '../leagues/api/types';
import { DeleteLeagueDialog } from '../leagues/components/delete-league-dialog';
import type { AdminWeek } from '../season/api/types';
import { matchStatistics } from '../season/components/stats-editor/test-fixtures';
import { WeekCard } from '../season/components/week-card';

const match = matchStatistics(3).match;

const week: AdminWeek = {
  id: 'w-1',
  leagueId: 'l-1',
  weekNumber: 1,
  name: 'Settimana di apertura',
  startDate: '2026-02-01',
  endDate: '2026-02-07',
  isActive: true,
  isClosed: false,
  rewardsDistributed: false,
  closedAt: null,
  createdAt: '2026-01-20T10:00:00.000Z',
  updatedAt: '2026-01-20T10:00:00.000Z',
  matches: [match],
};

const CONSEQUENCE =
  'La settimana "Settimana 1" è chiusa e i suoi premi sono già stati distribuiti. Eliminare il match non cambia i premi pagati.';

/** Answers each DELETE with the next of `answers`; a function answer can hold the request open. */
function serve(answers: (Response | (() => Promise<Response>))[]) {
  return mockFetch((url, init) => {
    if (init.method !== 'DELETE') return jsonResponse(404, { code: 'NOT_FOUND', message: url });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected DELETE ${url}`);
    return typeof next === 'function' ? next() : next;
  });
}

const deletes = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => String(url));

function renderWeek() {
  const user = userEvent.setup();
  renderWithProviders(<WeekCard week={week} teams={['G2', 'FNC']} defaultOpen />, { user: admin });
  return user;
}

async function openWeekDelete(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Elimina Settimana 1' }));
  return screen.findByRole('alertdialog', { name: 'Eliminare Settimana 1?' });
}

describe('the shared delete confirmation (week and match)', () => {
  it('shows the spec text with Annulla (focused) / Elimina; Annulla closes without deleting', async () => {
    const fetchMock = serve([]);
    const user = renderWeek();
    const dialog = await openWeekDelete(user);
    expect(dialog).toHaveTextContent(MESSAGES.weeks.deleteConfirm);
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Elimina' })).toBeEnabled();

    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes(fetchMock)).toEqual([]);
  });

  it('is busy while the delete runs (Eliminando..., no dismissing), then toasts and closes', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = serve([
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    ]);
    const user = renderWeek();
    const dialog = await openWeekDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));

    const busy = await within(dialog).findByRole('button', { name: 'Eliminando...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(deletes(fetchMock)).toEqual(['/api/admin/weeks/w-1']);

    answer(jsonResponse(200, { message: MESSAGES.weeks.deleted, rostersUpdated: 0 }));
    expect(await screen.findByText(MESSAGES.weeks.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog open on a refusal and toasts the server's text", async () => {
    serve([jsonResponse(409, { code: 'CONFLICT', message: MESSAGES.weeks.cannotDeleteDistributed })]);
    const user = renderWeek();
    const dialog = await openWeekDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText(MESSAGES.weeks.cannotDeleteDistributed)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Eliminare Settimana 1?' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Elimina' })).toBeEnabled();
  });

  it("toasts the screen's own text for a server failure", async () => {
    serve([jsonResponse(500, { code: 'INTERNAL', message: 'boom' })]);
    const user = renderWeek();
    const dialog = await openWeekDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText(MESSAGES.weeks.updateError)).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('a match of a closed week: the refusal becomes the closed-week prompt, and confirming deletes it', async () => {
    const fetchMock = serve([
      jsonResponse(409, { code: 'CLOSED_WEEK_CONFIRMATION', message: CONSEQUENCE }),
      jsonResponse(200, { message: MESSAGES.matches.deleted, rostersUpdated: 2 }),
    ]);
    const user = renderWeek();
    await user.click(screen.getByRole('button', { name: 'Elimina match G2 vs FNC' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminare G2 vs FNC?' });
    expect(dialog).toHaveTextContent(MESSAGES.matches.deleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));

    const prompt = await screen.findByRole('alertdialog', { name: MESSAGES.weeks.weekClosed });
    expect(prompt).toHaveTextContent(CONSEQUENCE);
    expect(screen.queryByRole('alertdialog', { name: 'Eliminare G2 vs FNC?' })).not.toBeInTheDocument();
    await user.click(
      within(prompt).getByRole('button', { name: MESSAGES.pointsTrust.closedWeekConfirmButton }),
    );

    expect(await screen.findByText(MESSAGES.matches.deleted)).toBeInTheDocument();
    expect(deletes(fetchMock)).toEqual([
      '/api/admin/matches/m-1',
      '/api/admin/matches/m-1?confirmClosedWeek=true',
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('a match of a closed week: Annulla on the prompt deletes nothing more', async () => {
    const fetchMock = serve([jsonResponse(409, { code: 'CLOSED_WEEK_CONFIRMATION', message: CONSEQUENCE })]);
    const user = renderWeek();
    await user.click(screen.getByRole('button', { name: 'Elimina match G2 vs FNC' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminare G2 vs FNC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    const prompt = await screen.findByRole('alertdialog', { name: MESSAGES.weeks.weekClosed });
    await user.click(within(prompt).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deletes(fetchMock)).toEqual(['/api/admin/matches/m-1']);
  });

  it("a match: a network failure toasts the screen's own text", async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = renderWeek();
    await user.click(screen.getByRole('button', { name: 'Elimina match G2 vs FNC' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminare G2 vs FNC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText(MESSAGES.matches.deleteError)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});

describe('the shared delete confirmation (league)', () => {
  const league = { id: 'l-1', name: 'LEC Versus 2026' } as AdminLeague;

  it("names the league and, by default, toasts a network failure's own text", async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    renderWithProviders(<DeleteLeagueDialog league={league} onOpenChange={() => {}} />, { user: admin });
    const dialog = await screen.findByRole('alertdialog', { name: 'Elimina Lega' });
    expect(dialog).toHaveTextContent(`Stai per eliminare LEC Versus 2026. ${MESSAGES.leagues.deleteConfirm}`);
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText(MESSAGES.common.networkError)).toBeInTheDocument();
  });

  it('closes through onOpenChange(false) after the delete', async () => {
    const fetchMock = serve([jsonResponse(200, { message: MESSAGES.leagues.deleted })]);
    const closed: boolean[] = [];
    const user = userEvent.setup();
    renderWithProviders(<DeleteLeagueDialog league={league} onOpenChange={(open) => closed.push(open)} />, {
      user: admin,
    });
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText(MESSAGES.leagues.deleted)).toBeInTheDocument();
    expect(closed).toEqual([false]);
    expect(deletes(fetchMock)).toEqual(['/api/admin/leagues/l-1']);
  });
});
