import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, login, registerAndConfirm, unique } from './helpers.ts';

/** Fills a date input by its accessible name. */
const setDate = (page: Page, label: string, value: string) =>
  page.getByLabel(label, { exact: true }).fill(value);

test('an admin creates an LEC league, a participant joins and buys, the admin activates the next phase and distributes coins', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await (await browser.newContext()).newPage();
  const player = await (await browser.newContext()).newPage();
  const name = unique('E2E LEC ');

  // the admin creates the league with the built-in LEC teams and the default phases
  await login(admin, DEMO_ADMIN);
  await admin.goto('/admin/leagues/new');
  await admin.getByLabel('Nome', { exact: true }).fill(name);
  await admin.getByRole('combobox', { name: 'Tipo' }).click();
  await admin.getByRole('option', { name: 'LEC', exact: true }).click();
  await setDate(admin, 'Data di inizio', '2026-01-01');
  await setDate(admin, 'Data di fine', '2026-12-31');
  await admin.getByRole('button', { name: 'Seleziona tutti' }).click();
  await expect(admin.getByText('(10 selezionati)')).toBeVisible();
  const phases: [string, string, string][] = [
    ['Regular Season', '2026-01-01', '2026-03-31'],
    ['Playoffs', '2026-04-01', '2026-04-30'],
    ['Semifinals', '2026-05-01', '2026-05-15'],
    ['Finals', '2026-05-16', '2026-05-31'],
  ];
  for (const [phase, start, end] of phases) {
    await setDate(admin, `Data di inizio di ${phase}`, start);
    await setDate(admin, `Data di fine di ${phase}`, end);
  }
  await admin.getByRole('button', { name: 'Crea Lega' }).click();
  await expect(admin.getByText('League and phases created successfully!')).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/leagues\/[0-9a-f-]{36}$/);
  const leagueId = admin.url().split('/').pop()!;

  // it opens the market
  await admin.goto('/admin/leagues');
  await admin.getByRole('button', { name: `Open Market: ${name}` }).click();
  await expect(admin.getByText('Mercato aperto con successo')).toBeVisible();

  // a participant joins and buys a player
  const { email, password, username } = await registerAndConfirm(player);
  await login(player, email, password);
  await player.goto('/leagues');
  await player.getByRole('button', { name: `Unisciti alla Lega: ${name}` }).click();
  await expect(player.getByText('Ti sei iscritto alla lega con successo!')).toBeVisible();
  await player.goto(`/market?league=${leagueId}`);
  await player.getByRole('button', { name: 'Acquista Caps' }).click();
  await expect(player.getByText(/^Hai acquistato Caps per \d Panda Coin$/)).toBeVisible();
  const paid = Number(
    (await player.getByText(/^Hai acquistato Caps per \d Panda Coin$/).textContent())!.match(/per (\d)/)![1],
  );

  // the admin activates the next phase: every roster is snapshotted first
  await admin.goto(`/admin/leagues/${leagueId}`);
  await admin.getByRole('tab', { name: 'Fasi' }).click();
  await admin.getByRole('button', { name: 'Attiva Playoffs' }).click();
  await expect(admin.getByText('Snapshot creato per 1 roster nella fase Playoffs')).toBeVisible();
  await expect(admin.getByText('Fase cambiata con successo: Playoffs')).toBeVisible();
  await admin.goto(`/admin/leaderboard-recovery?league=${leagueId}`);
  await admin.getByRole('tab', { name: 'Snapshot Automatici' }).click();
  await expect(admin.getByLabel(new RegExp(`^Snapshot di ${username} del `))).toBeVisible();

  // the admin distributes coins; the participant sees the new balance
  await admin.goto('/admin/leagues');
  await admin.getByRole('button', { name: `Distribuisci Monete: ${name}` }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Panda Coin').fill('3');
  await dialog.getByLabel('Burro Coin').fill('2');
  await dialog.getByRole('button', { name: 'Distribuisci' }).click();
  await expect(admin.getByText('Distribuiti 3 Panda Coin e 2 Burro Coin a 1 partecipanti')).toBeVisible();

  await player.goto(`/roster?league=${leagueId}`);
  await expect(player.getByText(`${15 - paid + 3} PC`, { exact: true }).first()).toBeVisible();
  await expect(player.getByText('10 BC', { exact: true }).first()).toBeVisible();
});
