import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, login, loginInNewContext, selectLeague, weekCard } from './helpers.ts';

const LEC = 'LEC Versus 2026';
// The demo LEC league: week 1 played (two series with statistics), the participants' rosters scored.
const WEEK = 1;
// The demo participants (apps/server/src/seed/seed.ts): the first one whose roster reached the threshold is checked.
const DEMO_PARTICIPANTS = [
  ['PandaMaster', 'giocatore1@fantarift.local'],
  ['BurroKing', 'giocatore2@fantarift.local'],
  ['RiftWalker', 'giocatore3@fantarift.local'],
  ['BaronHunter', 'giocatore4@fantarift.local'],
  ['DragonSoul', 'giocatore5@fantarift.local'],
  ['NashorFan', 'giocatore6@fantarift.local'],
] as const;

test('Weekly rewards: Calcola shows tier and threshold bonus, Distribuisci pays once, the week closes without paying again', async ({
  page,
  browser,
}) => {
  await login(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page
    .getByRole('link', { name: /Reward Settimanali/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/weekly-rewards$/);
  await expect(page.getByRole('heading', { name: 'Reward Settimanali', level: 1 })).toBeVisible();

  await selectLeague(page, LEC);
  await page.getByLabel('Numero settimana').fill(String(WEEK));
  await page.getByRole('button', { name: 'Calcola' }).click();

  const preview = page.getByRole('table', { name: `Anteprima reward settimana ${WEEK}`, exact: true });
  await expect(preview).toBeVisible();
  const totals = page.getByText(/^\d+ partecipanti · Premi per posizione: \d+ BC · Bonus soglia: \d+ BC/);
  await expect(totals).toBeVisible();
  const [, tierTotal, bonusTotal, bonusCount] =
    /Premi per posizione: (\d+) BC · Bonus soglia: (\d+) BC \((\d+) roster\)/.exec(
      (await totals.textContent()) ?? '',
    ) ?? [];
  expect(Number(tierTotal)).toBeGreaterThan(0);
  // Demo rosters score well above the default threshold (10 points): some bonus applies.
  expect(Number(bonusTotal)).toBeGreaterThan(0);
  expect(Number(bonusCount)).toBeGreaterThan(0);

  let participant: (typeof DEMO_PARTICIPANTS)[number] | undefined;
  for (const demo of DEMO_PARTICIPANTS) {
    const row = preview.getByRole('row').filter({ hasText: demo[0] });
    if ((await row.count()) === 1 && (await row.getByRole('cell').nth(5).textContent())?.startsWith('+')) {
      participant = demo;
      break;
    }
  }
  if (!participant) throw new Error('no demo participant reached the threshold bonus in week 1');
  const cells = preview.getByRole('row').filter({ hasText: participant[0] }).getByRole('cell');
  const tier = ((await cells.nth(2).textContent()) ?? '').trim();
  expect(['Top 3', 'Top 10', 'Top Half', 'Bottom Half']).toContain(tier);
  const amount = Number(/(\d+) BC/.exec((await cells.nth(4).textContent()) ?? '')?.[1]);
  const bonusText = ((await cells.nth(5).textContent()) ?? '').trim();
  const bonus = Number(/\+(\d+) BC/.exec(bonusText)?.[1]);
  expect(bonus).toBeGreaterThan(0);
  expect(amount).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Distribuisci' }).click();
  const total = Number(tierTotal) + Number(bonusTotal);
  await expect(
    page.getByText(new RegExp(`^Distribuiti ${total} Burro Coin a \\d+ partecipanti$`)),
  ).toBeVisible();
  await expect(preview).toBeHidden();

  // The history shows the week with the bonus included in its total.
  const history = page.getByRole('table', { name: `Reward distribuite settimana ${WEEK}`, exact: true });
  await expect(history).toBeVisible();
  await expect(page.getByText(new RegExp(`partecipanti · totale ${total} BC$`))).toBeVisible();

  // Paying a second time is refused.
  await page.getByRole('button', { name: 'Calcola' }).click();
  await expect(preview).toBeVisible();
  await page.getByRole('button', { name: 'Distribuisci' }).click();
  await expect(page.getByText('Rewards for this week have already been distributed')).toBeVisible();

  // The weeks page: paid, still closable; closing pays nothing more.
  await page.goto('/admin/weeks');
  await selectLeague(page, LEC);
  const card = await weekCard(page, WEEK, `Settimana ${WEEK}`);
  await expect(card.getByText('Rewards Distributed')).toBeVisible();
  const closeButton = card.getByRole('button', { name: `Close & Distribute Settimana ${WEEK}` });
  await expect(closeButton).toBeEnabled();
  await closeButton.click();
  const confirm = page.getByRole('alertdialog', { name: `Close & Distribute: Settimana ${WEEK}` });
  await expect(confirm).toContainText('la settimana verrà solo chiusa, senza pagare di nuovo');
  await confirm.getByRole('button', { name: 'Close & Distribute' }).click();
  await expect(
    page.getByText('Settimana chiusa. I premi erano già stati distribuiti e non sono stati pagati di nuovo.'),
  ).toBeVisible();
  await expect(card.getByText('Closed', { exact: true })).toBeVisible();

  // The participant's reward list shows the tier reward and the bonus.
  const player = await loginInNewContext(browser, participant[1]);
  await player
    .getByRole('navigation', { name: 'Navigazione principale' })
    .getByRole('link', { name: 'Classifica' })
    .click();
  await selectLeague(player, LEC);
  const rewards = player.getByRole('list', { name: 'I Tuoi Premi Settimanali' });
  const reward = rewards.getByRole('listitem').filter({ hasText: `Settimana ${WEEK}` });
  await expect(reward).toBeVisible();
  await expect(reward).toContainText(tier);
  await expect(reward).toContainText(`+${amount + bonus} Burro Coin`);
  await expect(reward).toContainText(`${amount} premio + ${bonus} bonus soglia`);
  await player.context().close();
});
