import { expect, type Page, test } from '@playwright/test';
import {
  addMatch,
  fromNow,
  leagueId,
  login,
  loginInNewContext,
  nextWeekNumber,
  saveOneGame,
  unique,
} from './helpers.ts';

const LEC = 'LEC Versus 2026';
const ADMIN = 'admin@fantarift.local';
/** Two demo participants of the LEC league. */
const OWNER = 'giocatore2@fantarift.local';
const FRIEND = 'giocatore3@fantarift.local';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Fixture {
  homeUsername: string;
  awayUsername: string;
  homePoints: number;
  awayPoints: number;
  homeGoals: number;
  awayGoals: number;
}

async function heldPlayer(page: Page, lec: string) {
  const mine = (await (await page.request.get(`/api/leagues/${lec}/my-roster`)).json()) as {
    roster: { players: { id: string; name: string; team: string }[] };
  };
  return mine.roster.players[0]!;
}

/** The match-up's score as the calendar shows it ("1 – 0"), on the round that is being played. */
const scoreOf = (page: Page, f: Pick<Fixture, 'homeUsername' | 'awayUsername'>) =>
  page
    .getByRole('button', { name: `Sfida ${f.homeUsername} contro ${f.awayUsername}: dettaglio dei punti` })
    .getByTestId('fixture-score');

test('a head-to-head league: the owner draws the calendar, both members watch their match-up change live as an admin saves the statistics', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await login(page, OWNER);
  const lec = await leagueId(page, LEC);
  const admin = await loginInNewContext(browser, ADMIN);
  const friend = await loginInNewContext(browser, FRIEND);

  // a week of the official league from tomorrow: the calendar's rounds start with the weeks not yet started
  const weekNumber = await nextWeekNumber(admin, lec);
  const week = await admin.request.post('/api/admin/weeks', {
    data: {
      leagueId: lec,
      weekNumber,
      name: `E2E scontri ${weekNumber}`,
      startDate: day(1),
      endDate: day(6),
    },
  });
  expect(week.status(), await week.text()).toBe(201);
  const weekId = (await week.json()).week.id as string;

  // the owner creates the league on the leagues page: "Scontri diretti", plain points
  const name = unique('Giovedì ');
  await page.goto('/leagues');
  const section = page.getByRole('region', { name: 'Leghe private' });
  await section.getByRole('combobox', { name: 'Lega ufficiale' }).click();
  await page.getByRole('option', { name: LEC, exact: true }).click();
  await section.getByLabel('Nome della lega privata').fill(name);
  await section.getByRole('combobox', { name: 'Formato' }).click();
  await page.getByRole('option', { name: 'Scontri diretti' }).click();
  await expect(section.getByLabel('Primo gol (T)')).toBeVisible();
  await section.getByRole('combobox', { name: 'Risultato delle sfide' }).click();
  await page.getByRole('option', { name: /^Punti/ }).click();
  await section.getByRole('button', { name: 'Crea lega privata' }).click();
  await expect(page.getByText('Lega privata creata')).toBeVisible();
  const mine = (await (await page.request.get('/api/private-leagues')).json()) as {
    privateLeagues: { id: string; name: string; inviteCode: string; format: string }[];
  };
  const pl = mine.privateLeagues.find((p) => p.name === name)!;
  expect(pl.format).toBe('h2h');
  const joined = await friend.request.post(`/api/private-leagues/invite/${pl.inviteCode}/join`);
  expect(joined.status(), await joined.text()).toBe(200);

  // "Genera calendario" once the friend is in
  await page.reload();
  const card = page.getByRole('article', { name });
  await expect(card.getByText('2 membri')).toBeVisible();
  await card.getByRole('button', { name: `Genera calendario: ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Genera calendario' }).click();
  await expect(page.getByText('Calendario generato', { exact: true })).toBeVisible();
  await expect(card.getByText('Calendario generato: i membri non cambiano più.')).toBeVisible();

  // the week begins (moved to yesterday) and a match of both members' players is scheduled a few seconds ahead
  const moved = await admin.request.patch(`/api/admin/weeks/${weekId}`, { data: { startDate: day(-1) } });
  expect(moved.status(), await moved.text()).toBe(200);
  const [mineHeld, theirsHeld] = [await heldPlayer(page, lec), await heldPlayer(friend, lec)];
  const team2 =
    theirsHeld.team !== mineHeld.team
      ? theirsHeld.team
      : mineHeld.team === 'Fnatic'
        ? 'G2 Esports'
        : 'Fnatic';
  const matchId = await addMatch(admin, weekId, mineHeld.team, team2, fromNow(5_000));

  // both members open the calendar: the live round, 0 – 0
  const calendarUrl = `/leaderboard?league=${lec}&private=${pl.id}`;
  const calendar = async (p: Page) =>
    (
      (await (await p.request.get(`/api/private-leagues/${pl.id}/calendar`)).json()) as {
        rounds: { weekId: string; status: string; fixtures: Fixture[] }[];
      }
    ).rounds.find((r) => r.weekId === weekId)!;
  const before = (await calendar(page)).fixtures[0]!;
  for (const p of [page, friend]) {
    await p.goto(calendarUrl);
    await expect(p.getByRole('tab', { name: 'Calendario' })).toHaveAttribute('aria-selected', 'true');
    await expect(p.getByText(`E2E scontri ${weekNumber}`)).toBeVisible();
    await expect(p.getByText('In corso')).toBeVisible();
    await expect(scoreOf(p, before)).toHaveText('0 – 0');
  }

  // the admin saves the statistics: the owner's player wins it with 9 kills
  await saveOneGame(admin, matchId, {
    winner: mineHeld.team,
    loser: team2,
    kills: (id) => (id === mineHeld.id ? 9 : 1),
  });

  // both pages, not reloaded, show the new result
  const after = (await calendar(page)).fixtures[0]!;
  expect(after.homePoints + after.awayPoints).toBeGreaterThan(0);
  for (const p of [page, friend]) {
    await expect(scoreOf(p, after)).toHaveText(`${after.homeGoals} – ${after.awayGoals}`);
  }
  expect(`${after.homeGoals} – ${after.awayGoals}`).not.toBe('0 – 0');

  // the match-up opens both rosters' points of the week side by side, at phone width too
  await friend.setViewportSize({ width: 375, height: 800 });
  await friend
    .getByRole('button', {
      name: `Sfida ${after.homeUsername} contro ${after.awayUsername}: dettaglio dei punti`,
    })
    .click();
  const dialog = friend.getByRole('dialog');
  await expect(dialog.getByRole('region', { name: `Punti di ${after.homeUsername}` })).toBeVisible();
  await expect(dialog.getByRole('region', { name: `Punti di ${after.awayUsername}` })).toBeVisible();
  await expect(dialog.getByText(`E2E scontri ${weekNumber}`).first()).toBeVisible();
  const overflow = await friend.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await friend.keyboard.press('Escape');

  // and the table counts the round
  await friend.getByRole('tab', { name: 'Classifica' }).click();
  const rows = friend.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(/^1/);

  await admin.context().close();
  await friend.context().close();
});
