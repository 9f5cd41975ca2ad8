import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { admin, jsonResponse, mockFetch, renderApp } from '@/test/utils';

const league = (id: string, name: string) => ({ id, name, type: 'LEC', teams: [], status: 'Active' });

describe('Manage Rosters', () => {
  it('has one league selector, and it filters the rosters', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/leagues'))
        return jsonResponse(200, { leagues: [league('l-1', 'LEC 2026'), league('l-2', 'LCK 2026')] });
      if (url.startsWith('/api/admin/rosters'))
        return jsonResponse(200, { rosters: [], total: 0, nextCursor: null });
      return jsonResponse(200, {});
    });
    const user = userEvent.setup();
    await renderApp({ user: admin, url: paths.admin.rosters.getHref() });
    await screen.findByRole('heading', { name: 'Manage Rosters' });
    const selectors = await screen.findAllByRole('combobox', { name: 'Lega' });
    expect(selectors).toHaveLength(1);

    await user.click(selectors[0]!);
    await user.click(await screen.findByRole('option', { name: 'LCK 2026' }));
    await screen.findByText(/Nessun roster/);
    const rosterCalls = fetchMock.mock.calls
      .map((c) => String(c[0]))
      .filter((u) => u.startsWith('/api/admin/rosters'));
    expect(rosterCalls.at(-1)).toContain('leagueId=l-2');
  }, 20_000);
});
