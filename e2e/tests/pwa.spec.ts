import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

test('installable: manifest, icons and service worker pass Chromium’s installability checks', async ({
  playwright,
  baseURL,
}, testInfo) => {
  // a profile on disk: Chromium never offers to install from an incognito context, which a test's is
  const profile = mkdtempSync(path.join(os.tmpdir(), 'fantarift-pwa-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launch, baseURL });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await installable(page);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function installable(page: import('@playwright/test').Page) {
  await page.goto('/');
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')?.getAttribute('href');
    return href ? (await fetch(href)).json() : null;
  });
  expect(manifest).toMatchObject({ name: 'FantaRift', short_name: 'FantaRift', display: 'standalone' });
  const purposes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  expect(purposes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  // the service worker installs and takes the page
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors).toEqual([]);
}

test('with the network off a page shows the Italian offline page; the shell’s assets come from the cache', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/leaderboard').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Sei offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Riprova' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Riprova' }).click();
  await expect(page.getByRole('link', { name: /FantaRift/ }).first()).toBeVisible();
});

test('the Notifiche page (account menu) saves a choice per kind and channel', async ({ page }) => {
  await login(page, 'giocatore2@fantarift.local');
  await page.getByRole('button', { name: /^Account di / }).click();
  await page.getByRole('menuitem', { name: 'Notifiche' }).click();
  await expect(page.getByRole('heading', { name: 'Notifiche', level: 1 })).toBeVisible();
  const toggle = page.getByRole('switch', { name: 'Premio settimanale ricevuto: e-mail' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('Preferenze salvate')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Premio settimanale ricevuto: e-mail' })).toBeChecked();
  // turned off again: the next run starts from the default
  await page.getByRole('switch', { name: 'Premio settimanale ricevuto: e-mail' }).click();
  await expect(page.getByRole('switch', { name: 'Premio settimanale ricevuto: e-mail' })).not.toBeChecked();
});
