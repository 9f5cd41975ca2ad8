import { MESSAGES } from '@fantarift/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';
import type { AdminMatch } from '../../api/types';
import { MatchStatsDialog } from './match-stats-dialog';
import { matchStatistics } from './test-fixtures';

const stats = matchStatistics(1, { match: { ...matchStatistics(1).match, id: 'm-7' } });
const match = stats.match as AdminMatch;

function serve() {
  return mockFetch((url, init) => {
    if (url.endsWith('/api/champions')) return jsonResponse(200, { champions: [] });
    if (url.endsWith(`/api/admin/matches/${match.id}/statistics`) && (init.method ?? 'GET') === 'GET')
      return jsonResponse(200, stats);
    if (url.endsWith(`/api/admin/matches/${match.id}/statistics`))
      return jsonResponse(200, { message: MESSAGES.stats.saved, rostersUpdated: 0 });
    return jsonResponse(404, { code: 'NOT_FOUND', message: url });
  });
}

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Apri
      </button>
      <MatchStatsDialog match={match} open={open} onOpenChange={setOpen} />
    </>
  );
}

async function typeKills(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.click(await screen.findByRole('tab', { name: 'Player Statistics' }));
  await user.type(screen.getByRole('spinbutton', { name: 'Kills GMid' }), value);
}

describe('statistics dialog: typed data is never lost', () => {
  it('Escape with unsaved changes asks; "Continua a modificare" keeps them, "Scarta modifiche" closes', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<Harness />, { user: admin });
    await typeKills(user, '4');

    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: MESSAGES.stats.unsavedTitle });
    await user.click(within(ask).getByRole('button', { name: MESSAGES.stats.keepEditing }));
    expect(screen.getByRole('spinbutton', { name: 'Kills GMid' })).toHaveValue(4);

    await user.click(screen.getByRole('button', { name: 'Chiudi' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: MESSAGES.stats.discardChanges,
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.length).toBe(0);
  }, 20_000);

  it('closes without asking when nothing changed', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<Harness />, { user: admin });
    await screen.findByRole('tab', { name: 'Player Statistics' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps a draft in the browser and offers it again after a reload; a save clears it', async () => {
    serve();
    const user = userEvent.setup();
    const first = renderWithProviders(<Harness />, { user: admin });
    await typeKills(user, '7');
    await waitFor(() =>
      expect(window.localStorage.getItem(`fantarift:stats-draft:${match.id}`)).not.toBeNull(),
    );
    first.unmount(); // the tab is closed or reloaded

    renderWithProviders(<Harness />, { user: admin });
    const offer = await screen.findByText(/C'è una bozza non salvata di questo match/);
    expect(offer).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MESSAGES.stats.restoreDraft }));
    await user.click(screen.getByRole('tab', { name: 'Player Statistics' }));
    expect(screen.getByRole('spinbutton', { name: 'Kills GMid' })).toHaveValue(7);

    await user.click(screen.getByRole('tab', { name: 'Serie Result' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Vincitore game 1' })).getByRole('radio', { name: 'G2' }),
    );
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(`fantarift:stats-draft:${match.id}`)).toBeNull();
  }, 20_000);

  it('"Scarta bozza" starts from the stored statistics and forgets the draft', async () => {
    serve();
    const user = userEvent.setup();
    const first = renderWithProviders(<Harness />, { user: admin });
    await typeKills(user, '5');
    first.unmount();

    renderWithProviders(<Harness />, { user: admin });
    await user.click(await screen.findByRole('button', { name: MESSAGES.stats.discardDraft }));
    await user.click(screen.getByRole('tab', { name: 'Player Statistics' }));
    expect(screen.getByRole('spinbutton', { name: 'Kills GMid' })).toHaveValue(0);
    expect(window.localStorage.getItem(`fantarift:stats-draft:${match.id}`)).toBeNull();
  }, 20_000);
});
