import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch, participant, renderApp, requestBody } from '@/test/utils';

describe('Login page', () => {
  it('asks to fill every field', async () => {
    await renderApp({ url: paths.auth.login.getHref() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accedi' }));
    expect(await screen.findAllByText('Compila tutti i campi')).toHaveLength(1);
  });

  it('shows the server message for wrong credentials', async () => {
    mockFetch(() =>
      jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Email o password non corretti' }),
    );
    await renderApp({ url: paths.auth.login.getHref() });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'mario@example.com');
    await user.type(screen.getByLabelText('Password'), 'sbagliata');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Email o password non corretti')).toBeInTheDocument();
  });

  it('shows the unexpected-failure message when the server cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderApp({ url: paths.auth.login.getHref() });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'mario@example.com');
    await user.type(screen.getByLabelText('Password'), 'segreta1');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText("Errore imprevisto durante l'accesso. Riprova.")).toBeInTheDocument();
  });

  it('signs in with the trimmed e-mail and returns to the page that asked for it', async () => {
    const fetchMock = mockFetch((url) =>
      // The leaderboard the user comes back to loads the leagues.
      url === '/api/leagues' ? jsonResponse(200, { leagues: [] }) : jsonResponse(200, { user: participant }),
    );
    const { router } = await renderApp({ url: paths.leaderboard.getHref() });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), '  mario@example.com ');
    await user.type(screen.getByLabelText('Password'), 'segreta1');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));

    expect(await screen.findByRole('heading', { name: 'Classifica', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.leaderboard.getHref());
    expect(requestBody(fetchMock)).toEqual({ email: 'mario@example.com', password: 'segreta1' });
  });

  it('confirms the e-mail from the ?confirm= link once and says so', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { message: 'Email confermata! Ora puoi accedere.' }));
    const { router } = await renderApp({ url: '/login?confirm=tok-123' });
    expect(await screen.findByText('Email confermata! Ora puoi accedere.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/confirm-email');
    expect(requestBody(fetchMock)).toEqual({ token: 'tok-123' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says the account is already confirmed when a used link is opened again', async () => {
    mockFetch(() => jsonResponse(200, { message: 'Il tuo account è già confermato: puoi accedere.' }));
    await renderApp({ url: '/login?confirm=used' });
    expect(await screen.findByText('Il tuo account è già confermato: puoi accedere.')).toBeInTheDocument();
  });

  it('shows the server message for a bad confirmation link', async () => {
    mockFetch(() => jsonResponse(400, { code: 'INVALID_TOKEN', message: 'Link non valido o scaduto' }));
    await renderApp({ url: '/login?confirm=old' });
    expect(await screen.findByText('Link non valido o scaduto')).toBeInTheDocument();
  });
});
