import { expect, test } from '@playwright/test';
import { createWeek, DEMO_ADMIN, leagueId, localDateTime, login, nextWeekNumber } from './helpers.ts';

const LEC = 'LEC Versus 2026';

test('typed statistics survive a reload as a draft, and closing with changes asks first', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, DEMO_ADMIN);
  const lec = await leagueId(page, LEC);
  const weekNumber = await nextWeekNumber(page, lec);
  const card = await createWeek(page, LEC, weekNumber, `E2E bozza ${weekNumber}`);

  await card.getByRole('button', { name: 'Aggiungi Match' }).click();
  const add = page.getByRole('dialog', { name: 'Aggiungi Match' });
  await add.getByRole('combobox', { name: 'Team 1' }).click();
  await page.getByRole('option', { name: 'G2 Esports', exact: true }).click();
  await add.getByRole('combobox', { name: 'Team 2' }).click();
  await page.getByRole('option', { name: 'Fnatic', exact: true }).click();
  await add.getByLabel('Data e ora').fill(await localDateTime(page));
  await add.getByRole('button', { name: 'Aggiungi Match' }).click();
  await expect(page.getByText('Match creato con successo')).toBeVisible();

  const title = 'G2 Esports vs Fnatic';
  const matches = card.getByRole('list', { name: `Match della Settimana ${weekNumber}` });
  await matches.getByRole('button', { name: `Statistiche ${title}` }).click();
  const editor = page.getByRole('dialog', { name: title });
  await editor.getByRole('tab', { name: 'Player Statistics' }).click();
  const kills = editor.getByRole('spinbutton', { name: /^Kills / }).first();
  const killsName = await kills.getAttribute('aria-label');
  await kills.fill('7');

  // Escape asks before throwing the numbers away; "Continua a modificare" keeps them
  await page.keyboard.press('Escape');
  const ask = page.getByRole('alertdialog', { name: 'Modifiche non salvate' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Continua a modificare' }).click();
  await expect(editor.getByRole('spinbutton', { name: killsName!, exact: true })).toHaveValue('7');

  // a reload (or a closed tab) keeps the draft: reopening the editor offers it back
  await page.reload();
  // the league's last open week (this one) comes back expanded: waited for, not read once and toggled
  await expect(
    page.getByRole('button', { name: `Settimana ${weekNumber}: E2E bozza ${weekNumber}` }),
  ).toHaveAttribute('aria-expanded', 'true');
  await page
    .getByRole('list', { name: `Match della Settimana ${weekNumber}` })
    .getByRole('button', { name: `Statistiche ${title}` })
    .click();
  const reopened = page.getByRole('dialog', { name: title });
  await expect(reopened.getByText(/C'è una bozza non salvata di questo match/)).toBeVisible();
  await reopened.getByRole('button', { name: 'Ripristina bozza' }).click();
  await reopened.getByRole('tab', { name: 'Player Statistics' }).click();
  await expect(reopened.getByRole('spinbutton', { name: killsName!, exact: true })).toHaveValue('7');

  // discarding on close forgets it
  await reopened.getByRole('button', { name: 'Chiudi' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Scarta modifiche' }).click();
  await expect(reopened).toBeHidden();
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('fantarift:stats-draft:')),
    ),
  ).toEqual([]);
});

test('an admin action appears on the audit log page, newest first, with its values', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO_ADMIN);
  const lec = await leagueId(page, LEC);
  const weekNumber = await nextWeekNumber(page, lec);
  const name = `E2E registro ${weekNumber}`;
  await createWeek(page, LEC, weekNumber, name);

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Registro Azioni' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await page.getByRole('combobox', { name: 'Azione' }).click();
  await page.getByRole('option', { name: 'CREATE_WEEK', exact: true }).click();
  const newest = page.getByRole('list', { name: 'Azioni registrate' }).getByRole('listitem').first();
  await expect(newest).toContainText('CREATE_WEEK');
  await newest.getByRole('button', { name: /Mostra valori/ }).click();
  await expect(newest.getByRole('table', { name: 'Valori prima e dopo' })).toContainText(name);
});
