import { NOTIFICATION_KIND_VALUES, withNotificationDefaults } from '@fantarift/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

describe('Notifiche page', () => {
  it('shows every kind off by default but the auction’s push, and saves one switch at once', async () => {
    const user = userEvent.setup();
    let saved: unknown;
    mockFetch((url, init) => {
      if (url === '/api/me/notification-preferences' && init.method === 'PUT') {
        saved = JSON.parse(String(init.body));
        const [p] = (saved as { preferences: { kind: 'weekly_reward'; email: boolean; push: boolean }[] })
          .preferences;
        return jsonResponse(200, { preferences: withNotificationDefaults([p!]) });
      }
      if (url === '/api/me/notification-preferences')
        return jsonResponse(200, { preferences: withNotificationDefaults([]) });
      return jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
    });
    await renderApp({ user: participant, url: '/notifiche' });
    expect(await screen.findByRole('heading', { name: 'Notifiche', level: 1 })).toBeInTheDocument();
    const switches = await screen.findAllByRole('switch');
    expect(switches).toHaveLength(NOTIFICATION_KIND_VALUES.length * 2);
    expect(screen.getByRole('switch', { name: '«Tocca a te» all’asta: push' })).toBeChecked();
    expect(switches.filter((s) => s.getAttribute('aria-checked') === 'true')).toHaveLength(1);

    const reward = screen.getByRole('switch', { name: 'Premio settimanale ricevuto: e-mail' });
    await user.click(reward);
    await waitFor(() =>
      expect(saved).toEqual({ preferences: [{ kind: 'weekly_reward', email: true, push: false }] }),
    );
    await waitFor(() => expect(reward).toBeChecked());
    // jsdom has no push: the page says so and offers no device buttons
    expect(screen.getByText('Questo browser non supporta le notifiche push')).toBeInTheDocument();
  });
});
