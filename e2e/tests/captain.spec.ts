import { expect, test } from '@playwright/test';
import { leagueId, login, loginInNewContext, saveOneGame, selectLeague, weekOfItsOwn } from './helpers.ts';

const LEC = 'LEC Versus 2026';
/** A demo participant of the LEC league (captain ×2 with a vice) who has not chosen a captain. */
const PLAYER = 'giocatore4@fantarift.local';
const ADMIN = 'admin@fantarift.local';

test('a participant picks a captain, an admin saves the statistics, the breakdown shows the ×2 line', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await login(page, PLAYER);
  const lec = await leagueId(page, LEC);
  const mine = (await (await page.request.get(`/api/leagues/${lec}/my-roster`)).json()) as {
    roster: { players: { id: string; name: string; team: string }[] };
  };
  const held = mine.roster.players[0]!;
  const opponent = held.team === 'G2 Esports' ? 'Fnatic' : 'G2 Esports';

  // the week a choice made now counts for (other tests may have left a week without matches first), or a week
  // of its own (admin)
  const admin = await loginInNewContext(browser, ADMIN);
  const choice = (await (await page.request.get(`/api/leagues/${lec}/my-roster/captain`)).json()) as {
    weekId: string | null;
  };
  let weekId = choice.weekId;
  if (!weekId) weekId = await weekOfItsOwn(admin, lec, 'E2E capitano');

  // the participant marks the player "C" on the roster page
  await page.goto('/roster');
  await selectLeague(page, LEC);
  const picker = page.getByRole('region', { name: 'Capitano' });
  await expect(picker).toContainText('scegli il capitano');
  await picker.getByRole('button', { name: `Capitano: ${held.name}`, exact: true }).click();
  await expect(picker.getByRole('button', { name: `Capitano: ${held.name}`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(
    page.getByRole('list', { name: 'Giocatori del roster' }).getByLabel('Capitano', { exact: true }),
  ).toHaveText('C');
  const chosen = (await (await page.request.get(`/api/leagues/${lec}/my-roster/captain`)).json()) as {
    weekId: string | null;
  };
  expect(chosen.weekId).toBe(weekId);

  // then the admin schedules a match of the held player's team a few seconds ahead, in that week: the
  // choice, made before it starts, counts for it
  const created = await admin.request.post(`/api/admin/weeks/${weekId}/matches`, {
    data: {
      team1: held.team,
      team2: opponent,
      date: new Date(Date.now() + 3_000).toISOString(),
      matchDay: 1,
      matchFormat: 1,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const matchId = (await created.json()).match.id as string;

  // once the match has started, the admin saves it: the held player won it with 6 kills
  await saveOneGame(admin, matchId, {
    winner: held.team,
    loser: opponent,
    kills: (id) => (id === held.id ? 6 : 1),
  });

  // the breakdown: the week's captain line, "Capitano ×2 (name): +points"
  await page.reload();
  await selectLeague(page, LEC);
  await page.getByRole('tab', { name: 'Punti' }).click();
  const view = page.getByRole('region', { name: 'Perché questi punti' });
  const line = view.getByTestId('captain-line');
  await expect(line).toBeVisible();
  await expect(line).toHaveText(new RegExp(`^Capitano ×2 \\(${held.name}\\): \\+\\d`));
  await admin.context().close();
});
