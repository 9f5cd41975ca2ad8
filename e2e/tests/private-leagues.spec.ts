import { expect, type Page, test } from '@playwright/test';
import { joinLeague, login, loginAsNewUser, registerAndConfirm, unique } from './helpers.ts';

const LCK = 'LCK Cup 2026';

/** The ranking rows as text (position, manager, points), to compare what two users see. */
async function rankingRows(page: Page) {
  const table = page.getByRole('table', { name: 'Classifica' });
  await expect(table).toBeVisible();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) =>
      Array.from(r.querySelectorAll('td'))
        .slice(0, 4)
        .map((c) => c.textContent?.trim())
        .join(' | '),
    ),
  );
}

test('a private league: created, its link copied, opened by a new user who signs up and joins; both see the same ranking', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await ownerContext.newPage();
  const ownerUser = await loginAsNewUser(owner);
  await joinLeague(owner, LCK);

  const name = unique('Amici ');
  await owner.goto('/leagues');
  const section = owner.getByRole('region', { name: 'Leghe private' });
  await section.getByLabel('Nome della lega privata').fill(name);
  await section.getByRole('button', { name: 'Crea lega privata' }).click();
  await expect(owner.getByText('Lega privata creata')).toBeVisible();
  const card = owner.getByRole('article', { name });
  await expect(card.getByText('1 membro')).toBeVisible();
  await card.getByRole('button', { name: `Copia link di invito: ${name}` }).click();
  await expect(owner.getByText('Link copiato')).toBeVisible();
  const link = await owner.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/leghe-private\/invito\/[2-9A-HJ-NP-Z]{10}$/);

  // a second browser context: logged out, signs up, comes back to the invite, joins the official league and it
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(new URL(link).pathname);
  await expect(friend.getByText('Sei stato invitato in una lega privata')).toBeVisible();
  await friend.getByRole('main').getByRole('link', { name: 'Registrati' }).click();
  const friendUser = await registerAndConfirm(friend);
  await login(friend, friendUser.email, friendUser.password);
  await expect(friend.getByRole('heading', { name })).toBeVisible();
  await expect(friend.getByText(ownerUser.username)).toBeVisible();
  await expect(friend.getByText(LCK)).toBeVisible();
  await friend.getByRole('button', { name: /Iscriviti alla lega ufficiale ed entra/ }).click();
  await friend.getByRole('button', { name: 'Accetto il Regolamento' }).click();
  await expect(friend.getByText('Sei entrato nella lega privata')).toBeVisible();
  await expect(friend).toHaveURL(/\/leaderboard\?league=.*&private=/);
  await expect(friend.getByText('Sei al 1° posto su 2')).toBeVisible();
  const friendRows = await rankingRows(friend);
  expect(friendRows).toHaveLength(2);

  // the owner picks the private league in the leaderboard's selector and sees the same ranking
  await owner.goto('/leaderboard');
  const leagueSelect = owner.getByRole('combobox', { name: 'Lega' });
  if ((await leagueSelect.textContent())?.trim() !== LCK) {
    await leagueSelect.click();
    await owner.getByRole('option', { name: LCK, exact: true }).click();
  }
  await owner.getByRole('combobox', { name: 'Classifica' }).click();
  await owner.getByRole('option', { name: `${name} (privata)` }).click();
  await expect(owner.getByText('Sei al 1° posto su 2')).toBeVisible();
  const ownerRows = await rankingRows(owner);
  // the "Tu" badge marks a different row for each; the rest is identical
  const strip = (rows: string[]) => rows.map((r) => r.replace('Tu', ''));
  expect(strip(ownerRows)).toEqual(strip(friendRows));
  expect(ownerRows.join()).toContain(friendUser.username);

  // the old link stops working once the owner regenerates the code
  await owner.goto('/leagues');
  await owner.getByRole('button', { name: `Nuovo codice invito: ${name}` }).click();
  await owner.getByRole('button', { name: 'Genera nuovo codice' }).click();
  await expect(owner.getByText('Nuovo codice invito generato', { exact: false })).toBeVisible();
  await friend.goto(new URL(link).pathname);
  await expect(
    friend.getByText('Codice invito non valido o scaduto: chiedi un nuovo link a chi ti ha invitato'),
  ).toBeVisible();

  await friendContext.close();
  await ownerContext.close();
});
