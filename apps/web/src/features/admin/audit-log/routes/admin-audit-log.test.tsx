import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { admin, jsonResponse, mockFetch, renderApp } from '@/test/utils';

const entry = (id: number, action: string, severity: string | null = 'MEDIUM') => ({
  id,
  adminUserId: 'u-admin',
  adminUsername: 'admin',
  action,
  tableName: 'rosters',
  recordId: `r-${id}`,
  oldValues: { pandaCoin: 15 },
  newValues: { pandaCoin: 20 },
  severity,
  userAgent: null,
  createdAt: '2026-03-01T10:00:00.000Z',
});

describe('/admin/audit-log', () => {
  it('lists the newest first, filters through the API and loads the next keyset page', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.startsWith('/api/admin/audit-log/facets'))
        return jsonResponse(200, {
          actions: ['EDIT_ROSTER', 'OPEN_MARKET'],
          tables: ['leagues', 'rosters'],
          admins: [{ id: 'u-admin', username: 'admin' }],
        });
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('cursor') === '2')
        return jsonResponse(200, { entries: [entry(1, 'OPEN_MARKET')], nextCursor: null });
      if (q.get('severity') === 'HIGH')
        return jsonResponse(200, { entries: [entry(9, 'DELETE_MATCH', 'HIGH')], nextCursor: null });
      return jsonResponse(200, {
        entries: [entry(3, 'EDIT_ROSTER'), entry(2, 'EDIT_ROSTER')],
        nextCursor: '2',
      });
    });
    const user = userEvent.setup();
    await renderApp({ user: admin, url: paths.admin.auditLog.getHref() });

    const list = await screen.findByRole('list', { name: 'Azioni registrate' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(list).getAllByRole('button', { name: /Mostra valori/ })[0]!);
    const values = within(list).getByRole('table', { name: 'Valori prima e dopo' });
    expect(within(values).getByRole('rowheader', { name: /pandaCoin/ })).toBeInTheDocument();
    expect(within(values).getByText('15')).toBeInTheDocument();
    expect(within(values).getByText('20')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Carica altre azioni' }));
    expect(await within(list).findByText('OPEN_MARKET')).toBeInTheDocument();
    expect(screen.getByText('Fine del registro.')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Gravità' }));
    await user.click(await screen.findByRole('option', { name: 'HIGH' }));
    expect(await screen.findByText('DELETE_MATCH')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map((c) => String(c[0]));
    expect(urls.some((u) => u.includes('severity=HIGH'))).toBe(true);
    expect(urls.some((u) => u.includes('cursor=2'))).toBe(true);
  }, 20_000);
});
