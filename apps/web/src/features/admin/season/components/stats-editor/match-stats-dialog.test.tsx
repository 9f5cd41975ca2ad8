import { MESSAGES } from '@fantarift/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('Escape right after the last keystroke', () => {
    // A real browser dispatches the keystroke and the Escape as two events with only microtasks in
    // between: React's act() would render every pending update between them, so the two events are
    // dispatched outside act, and the fake timers keep any timer from firing in between.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    afterEach(() => {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
      vi.useRealTimers();
    });

    it('still asks and keeps the dialog open', async () => {
      serve();
      const user = userEvent.setup();
      renderWithProviders(<Harness />, { user: admin });
      await user.click(await screen.findByRole('tab', { name: 'Player Statistics' }));
      const kills = screen.getByRole('spinbutton', { name: 'Kills GMid' });
      kills.focus();

      vi.useFakeTimers();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setValue?.call(kills, '4');
      kills.dispatchEvent(new Event('input', { bubbles: true }));
      await Promise.resolve(); // the microtask checkpoint between two browser events, no task
      kills.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
      vi.useRealTimers();
      // the keystroke reached the editor: its draft is already stored
      expect(window.localStorage.getItem(`fantarift:stats-draft:${match.id}`)).not.toBeNull();

      const ask = await screen.findByRole('alertdialog', { name: MESSAGES.stats.unsavedTitle });
      expect(ask).toBeInTheDocument();
      await user.click(within(ask).getByRole('button', { name: MESSAGES.stats.keepEditing }));
      expect(screen.getByRole('dialog', { name: 'G2 vs FNC' })).toBeInTheDocument();
      expect(screen.getByRole('spinbutton', { name: 'Kills GMid' })).toHaveValue(4);
    }, 20_000);
  });

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
