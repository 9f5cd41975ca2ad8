import { expect, test } from '@playwright/test';
import {
  createWeek,
  DEMO_ADMIN,
  DEMO_PLAYER,
  leagueId,
  localDateTime,
  login,
  loginInNewContext,
  nextWeekNumber,
  selectLeague,
} from './helpers.ts';

const LEC = 'LEC Versus 2026';
const DEMO_PLAYER_USERNAME = 'PandaMaster';

test('match statistics entered by the admin become the participant’s points', async ({ page, browser }) => {
  // It may wait up to a minute for the match minute (below).
  test.setTimeout(150_000);
  // giocatore1's LEC roster, as the roster page shows it: one of its players and his team.
  await login(page, DEMO_PLAYER);
  await page.goto('/roster');
  await selectLeague(page, LEC);
  const held = page.getByRole('list', { name: 'Giocatori del roster' }).getByRole('listitem').first();
  const player = ((await held.getByRole('heading').textContent()) ?? '').trim();
  const team = ((await held.locator('p').first().textContent()) ?? '').trim();
  expect(player).not.toBe('');
  const opponent = team === 'G2 Esports' ? 'Fnatic' : 'G2 Esports';

  await page.goto('/leaderboard');
  await selectLeague(page, LEC);
  const myRow = page.getByRole('table', { name: 'Classifica' }).getByRole('row').filter({
    hasText: DEMO_PLAYER_USERNAME,
  });
  const pointsCell = myRow.getByRole('cell').nth(2);
  const pointsBefore = parsePoints(await pointsCell.textContent());

  // Points count for rosters holding the player when the match starts (DECISIONS 14); the match
  // is dated this minute, so make sure that minute is not before the demo roster was bought.
  const lec = await leagueId(page, LEC);
  const roster = await (await page.request.get(`/api/leagues/${lec}/my-roster`)).json();
  const acquired = Math.max(
    ...(roster.roster.players as { acquiredAt: string }[]).map((p) => Date.parse(p.acquiredAt)),
  );
  const minuteStart = Math.floor(Date.now() / 60_000) * 60_000;
  if (minuteStart < acquired) await page.waitForTimeout(minuteStart + 61_000 - Date.now());

  const admin = await loginInNewContext(browser, DEMO_ADMIN);
  const weekNumber = await nextWeekNumber(admin, lec);
  const weekName = `E2E punti ${weekNumber}`;
  const card = await createWeek(admin, LEC, weekNumber, weekName);

  await card.getByRole('button', { name: 'Aggiungi Match' }).click();
  const add = admin.getByRole('dialog', { name: 'Aggiungi Match' });
  await add.getByRole('combobox', { name: 'Team 1' }).click();
  await admin.getByRole('option', { name: team, exact: true }).click();
  await add.getByRole('combobox', { name: 'Team 2' }).click();
  await admin.getByRole('option', { name: opponent, exact: true }).click();
  await add.getByLabel('Data e ora').fill(await localDateTime(admin));
  await expect(add.getByRole('combobox', { name: 'Formato' })).toHaveText('BO1');
  await add.getByRole('button', { name: 'Aggiungi Match' }).click();
  await expect(admin.getByText('Match creato con successo')).toBeVisible();
  await expect(add).toBeHidden();

  const title = `${team} vs ${opponent}`;
  const matches = card.getByRole('list', { name: `Match della Settimana ${weekNumber}` });
  await matches.getByRole('button', { name: `Statistiche ${title}` }).click();
  const editor = admin.getByRole('dialog', { name: title });
  await expect(editor.getByRole('tab', { name: 'Serie Result' })).toBeVisible();

  // Serie Result: BO1, won by the team of giocatore1's player.
  await expect(
    editor.getByRole('group', { name: 'Games giocati (BO1)' }).getByRole('radio', { name: '1' }),
  ).toBeChecked();
  await editor.getByRole('group', { name: 'Vincitore game 1' }).getByText(team, { exact: true }).click();
  await editor.getByRole('group', { name: 'Vincitore della serie' }).getByText(team, { exact: true }).click();
  await expect(
    editor.getByRole('group', { name: 'Vincitore della serie' }).getByRole('radio', { name: team }),
  ).toBeChecked();

  // Player Statistics: the held player's kills, deaths and assists.
  await editor.getByRole('tab', { name: 'Player Statistics' }).click();
  const stats = editor
    .getByRole('region', { name: `Statistiche ${team}, game 1` })
    .getByRole('article', { name: player });
  await stats.getByRole('spinbutton', { name: `Kills ${player}`, exact: true }).fill('5');
  await stats.getByRole('spinbutton', { name: `Deaths ${player}`, exact: true }).fill('1');
  await stats.getByRole('spinbutton', { name: `Assists ${player}`, exact: true }).fill('4');
  await expect(stats.getByText(/^\d+,\d pt$/)).not.toHaveText('0,0 pt');

  await editor.getByRole('button', { name: 'Salva' }).click();
  await expect(admin.getByText('Match statistics and roster points updated successfully.')).toBeVisible();
  await expect(editor).toBeHidden();
  const row = matches.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Completed', { exact: true })).toBeVisible();
  await expect(row).toContainText(`Vincitore: ${team}`);
  await admin.context().close();

  // giocatore1: more points on the leaderboard, and this week's points on the roster page.
  await page.goto('/leaderboard');
  await selectLeague(page, LEC);
  await expect.poll(async () => parsePoints(await pointsCell.textContent())).toBeGreaterThan(pointsBefore);

  await page.goto('/roster');
  await selectLeague(page, LEC);
  const weeks = page.locator('[data-slot="card"]').filter({
    has: page.getByRole('heading', { name: 'Punti per settimana' }),
  });
  const week = weeks.getByRole('listitem').filter({ hasText: `Settimana ${weekNumber}` });
  await expect(week).toContainText(weekName);
  expect(parsePoints(await week.locator('span').last().textContent())).toBeGreaterThan(0);
});

/** "12,5" or "12,5 pt" → 12.5 */
function parsePoints(text: string | null): number {
  const match = /-?\d+(?:\.\d{3})*(?:,\d+)?/.exec(text ?? '');
  if (!match) throw new Error(`No points in "${text}"`);
  return Number(match[0].replace(/\./g, '').replace(',', '.'));
}
