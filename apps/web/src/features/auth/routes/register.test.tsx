import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch, renderApp, requestBody } from '@/test/utils';

async function openRegister() {
  await renderApp({ url: paths.auth.register.getHref() });
  await screen.findByRole('heading', { name: 'Registrati' });
  return userEvent.setup();
}

describe('Register page', () => {
  it('mentions the coins a new user receives on joining the first league', async () => {
    await openRegister();
    expect(screen.getByText(/15 Panda Coin e 8 Burro Coin/)).toBeInTheDocument();
  });

  it('asks to fill every field, once', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { message: 'ok' }));
    const user = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findAllByText('Compila tutti i campi')).toHaveLength(1);
    expect(screen.getByLabelText('Nome utente')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the Italian length messages', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { message: 'ok' }));
    const user = await openRegister();
    await user.type(screen.getByLabelText('Nome utente'), 'ab');
    await user.type(screen.getByLabelText('Email'), 'mario@example.com');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(await screen.findByText('Il nome utente deve essere di almeno 3 caratteri')).toBeInTheDocument();
    expect(screen.getByText('La password deve essere di almeno 6 caratteri')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends trimmed values and then says the confirmation e-mail was sent', async () => {
    const fetchMock = mockFetch(() => jsonResponse(201, { message: 'Registrazione completata' }));
    const user = await openRegister();
    await user.type(screen.getByLabelText('Nome utente'), '  mario ');
    await user.type(screen.getByLabelText('Email'), ' mario@example.com  ');
    await user.type(screen.getByLabelText('Password'), 'segreta1');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));

    expect(await screen.findByRole('heading', { name: 'Controlla la tua email' })).toBeInTheDocument();
    expect(screen.getByText(/conferma a mario@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vai al login' })).toHaveAttribute(
      'href',
      paths.auth.login.getHref(),
    );
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/signup');
    expect(requestBody(fetchMock)).toEqual({
      username: 'mario',
      email: 'mario@example.com',
      password: 'segreta1',
    });
  });

  it('shows the server reason when the e-mail is taken', async () => {
    mockFetch(() =>
      jsonResponse(409, {
        code: 'EMAIL_TAKEN',
        message: 'Questo email è già registrato. Prova ad accedere invece.',
      }),
    );
    const user = await openRegister();
    await user.type(screen.getByLabelText('Nome utente'), 'mario');
    await user.type(screen.getByLabelText('Email'), 'mario@example.com');
    await user.type(screen.getByLabelText('Password'), 'segreta1');
    await user.click(screen.getByRole('button', { name: 'Registrati' }));
    expect(
      await screen.findByText('Questo email è già registrato. Prova ad accedere invece.'),
    ).toBeInTheDocument();
  });
});
