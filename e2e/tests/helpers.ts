import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'FantaRift!2026';
export const DEMO_ADMIN = 'admin@fantarift.local';
export const DEMO_PLAYER = 'giocatore1@fantarift.local';

export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(page.getByRole('button', { name: /^Account di / })).toBeVisible();
}

/** Registers through the form and confirms through the development mailbox; returns the credentials. */
export async function registerAndConfirm(page: Page, password = 'segreta123') {
  const username = unique('e2e');
  const email = `${username}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByText(/email/i).first()).toBeVisible();

  await page.goto('/dev/mailbox');
  const mail = page.locator('[data-slot="card"]').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  const link = mail.getByRole('link', { name: /\/login\?confirm=/ });
  await link.click();
  await expect(page.getByText('Email confermata! Ora puoi accedere.')).toBeVisible();
  return { username, email, password };
}
