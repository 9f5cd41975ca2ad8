import { type Browser, expect, type Page, test } from '@playwright/test';
import { loginAsNewUser } from './helpers.ts';

const LCK = 'LCK Cup 2026';

async function newManager(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await loginAsNewUser(page);
  return { page, username: user.username };
}

const managerCard = (page: Page, username: string) =>
  page.getByRole('listitem', { name: `Manager ${username}` });

/** The manager whose turn it is calls the first free Top with an opening bid of 1; returns the player's name. */
async function callFirstTop(page: Page) {
  await expect(page.getByText('Tocca a te: chiama un giocatore libero dalla lista qui sotto.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Ruolo' }).selectOption('Top');
  const call = page.getByRole('button', { name: /^Chiama / }).first();
  const name = ((await call.getAttribute('aria-label')) ?? '').replace(/^Chiama /, '');
  await call.click();
  return name;
}

test('three managers in three browsers run a small auction to the end', async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await newManager(browser);
  const b = await newManager(browser);
  const c = await newManager(browser);

  // the owner creates the Lega Fanta in the LCK and sets a squad of one Top, a 5-second clock, his order
  await owner.page.goto('/leghe-fanta');
  await owner.page.getByRole('combobox', { name: 'Lega ufficiale' }).click();
  await owner.page.getByRole('option', { name: LCK, exact: true }).click();
  await owner.page.getByLabel('Nome').fill('Asta e2e');
  await owner.page.getByRole('button', { name: 'Crea' }).click();
  await expect(owner.page.getByRole('heading', { name: 'Asta e2e' })).toBeVisible();
  const settings = owner.page.getByRole('form', { name: "Impostazioni dell'asta" });
  await settings.getByLabel('Secondi per offerta').fill('5');
  for (const role of ['Jungle', 'Mid', 'BOT', 'Support'])
    await settings.getByLabel(role, { exact: true }).fill('0');
  await settings.getByLabel('Top', { exact: true }).fill('1');
  await settings.getByLabel('Ordine di chiamata').selectOption('manual');
  await settings.getByRole('button', { name: 'Salva' }).click();
  await expect(owner.page.getByText('Impostazioni salvate')).toBeVisible();
  const code = (await owner.page.locator('strong.font-mono').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[2-9A-HJ-NP-Z]{10}$/);

  // the friends join with the link
  for (const friend of [b, c]) {
    await friend.page.goto(`/leghe-fanta/invito/${code}`);
    await friend.page.getByRole('button', { name: 'Entra nella Lega Fanta' }).click();
    await expect(friend.page.getByRole('heading', { name: 'Asta e2e' })).toBeVisible();
  }
  await owner.page.reload();
  const order = owner.page.getByRole('list', { name: 'Manager in ordine di chiamata' });
  await expect(order.getByRole('listitem')).toHaveCount(3);
  await owner.page.getByRole('button', { name: "Inizia l'asta" }).click();
  await expect(owner.page.getByText("L'asta è iniziata")).toBeVisible();
  await owner.page.getByRole('link', { name: "Sala d'asta" }).click();
  const roomUrl = new URL(owner.page.url()).pathname;
  expect(roomUrl).toMatch(/^\/leghe-fanta\/[0-9a-f-]{36}\/asta$/);
  for (const friend of [b, c]) await friend.page.goto(roomUrl);
  const all = [owner, b, c];

  // lot 1: the owner calls a Top at 1, B raises by 5, C by 1; C wins it at 7 when the clock runs out
  const first = await callFirstTop(owner.page);
  for (const m of all) await expect(m.page.getByTestId('lot-player')).toHaveText(first);
  await b.page.getByRole('button', { name: '+5', exact: true }).click();
  for (const m of all) await expect(m.page.getByTestId('lot-bid')).toHaveText('6');
  await c.page.getByRole('button', { name: '+1', exact: true }).click();
  for (const m of all) await expect(m.page.getByTestId('lot-bid')).toHaveText('7');
  for (const m of all) {
    await expect(managerCard(m.page, c.username)).toContainText(`${first} (7)`, { timeout: 15_000 });
    await expect(managerCard(m.page, c.username)).toContainText('493 cr');
  }

  // lot 2: B calls; C's Top is full (his buttons are off); a reload shows the lot at once; the owner wins at 2
  const second = await callFirstTop(b.page);
  await expect(c.page.getByTestId('lot-player')).toHaveText(second);
  await expect(c.page.getByText('Hai già tutti i giocatori del ruolo Top')).toBeVisible();
  await expect(c.page.getByRole('button', { name: '+1', exact: true })).toBeDisabled();
  await c.page.reload();
  await expect(c.page.getByTestId('lot-player')).toHaveText(second);
  await owner.page.getByRole('button', { name: '+1', exact: true }).click();
  for (const m of all) await expect(m.page.getByTestId('lot-bid')).toHaveText('2');
  for (const m of all)
    await expect(managerCard(m.page, owner.username)).toContainText(`${second} (2)`, { timeout: 15_000 });

  // lot 3: only B has a slot left; he calls and wins at 1; every squad is full and the auction ends
  const third = await callFirstTop(b.page);
  for (const m of all) {
    await expect(managerCard(m.page, b.username)).toContainText(`${third} (1)`, { timeout: 15_000 });
    await expect(m.page.getByText("L'asta è finita.")).toBeVisible();
  }

  // the squads and the history, as a member sees them
  await c.page.getByRole('link', { name: 'Rose e storico' }).click();
  await expect(c.page.getByRole('listitem', { name: `Rosa di ${c.username}` })).toContainText(first);
  await expect(c.page.getByText(`${third} → ${b.username} per 1`)).toBeVisible();
  await expect(c.page.getByText('Assegnato')).toHaveCount(3);
});
