import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';

/** The menu loads just after the first paint; until then its look-alike trigger is disabled. */
async function accountMenuButton() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Account di mario' })).toBeEnabled());
  return screen.getByRole('button', { name: 'Account di mario' });
}

describe('Account menu', () => {
  it('logs out: "Uscita..." while waiting, then a toast and the login page', async () => {
    // only the logout waits for the test's answer; the page's own queries (the leagues list) answer at
    // once, whenever they come, so they can never take the logout's answer
    let answer: (response: Response) => void = () => {};
    const loggedOut = new Promise<Response>((resolve) => (answer = resolve));
    mockFetch((url) => {
      if (url.endsWith('/api/auth/logout')) return loggedOut;
      if (url.endsWith('/api/private-leagues')) return jsonResponse(200, { privateLeagues: [] });
      return jsonResponse(200, { leagues: [] });
    });
    sessionStorage.setItem('admin_status_u-1', 'false');
    const { router } = await renderApp({ user: participant, url: paths.leagues.getHref() });
    const user = userEvent.setup();

    await user.click(await accountMenuButton());
    expect(screen.getByRole('menuitem', { name: 'Cambia Password' })).toHaveAttribute(
      'href',
      paths.auth.changePassword.getHref(),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('menuitem', { name: 'Uscita...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    answer(jsonResponse(200, { message: 'ok' }));
    expect(await screen.findByText('Logout effettuato con successo')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.auth.login.getHref()));
    expect(sessionStorage.getItem('admin_status_u-1')).toBeNull();
    // the login page (its chunk may still be loading) and the top bar of a visitor
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Registrati' })).toBeInTheDocument();
  });

  it('says so when logout fails', async () => {
    mockFetch(() => jsonResponse(500, { code: 'INTERNAL', message: 'Errore interno' }));
    await renderApp({ user: participant, url: paths.home.getHref() });
    const user = userEvent.setup();
    await user.click(await accountMenuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Errore durante il logout')).toBeInTheDocument();
  });
});
