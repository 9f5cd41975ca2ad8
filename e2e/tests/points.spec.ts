import { expect, type Locator, test } from '@playwright/test';
import { DEMO_PLAYER, login, selectLeague } from './helpers.ts';

const LEC = 'LEC Versus 2026';

/** "1.234,5" / "-0,5" / "−2,5" / "+10" → number. */
function parse(text: string | null): number {
  const cleaned = (text ?? '').trim().replace('−', '-').replace(/\./g, '').replace(',', '.');
  const value = Number(cleaned);
  if (!Number.isFinite(value)) throw new Error(`not a number: ${text}`);
  return value;
}
const cents = (values: number[]) => values.reduce((sum, v) => sum + Math.round(v * 100), 0);

/** The number at the end of a summary row (its last tabular figure). */
async function rowPoints(summary: Locator) {
  return parse(await summary.locator('span.tabular-nums').last().textContent());
}

test('a participant opens the breakdown of a scored match and its lines add up', async ({ page }) => {
  await login(page, DEMO_PLAYER);
  await page.goto('/roster');
  await selectLeague(page, LEC);
  await page.getByRole('tab', { name: 'Punti' }).click();
  const view = page.getByRole('region', { name: 'Perché questi punti' });
  await expect(view).toBeVisible();

  // the summary: weeks + adjustment = total, and the weeks' own figures add up to "Settimane"
  const figure = async (label: string) =>
    parse(await view.locator('dl div').filter({ hasText: label }).locator('dd').textContent());
  const weeks = view.locator(':scope > div > details');
  await expect(weeks.first()).toBeVisible();
  const weekPoints: number[] = [];
  for (const week of await weeks.all()) weekPoints.push(await rowPoints(week.locator('summary').first()));
  const weeksTotal = await figure('Settimane');
  expect(cents(weekPoints)).toBe(Math.round(weeksTotal * 100));
  const adjustment = (await view.getByText("Rettifiche dell'amministratore").count())
    ? await figure("Rettifiche dell'amministratore")
    : 0;
  expect(Math.round((await figure('Totale')) * 100)).toBe(Math.round((weeksTotal + adjustment) * 100));

  // a scored week: its matches add up to the week's stored points
  const week = weeks.filter({ has: page.locator('details details') }).last();
  if ((await week.getAttribute('open')) === null) await week.locator('summary').first().click();
  const matches = week.locator(':scope > div > details');
  await expect(matches.first()).toBeVisible();
  const matchPoints: number[] = [];
  for (const match of await matches.all())
    matchPoints.push(await rowPoints(match.locator('summary').first()));
  const points = await rowPoints(week.locator('summary').first());
  expect(points).toBeGreaterThan(0);
  // in a league with the weekly captain, the week's captain line ("Capitano ×2 (name): +38,2") adds its bonus
  const captainLine = week.getByTestId('captain-line');
  if (await captainLine.count())
    matchPoints.push(parse((await captainLine.textContent())!.split(': ').pop()!));
  expect(cents(matchPoints)).toBe(Math.round(points * 100));

  // the first game of the first player: its lines ("Uccisioni 5 × 2 = 10", champion bonuses) add up to the game
  const game = matches.first().locator('details').first();
  await game.locator('summary').click();
  await expect(game).toHaveAttribute('open', '');
  const gamePoints = await rowPoints(game.locator('summary'));
  const lines = await game.locator('li').allTextContents();
  expect(lines.some((l) => /^Uccisioni \d+ × [\d,]+ = -?[\d,]+$/.test(l))).toBe(true);
  const linePoints = lines
    .map((l) => l.match(/\s([+−-]?\d[\d.]*(?:,\d+)?)$/)?.[1])
    .filter((v): v is string => v !== undefined)
    .map(parse);
  expect(cents(linePoints)).toBe(Math.round(gamePoints * 100));

  // the real match behind it, on the Partite page
  await page.getByRole('link', { name: 'Partite' }).first().click();
  // the Partite page itself, not the roster page's league picker still on screen while it loads
  await expect(page).toHaveURL(/\/matches/);
  await expect(page.getByText('Le partite reali della lega, settimana per settimana')).toBeVisible();
  await selectLeague(page, LEC);
  await page
    .getByRole('button', { name: /contro .*: vedi i game e i punti/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Game 1' })).toBeVisible();
  await expect(
    dialog
      .getByRole('list', { name: /^Giocatori di / })
      .first()
      .getByRole('listitem'),
  ).toHaveCount(5);
});
