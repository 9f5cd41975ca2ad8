import { expect, test } from '@playwright/test';
import {
  addMatch,
  fromNow,
  leagueId,
  login,
  loginInNewContext,
  saveOneGame,
  selectLeague,
  weekOfItsOwn,
} from './helpers.ts';

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

  // the week a choice made now counts for, when today is one of its days (other tests may have left such a week
  // without matches); else a week of its own (admin) after a started one of its own, since a choice counts for
  // the first week after the last started one
  const admin = await loginInNewContext(browser, ADMIN);
  const choiceWeek = async () =>
    (
      (await (await page.request.get(`/api/leagues/${lec}/my-roster/captain`)).json()) as {
        weekId: string | null;
      }
    ).weekId;
  const { weeks } = (await (await admin.request.get(`/api/admin/weeks?leagueId=${lec}`)).json()) as {
    weeks: { id: string; startDate: string; endDate: string }[];
  };
  const today = new Date().toISOString().slice(0, 10);
  let weekId = await choiceWeek();
  const open = weeks.find((w) => w.id === weekId);
  if (!open || open.startDate > today || open.endDate < today) {
    await addMatch(
      admin,
      await weekOfItsOwn(admin, lec, 'E2E capitano, iniziata'),
      held.team,
      opponent,
      new Date(),
    );
    weekId = await weekOfItsOwn(admin, lec, 'E2E capitano');
    expect(await choiceWeek()).toBe(weekId);
  }

  if (!weekId) throw new Error('no week to choose a captain for');
  // a match of the held player's team an hour ahead: the week's lock is ahead, and the page asks for a captain
  const schedule = (offsetMs: number) => addMatch(admin, weekId, held.team, opponent, fromNow(offsetMs));
  const later = await schedule(3_600_000);

  // before it starts, the participant marks the player "C" on the roster page
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
  expect(await choiceWeek()).toBe(weekId);

  // then the admin moves the match a few seconds ahead (a new one in its place): the choice, made before it
  // starts, counts for it
  const matchId = await schedule(3_000);
  expect((await admin.request.delete(`/api/admin/matches/${later}`)).status()).toBe(200);

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
