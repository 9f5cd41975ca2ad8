import { type Browser, type Cookie, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'FantaRift!2026';
export const DEMO_ADMIN = 'admin@fantarift.local';
export const DEMO_PLAYER = 'giocatore1@fantarift.local';

export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * The cookies of each account's first login through the form, by e-mail and password: the suite runs in one
 * worker, so a later login of the same account in another page or spec reuses its session.
 */
const signedIn = new Map<string, Cookie[]>();

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  const key = `${email}\n${password}`;
  const account = page.getByRole('button', { name: /^Account di / });
  const cookies = signedIn.get(key);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto('/');
    const guest = page.getByRole('link', { name: 'Login', exact: true }).first();
    await expect(account.or(guest)).toBeVisible();
    if (await account.isVisible()) return;
    // the session ended (a logout, a password change): through the form again
    await page.context().clearCookies();
    signedIn.delete(key);
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
  await expect(account).toBeVisible();
  signedIn.set(key, await page.context().cookies());
}

/** Registers through the form and confirms through the development mailbox; returns the credentials. */
export async function registerAndConfirm(page: Page, password = 'segreta123', username = unique('e2e')) {
  const email = `${username}@example.com`;
  await page.goto('/register');
  await page.getByLabel('Nome utente').fill(username);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByText(/email/i).first()).toBeVisible();

  await page.goto('/dev/mailbox');
  const mail = page.locator('[data-slot="card"]').filter({ hasText: email }).first();
  await expect(mail).toBeVisible();
  const link = mail.getByRole('link', { name: /\/login\?confirm=/ });
  await link.click();
  await expect(page.getByText('Email confermata! Ora puoi accedere.')).toBeVisible();
  return { username, email, password };
}

/** A page of its own (separate cookies) signed in as `email`: two users side by side in one test. */
export async function loginInNewContext(browser: Browser, email: string, password = DEMO_PASSWORD) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, email, password);
  return page;
}

/** A freshly registered, confirmed and signed-in user (a clean slate: no roster anywhere). */
export async function loginAsNewUser(page: Page) {
  const user = await registerAndConfirm(page);
  await login(page, user.email, user.password);
  return user;
}

/** Picks a league in the page's "Lega" selector. */
export async function selectLeague(page: Page, leagueName: string) {
  const select = page.getByRole('combobox', { name: 'Lega' });
  await expect(select).toBeVisible();
  if ((await select.textContent())?.trim() === leagueName) return;
  await select.click();
  await page.getByRole('option', { name: leagueName, exact: true }).click();
  await expect(select).toHaveText(leagueName);
}

/** Joins a league from the Leagues page, accepting its rules when it asks for them. */
export async function joinLeague(page: Page, leagueName: string) {
  await page.goto('/leagues');
  await page.getByRole('button', { name: `Unisciti alla Lega: ${leagueName}` }).click();
  const accept = page.getByRole('button', { name: 'Accetto il Regolamento' });
  const joined = page.getByText('Ti sei iscritto alla lega con successo!');
  await expect(accept.or(joined).first()).toBeVisible();
  if (await accept.isVisible()) await accept.click();
  await expect(joined).toBeVisible();
  await expect(page.getByRole('link', { name: `Vai al Roster: ${leagueName}` })).toBeVisible();
}

/** A balance tile ("Panda Coin", "Burro Coin") of the roster or market page, as a number. */
export async function coinBalance(page: Page, currency: 'Panda Coin' | 'Burro Coin') {
  const tile = page.locator('dt', { hasText: new RegExp(`^${currency}$`) }).locator('xpath=..');
  const text = (await tile.locator('dd').first().textContent()) ?? '';
  const amount = /(-?\d+)/.exec(text)?.[1];
  if (amount === undefined) throw new Error(`No ${currency} balance in "${text}"`);
  return Number(amount);
}

/** Expects a balance tile to show exactly `amount` (the Coins component reads "N BC" / "N Burro Coin"). */
export async function expectBalance(page: Page, currency: 'Panda Coin' | 'Burro Coin', amount: number) {
  await expect.poll(() => coinBalance(page, currency), { message: `${currency} balance` }).toBe(amount);
}

