import { expect, type Page, test } from '@playwright/test';
import { login } from './helpers.ts';

// issue 33 item 7: a signed-in player's market and leaderboard come painted with the HTML: by the server on any
// visit (apps/server/src/plugins/external/first-screen.ts), else from the service worker's stored screen of the
// player's last visit (apps/web/public/snapshot-sw.js); the app takes their place (src/lib/first-screen.ts)

// the painting as a player's browser gets it: without the header every other spec sends (playwright.config.ts)
test.use({ extraHTTPHeaders: {} });

const ROW = '[data-testid="manager-name"]';
const CARD = '[data-market-card]';

/** The stored first screens in the worker's cache, as the page sees them. */
const storedScreens = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('fantarift-first-screens')).keys()).length);

interface Painted {
  /** the HTML came with a first screen holding `item`, beside a hidden app */
  painted: boolean;
  /** whose account the painted top bar names */
  account: string | null;
}

/** Records, when the HTML is parsed, whether it came with a first screen holding `item`, and whose it is. */
async function watchFirstScreen(page: Page, item = ROW) {
  await page.addInitScript((selector) => {
    document.addEventListener('DOMContentLoaded', () => {
      const screen = document.getElementById('fr-first-screen');
      (window as unknown as { __painted: Painted }).__painted = {
        painted: screen?.querySelector(selector) != null && document.getElementById('root')?.hidden === true,
        account: screen?.querySelector('[aria-label^="Account di "]')?.getAttribute('aria-label') ?? null,
      };
    });
  }, item);
}

const painted = (page: Page) => page.evaluate(() => (window as unknown as { __painted: Painted }).__painted);

async function firstVisit(page: Page) {
  await page.goto('/leaderboard');
  await expect(page.locator(`#root ${ROW}`).first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // the page as drawn is handed to the worker a moment after its rows
  await expect.poll(() => storedScreens(page), { timeout: 15_000 }).toBe(1);
}

test('a first visit’s market comes painted by the server, then the app’s own takes its place', async ({
  page,
  context,
}) => {
  await login(page, 'giocatore4@fantarift.local');
  const market = await context.newPage();
  await watchFirstScreen(market, CARD);
  await market.goto('/market');
  expect(await painted(market)).toEqual({ painted: true, account: 'Account di BaronHunter' });
  await expect(market.locator('#fr-first-screen')).toHaveCount(0);
  await expect(market.locator('#root')).toBeVisible();
  await expect(market.locator(`#root ${CARD}`).first()).toBeVisible();
});

test('a returning player’s leaderboard paints first, then the app’s own takes its place', async ({
  page,
  context,
}) => {
  await login(page, 'giocatore2@fantarift.local');
  await firstVisit(page);

  const again = await context.newPage();
  await watchFirstScreen(again);
  await again.goto('/leaderboard');
  expect(await painted(again)).toEqual({ painted: true, account: 'Account di BurroKing' });
  // the app's render, with the data it asked for now, replaces the painted one
  await expect(again.locator('#fr-first-screen')).toHaveCount(0);
  await expect(again.locator('#root')).toBeVisible();
  await expect(again.locator(`#root ${ROW}`).first()).toBeVisible();
  await expect(again.locator(ROW).filter({ hasText: /\S/ }).first()).toBeVisible();
});

test('signing out forgets the stored screens: the next player only ever sees their own', async ({
  page,
  context,
}) => {
  await login(page, 'giocatore2@fantarift.local');
  await firstVisit(page);

  await page.getByRole('button', { name: /^Account di / }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: /^Account di / })).toHaveCount(0);
  await expect.poll(() => storedScreens(page)).toBe(0);

  await login(page, 'giocatore3@fantarift.local');
  const other = await context.newPage();
  await watchFirstScreen(other);
  await other.goto('/leaderboard');
  // the server's painting of RiftWalker's own leaderboard, never BurroKing's stored one
  expect(await painted(other)).toEqual({ painted: true, account: 'Account di RiftWalker' });
  expect(await other.locator('#fr-first-screen').count()).toBeLessThanOrEqual(1);
  await expect(other.locator(`#root ${ROW}`).first()).toBeVisible();
});
