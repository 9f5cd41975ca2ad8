import { expect, type Page, test } from '@playwright/test';
import {
  coinBalance,
  DEMO_ADMIN,
  expectBalance,
  joinLeague,
  loginAsNewUser,
  loginInNewContext,
} from './helpers.ts';

const LCK = 'LCK Cup 2026';

/** One player per role for 2 Panda Coin each (tier 2 LCK players): 10 of the 15 Panda Coin. */
const CHEAP_LCK_ROSTER = [
  { name: 'Rich', role: 'Top' },
  { name: 'Sponge', role: 'Jungle' },
  { name: 'ucal', role: 'Mid' },
  { name: 'Hype', role: 'BOT' },
  { name: 'Pollu', role: 'Support' },
] as const;

async function openMarket(page: Page) {
  await page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('link', { name: 'Mercato' })
    .click();
  await expect(page.getByRole('heading', { name: 'Mercato', level: 1 })).toBeVisible();
}

/** Searches the open market tab and buys `name`; the toast gives the price. */
async function buy(page: Page, name: string, cost: number, currency: 'Panda Coin' | 'Burro Coin') {
  await page.getByRole('searchbox', { name: 'Cerca' }).fill(name);
  const button = page.getByRole('button', { name: `Acquista ${name}`, exact: true });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText(`Hai acquistato ${name} per ${cost} ${currency}`)).toBeVisible();
}

test('joining a league with rules: refusing them is explained, accepting joins', async ({ page }) => {
  await loginAsNewUser(page);
  await page.goto('/leagues');
  const card = page.getByRole('article', { name: LCK });
  await expect(
    card.getByText('Questa lega richiede di accettare il regolamento per partecipare'),
  ).toBeVisible();

  await card.getByRole('button', { name: `Unisciti alla Lega: ${LCK}` }).click();
  const rules = page.getByRole('dialog', { name: `Regolamento · ${LCK}` });
  await expect(rules).toBeVisible();
  await rules.getByRole('button', { name: 'Rifiuta' }).click();
  await expect(page.getByText('Devi accettare il regolamento per unirti alla lega')).toBeVisible();
  await expect(rules).toBeHidden();
  await expect(page.getByRole('link', { name: `Vai al Roster: ${LCK}` })).toHaveCount(0);

  await card.getByRole('button', { name: `Unisciti alla Lega: ${LCK}` }).click();
  await page.getByRole('button', { name: 'Accetto il Regolamento' }).click();
  await expect(page.getByText('Ti sei iscritto alla lega con successo!')).toBeVisible();
  await expect(page.getByRole('link', { name: `Vai al Roster: ${LCK}` })).toBeVisible();
  await expect(page.getByRole('article', { name: LCK }).getByText('Regolamento accettato')).toBeVisible();
});

