import { expect, test } from '@playwright/test';
import { DEMO_PLAYER, login, registerAndConfirm } from './helpers.ts';

test('register → confirm through the mailbox → login → change password → logout', async ({ page }) => {
  const { email, password } = await registerAndConfirm(page);

  await login(page, email, password);
  await expect(page.getByText(`Benvenuto, ${email}!`)).toBeVisible();

  await page.getByRole('button', { name: /^Account di / }).click();
  await page.getByRole('menuitem', { name: 'Cambia Password' }).click();
  await page.getByLabel('Password attuale').fill(password);
  await page.getByLabel('Nuova password', { exact: true }).fill('nuovapass1');
  await page.getByLabel('Conferma nuova password').fill('nuovapass1');
  await page.getByRole('button', { name: 'Cambia Password' }).click();
  await expect(page.getByText('Password aggiornata con successo')).toBeVisible();

  await page.getByRole('button', { name: /^Account di / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logout effettuato con successo')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // the old password no longer works, the new one does
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByText('Email o password non corretti')).toBeVisible();
  await login(page, email, 'nuovapass1');
});

test('the spec’s validation messages on the registration form', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Nome utente').fill('ab');
  await page.getByLabel('Email').fill('ab@example.com');
  await page.getByLabel('Password').fill('12345');
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByText('Il nome utente deve essere di almeno 3 caratteri')).toBeVisible();
  await expect(page.getByText('La password deve essere di almeno 6 caratteri')).toBeVisible();
});

test('a participant opening /admin sees Accesso Negato', async ({ page }) => {
  await login(page, DEMO_PLAYER);
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await page.goto('/admin');
  await expect(page.getByText('Accesso Negato')).toBeVisible();
  await expect(page.getByText('Non hai i permessi per accedere a questa pagina.')).toBeVisible();
});

test('the theme choice persists across a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Tema' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('button', { name: 'Tema' }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  await page.goto('/questa-pagina-non-esiste');
  await expect(page.getByText('404')).toBeVisible();
  await page.getByRole('link', { name: 'Torna alla home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
