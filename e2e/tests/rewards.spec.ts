import { expect, test } from '@playwright/test';
import {
  createWeek,
  DEMO_ADMIN,
  expectBalance,
  joinLeague,
  leagueId,
  loginAsNewUser,
  loginInNewContext,
  nextWeekNumber,
} from './helpers.ts';

const LEC = 'LEC Versus 2026';
const TIER_AMOUNT: Record<string, number> = { 'Top 3': 7, 'Top 10': 5, 'Top Half': 4, 'Bottom Half': 3 };

test('Close & Distribute credits the weekly Burro Coin, shown in the participant’s reward history', async ({
  page,
  browser,
}) => {
  await loginAsNewUser(page);
  await joinLeague(page, LEC);
  await page.getByRole('link', { name: `Vai al Roster: ${LEC}` }).click();
  await expectBalance(page, 'Burro Coin', 8);

  await page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('link', { name: 'Classifica' })
    .click();
  await expect(page.getByRole('heading', { name: LEC })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'I Tuoi Premi Settimanali' })).toBeVisible();
  await expect(page.getByText('Nessun premio ricevuto in questa lega.')).toBeVisible();

  // The admin closes a new week of the league and distributes its rewards.
  const admin = await loginInNewContext(browser, DEMO_ADMIN);
  const weekNumber = await nextWeekNumber(admin, await leagueId(admin, LEC));
  const weekName = `E2E premi ${weekNumber}`;
  const card = await createWeek(admin, LEC, weekNumber, weekName);
  await expect(card.getByText('Rewards Pending')).toBeVisible();
  await card.getByRole('button', { name: `Close & Distribute Settimana ${weekNumber}` }).click();
  const confirm = admin.getByRole('alertdialog', { name: `Close & Distribute: Settimana ${weekNumber}` });
  await expect(confirm).toContainText('Chiudere la settimana e distribuire i Burro Coin?');
  await confirm.getByRole('button', { name: 'Close & Distribute' }).click();
  const toast = admin.getByText(
    /^Settimana chiusa con successo! Distribuiti \d+ Burrocoin a \d+ partecipanti\.$/,
  );
  await expect(toast).toBeVisible();
  const [, distributed, participants] = /Distribuiti (\d+) Burrocoin a (\d+) partecipanti/.exec(
    (await toast.textContent()) ?? '',
  ) ?? ['', '0', '0'];
  // Every LEC roster gets at least the Bottom Half reward: the six demo ones and ours at least.
  expect(Number(participants)).toBeGreaterThanOrEqual(7);
  expect(Number(distributed)).toBeGreaterThanOrEqual(3 * Number(participants));
  await expect(confirm).toBeHidden();
  await expect(card.getByText('Closed', { exact: true })).toBeVisible();
  await expect(card.getByText('Rewards Distributed')).toBeVisible();
  await expect(
    card.getByRole('button', { name: `Close & Distribute Settimana ${weekNumber}` }),
  ).toBeDisabled();
  await admin.context().close();

  // The participant: the reward in the history on the leaderboard...
  await page.reload();
  const history = page.getByRole('list', { name: 'I Tuoi Premi Settimanali' });
  const reward = history.getByRole('listitem').filter({ hasText: `Settimana ${weekNumber}` });
  await expect(reward).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(1);
  const tier = ((await reward.locator('[data-slot="badge"]').textContent()) ?? '').trim();
  expect(Object.keys(TIER_AMOUNT)).toContain(tier);
  const amount = TIER_AMOUNT[tier] ?? 0;
  await expect(reward).toContainText(`+${amount} Burro Coin`);
  await expect(reward).toContainText(/\d+° posto · 0,0 punti/);
  await expect(page.getByText('Nessun premio ricevuto in questa lega.')).toHaveCount(0);

  // ...and credited to the roster (an empty week: no points threshold bonus).
  await page
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('link', { name: 'Roster' })
    .click();
  await expectBalance(page, 'Burro Coin', 8 + amount);
  const movements = page.locator('[data-slot="card"]').filter({
    has: page.getByRole('heading', { name: 'Movimenti recenti' }),
  });
  await expect(movements.getByRole('listitem').filter({ hasText: 'Premio settimanale' })).toContainText(
    `+${amount} Burro Coin`,
  );
});