test('a valid roster within 15 Panda Coin, shown on the leaderboard with its dialog', async ({ page }) => {
  const { username } = await loginAsNewUser(page);
  await joinLeague(page, LCK);

  await page.getByRole('link', { name: `Vai al Roster: ${LCK}` }).click();
  await expect(page.getByRole('heading', { name: 'Il Mio Roster' })).toBeVisible();
  await expect(page.getByText(/^Roster non valido: manca almeno un giocatore nei ruoli/)).toBeVisible();
  await expectBalance(page, 'Panda Coin', 15);

  await page.getByRole('main').getByRole('link', { name: 'Mercato', exact: true }).click();
  await expect(page).toHaveURL(/\/market\?league=/);
  for (const player of CHEAP_LCK_ROSTER) await buy(page, player.name, 2, 'Panda Coin');
  await expectBalance(page, 'Panda Coin', 5);

  await page.getByRole('tab', { name: 'Campioni' }).click();
  await buy(page, 'Darius', 1, 'Burro Coin');
  await expectBalance(page, 'Burro Coin', 7);

  await page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('link', { name: 'Roster' })
    .click();
  await expect(page.getByText('Roster valido: hai almeno un giocatore per ogni ruolo')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Giocatori (5/5)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Campioni (1/8)' })).toBeVisible();
  const held = page.getByRole('list', { name: 'Giocatori del roster' });
  for (const player of CHEAP_LCK_ROSTER) {
    await expect(held.getByRole('heading', { name: player.name, exact: true })).toBeVisible();
  }
  await expectBalance(page, 'Panda Coin', 5);

  await page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('link', { name: 'Classifica' })
    .click();
  await expect(page.getByRole('heading', { name: LCK })).toBeVisible();
  const table = page.getByRole('table', { name: 'Classifica' });
  const row = table.getByRole('row').filter({ hasText: username });
  await expect(row).toContainText('5/5');
  await expect(row).toContainText('1/8');
  await row.getByRole('button', { name: `Vedi roster di ${username}` }).click();

  const dialog = page.getByRole('dialog', { name: `Roster di ${username}` });
  await expect(dialog.getByText('Giocatori (5/5)')).toBeVisible();
  for (const player of CHEAP_LCK_ROSTER) {
    await expect(dialog.getByText(player.name, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByText('Campioni (1/8)')).toBeVisible();
  await expect(dialog.getByText('Darius', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Valido', { exact: true })).toBeVisible();
});

test('a champion sells back for half its cost, rounded up', async ({ page }) => {
  await loginAsNewUser(page);
  await joinLeague(page, LCK);
  await openMarket(page);
  await page.getByRole('tab', { name: 'Campioni' }).click();
  const before = await coinBalance(page, 'Burro Coin');
  expect(before).toBe(8);

  // Aatrox is tier 3: it costs 3 Burro Coin and sells for ceil(3 / 2) = 2.
  await buy(page, 'Aatrox', 3, 'Burro Coin');
  await expectBalance(page, 'Burro Coin', before - 3);

  await page.getByRole('button', { name: 'Vendi Aatrox', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Vendere Aatrox?' });
  await expect(confirm).toContainText('Riceverai 2 Burro Coin.');
  await confirm.getByRole('button', { name: 'Conferma vendita' }).click();
  await expect(page.getByText('Hai venduto Aatrox per 2 Burro Coin')).toBeVisible();
  await expectBalance(page, 'Burro Coin', before - 3 + 2);
  await expect(page.getByRole('button', { name: 'Vendi Aatrox', exact: true })).toHaveCount(0);
});

test('a manually closed market blocks players but not champions', async ({ page, browser }) => {
  await loginAsNewUser(page);
  await joinLeague(page, LCK);

  const admin = await loginInNewContext(browser, DEMO_ADMIN);
  const setMarket = async (open: boolean) => {
    await admin.goto('/admin/leagues');
    const toggle = admin.getByRole('button', { name: `${open ? 'Open' : 'Close'} Market: ${LCK}` });
    await toggle.click();
    await expect(
      admin.getByRole('button', { name: `${open ? 'Close' : 'Open'} Market: ${LCK}` }),
    ).toBeVisible();
  };

  await setMarket(false);
  try {
    // A fresh load: the league list (and its market state) is cached for 5 minutes (spec §9).
    await page.goto('/market');
    const banner = page.getByTestId('manual-closure-banner');
    await expect(banner).toContainText('Il mercato per i giocatori è chiuso');
    await expect(banner).toContainText('I campioni restano acquistabili.');
    await expect(page.getByRole('tab', { name: 'Giocatori (Bloccato)' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Campioni', exact: true })).toBeVisible();

    const players = page.getByRole('list', { name: 'Giocatori' });
    await expect(players.getByRole('button', { name: /^Acquista / }).first()).toBeVisible();
    for (const button of await players.getByRole('button', { name: /^Acquista / }).all()) {
      await expect(button).toBeDisabled();
    }
    await expect(page.getByRole('button', { name: 'Acquista Rich', exact: true })).toBeDisabled();

    await page.getByRole('tab', { name: 'Campioni' }).click();
    await buy(page, 'Darius', 1, 'Burro Coin');
    await expectBalance(page, 'Burro Coin', 7);

    // The roster page agrees: no Mercato button while the market is closed.
    await page
      .getByRole('navigation', { name: 'Navigazione principale' })
      .getByRole('link', { name: 'Roster' })
      .click();
    await expect(page.getByRole('tab', { name: 'Campioni (1/8)' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Mercato', exact: true })).toHaveCount(0);
  } finally {
    await setMarket(true);
    await admin.context().close();
  }

  await page.goto('/market');
  await expect(page.getByRole('button', { name: 'Acquista Rich', exact: true })).toBeVisible();
  await expect(page.getByTestId('manual-closure-banner')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Giocatori', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Acquista Rich', exact: true })).toBeEnabled();
});