/** Today's date and time in the browser's zone, in the format of a datetime-local input. */
export async function localDateTime(page: Page, offsetMinutes = 0) {
  return page.evaluate((offset) => {
    const d = new Date(Date.now() + offset * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, offsetMinutes);
}

/** The id of a league by name, as the signed-in user's league list gives it. */
export async function leagueId(page: Page, leagueName: string) {
  const response = await page.request.get('/api/leagues');
  expect(response.ok()).toBe(true);
  const { leagues } = (await response.json()) as { leagues: { id: string; name: string }[] };
  const league = leagues.find((l) => l.name === leagueName);
  if (!league) throw new Error(`League ${leagueName} not found`);
  return league.id;
}

/** The next free week number of a league (admin only): one more than the highest existing. */
export async function nextWeekNumber(adminPage: Page, id: string) {
  const response = await adminPage.request.get(`/api/admin/weeks?leagueId=${encodeURIComponent(id)}`);
  expect(response.ok()).toBe(true);
  const { weeks } = (await response.json()) as { weeks: { weekNumber: number }[] };
  return Math.max(0, ...weeks.map((w) => w.weekNumber)) + 1;
}

/**
 * On /admin/weeks (admin): picks the league, creates week `weekNumber` through the form and returns
 * its card, expanded.
 */
export async function createWeek(adminPage: Page, leagueName: string, weekNumber: number, name: string) {
  await adminPage.goto('/admin/weeks');
  await expect(adminPage.getByRole('heading', { name: 'Weeks Management', level: 1 })).toBeVisible();
  await selectLeague(adminPage, leagueName);
  const today = (await localDateTime(adminPage)).slice(0, 10);
  const nextWeek = (await localDateTime(adminPage, 6 * 24 * 60)).slice(0, 10);
  await adminPage.getByLabel('Numero').fill(String(weekNumber));
  await adminPage.getByLabel('Nome', { exact: true }).fill(name);
  await adminPage.getByLabel('Data inizio').fill(today);
  await adminPage.getByLabel('Data fine').fill(nextWeek);
  await adminPage.getByRole('button', { name: 'Crea Settimana' }).click();
  await expect(adminPage.getByText('Settimana creata con successo')).toBeVisible();
  return weekCard(adminPage, weekNumber, name);
}

/** The card of a week on /admin/weeks, expanded. */
export async function weekCard(adminPage: Page, weekNumber: number, name: string) {
  const trigger = adminPage.getByRole('button', { name: `Settimana ${weekNumber}: ${name}` });
  await expect(trigger).toBeVisible();
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  return adminPage.locator('[data-slot="card"]').filter({ has: trigger });
}

/** A week of its own (admin, through the API) from yesterday to six days ahead, numbered after the others: its id. */
export async function weekOfItsOwn(adminPage: Page, id: string, name: string) {
  const weekNumber = await nextWeekNumber(adminPage, id);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const week = await adminPage.request.post('/api/admin/weeks', {
    data: { leagueId: id, weekNumber, name: `${name} ${weekNumber}`, startDate: day(-1), endDate: day(6) },
  });
  expect(week.status(), await week.text()).toBe(201);
  return (await week.json()).week.id as string;
}

/** A BO1 of `team1` against `team2` in the week, starting at `date` (the admin's API); returns its id. */
export async function addMatch(adminPage: Page, weekId: string, team1: string, team2: string, date: Date) {
  const res = await adminPage.request.post(`/api/admin/weeks/${weekId}/matches`, {
    data: { team1, team2, date: date.toISOString(), matchDay: 1, matchFormat: 1 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).match.id as string;
}

/** The moment `ms` milliseconds from now. */
export const fromNow = (ms: number) => new Date(Date.now() + ms);

/**
 * Saves a BO1 won by `winner` (admin), every player of the match's teams with statistics (`kills` by player), as
 * soon as the match has started: the save is retried until the server accepts it.
 */
export async function saveOneGame(
  adminPage: Page,
  matchId: string,
  p: { winner: string; loser: string; kills?: (playerId: string) => number },
) {
  const editor = (await (await adminPage.request.get(`/api/admin/matches/${matchId}/statistics`)).json()) as {
    players: { id: string }[];
  };
  const statistics = {
    gamesPlayed: 1,
    winner: p.winner,
    games: [
      {
        gameNumber: 1,
        winner: p.winner,
        players: editor.players.map((x) => ({
          playerId: x.id,
          kills: p.kills?.(x.id) ?? 1,
          deaths: 1,
          assists: 3,
          cs: 200,
        })),
        objectives: [
          { teamName: p.winner, towers: 8, dragons: 2 },
          { teamName: p.loser, towers: 2 },
        ],
      },
    ],
  };
  await expect
    .poll(
      async () =>
        (
          await adminPage.request.put(`/api/admin/matches/${matchId}/statistics`, { data: statistics })
        ).status(),
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(200);
}
