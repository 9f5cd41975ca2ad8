import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch, renderApp, requestBody } from '@/test/utils';

describe('Reset password page', () => {
  it('shows the invalid-link view without a token', async () => {
    await renderApp({ url: paths.auth.resetPassword.getHref() });
    expect(await screen.findByRole('heading', { name: 'Link non valido o scaduto' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Richiedi un nuovo link' })).toHaveAttribute(
      'href',
      paths.auth.forgotPassword.getHref(),
    );
  });

  it('checks that the passwords match', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'ok' }));
    await renderApp({ url: '/reset-password?token=abc&type=recovery' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nuova password'), 'segreta1');
    await user.type(screen.getByLabelText('Conferma password'), 'segreta2');
    await user.click(screen.getByRole('button', { name: 'Aggiorna password' }));
    expect(await screen.findByText('Le password non corrispondono')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sets the new password, then goes to the login page', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/auth/session' ? jsonResponse(200, { user: null }) : jsonResponse(200, {}),
    );
    const { router } = await renderApp({ url: '/reset-password?token=abc&type=recovery' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nuova password'), 'segreta1');
    await user.type(screen.getByLabelText('Conferma password'), 'segreta1');
    await user.click(screen.getByRole('button', { name: 'Aggiorna password' }));
    expect(
      await screen.findByText('Password aggiornata con successo! Ora puoi accedere.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.auth.login.getHref());
    expect(requestBody(fetchMock)).toEqual({ token: 'abc', password: 'segreta1' });
  });

  it('shows the invalid-link view when the server refuses the token', async () => {
    mockFetch(() => jsonResponse(400, { code: 'INVALID_TOKEN', message: 'Link non valido o scaduto' }));
    await renderApp({ url: '/reset-password?token=used&type=recovery' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nuova password'), 'segreta1');
    await user.type(screen.getByLabelText('Conferma password'), 'segreta1');
    await user.click(screen.getByRole('button', { name: 'Aggiorna password' }));
    expect(await screen.findByRole('link', { name: 'Richiedi un nuovo link' })).toBeInTheDocument();
  });
});
