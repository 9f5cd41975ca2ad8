import { expect, type Page, test } from '@playwright/test';
import { login } from './helpers.ts';

// issue 33 item 7: the service worker puts a returning player's last leaderboard in the shell
// (apps/web/public/snapshot-sw.js, src/lib/first-screen.ts)

const ROW = '[data-testid="manager-name"]';

/** The stored first screens in the worker's cache, as the page sees them. */
const storedScreens = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('fantarift-first-screens')).keys()).length);

/** Records, when the HTML is parsed, whether it came with a stored first screen holding a leaderboard row. */
async function watchStoredScreen(page: Page) {
  await page.addInitScript((row) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __stored: boolean }).__stored =
        document.querySelector(`#fr-first-screen ${row}`) !== null &&
        document.getElementById('root')?.hidden === true;
    });
  }, ROW);
}

async function firstVisit(page: Page) {
  await page.goto('/leaderboard');
  await expect(page.locator(`#root ${ROW}`).first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // the page as drawn is handed to the worker a moment after its rows
  await expect.poll(() => storedScreens(page), { timeout: 15_000 }).toBe(1);
}

test('a returning player’s leaderboard paints from the stored first screen, then the app’s own takes its place', async ({
  page,
  context,
}) => {
  await login(page, 'giocatore2@fantarift.local');
  await firstVisit(page);

  const again = await context.newPage();
  await watchStoredScreen(again);
  await again.goto('/leaderboard');
  expect(await again.evaluate(() => (window as unknown as { __stored: boolean }).__stored)).toBe(true);
  // the app's render, with the data it asked for now, replaces the stored one
  await expect(again.locator('#fr-first-screen')).toHaveCount(0);
  await expect(again.locator('#root')).toBeVisible();
  await expect(again.locator(`#root ${ROW}`).first()).toBeVisible();
  await expect(again.locator(ROW).filter({ hasText: /\S/ }).first()).toBeVisible();
});

test('signing out forgets the stored screens: the next player never sees them', async ({ page, context }) => {
  await login(page, 'giocatore2@fantarift.local');
  await firstVisit(page);

  await page.getByRole('button', { name: /^Account di / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: /^Account di / })).toHaveCount(0);
  await expect.poll(() => storedScreens(page)).toBe(0);

  await login(page, 'giocatore3@fantarift.local');
  const other = await context.newPage();
  await watchStoredScreen(other);
  await other.goto('/leaderboard');
  expect(await other.evaluate(() => (window as unknown as { __stored: boolean }).__stored)).toBe(false);
  await expect(other.locator(`#root ${ROW}`).first()).toBeVisible();
});
