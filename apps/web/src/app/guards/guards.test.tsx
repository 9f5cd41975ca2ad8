import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { admin, participant, renderApp } from '@/test/utils';

describe('route guards', () => {
  it('shows "Accesso Negato" to a participant on admin pages', async () => {
    await renderApp({ user: participant, url: paths.admin.root.getHref() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Accesso Negato');
    expect(alert).toHaveTextContent('Non hai i permessi per accedere a questa pagina.');
  });

  it('shows "Accesso Negato" to a visitor on an admin sub-page', async () => {
    await renderApp({ url: paths.admin.weeks.getHref() });
    expect(await screen.findByRole('alert')).toHaveTextContent('Accesso Negato');
  });

  it('shows the dashboard cards to an admin', async () => {
    await renderApp({ user: admin, url: paths.admin.root.getHref() });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    for (const title of [
      'Leagues Management',
      'Weeks Management',
      'Champions Management',
      'Teams Management',
      'Rosters Overview',
      'Scoring Rules',
      'Editor Reward Settimanali',
      'Recupero Leaderboard',
      'Registro Azioni',
    ]) {
      expect(screen.getByRole('link', { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Weeks Management' })).toHaveAttribute(
      'href',
      paths.admin.weeks.getHref(),
    );
    // DECISIONS 19: the weekly rewards page is reachable from the dashboard
    expect(screen.getByRole('link', { name: 'Reward Settimanali' })).toHaveAttribute(
      'href',
      paths.admin.weeklyRewards.getHref(),
    );
  });

  it('points admins from the old match page to the weeks page', async () => {
    await renderApp({ user: admin, url: paths.admin.matches.getHref() });
    expect(await screen.findByRole('link', { name: /Vai a Weeks Management/ })).toHaveAttribute(
      'href',
      paths.admin.weeks.getHref(),
    );
  });

  it('sends a visitor from a private page to the login page', async () => {
    const { router } = await renderApp({ url: paths.leagues.getHref() });
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.auth.login.getHref());
  });

  it('sends a visitor from change-password to the login page', async () => {
    const { router } = await renderApp({ url: paths.auth.changePassword.getHref() });
    expect(await screen.findByRole('heading', { name: 'Accedi' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.auth.login.getHref());
  });

  it('tells a visitor on Roster and Market that they are not authenticated', async () => {
    await renderApp({ url: paths.market.getHref('42') });
    expect(await screen.findByRole('heading', { name: 'Non autenticato' })).toBeInTheDocument();
  });

  it('shows a signed-in user the page and the navigation, with Admin only for admins', async () => {
    await renderApp({ user: participant, url: paths.leagues.getHref() });
    expect(await screen.findByRole('heading', { name: 'Leghe & Eventi' })).toBeInTheDocument();
    const topNav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    expect(
      within(topNav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Leghe', 'Roster', 'Mercato', 'Classifica', 'Partite']);
    const bottomNav = screen.getByRole('navigation', { name: 'Navigazione mobile' });
    expect(
      within(bottomNav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Leagues', 'Roster', 'Market', 'Ranks', 'Matches']);
  });

  it('adds Admin to both navigations for an admin', async () => {
    await renderApp({ user: admin, url: paths.home.getHref() });
    expect(await screen.findByRole('heading', { name: 'Benvenuto, admin@example.com!' })).toBeInTheDocument();
    const topNav = screen.getByRole('navigation', { name: 'Navigazione principale' });
    expect(within(topNav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    const bottomNav = screen.getByRole('navigation', { name: 'Navigazione mobile' });
    expect(within(bottomNav).getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    await renderApp({ url: '/nope/nothing' });
    expect(await screen.findByRole('heading', { name: 'Pagina non trovata' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna alla home' })).toHaveAttribute('href', '/');
  });
});
