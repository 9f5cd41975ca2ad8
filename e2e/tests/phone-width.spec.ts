import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { paths } from '../../apps/web/src/config/paths.ts';
import {
  DEMO_ADMIN,
  DEMO_PLAYER,
  joinLeague,
  leagueId,
  login,
  nextWeekNumber,
  registerAndConfirm,
  unique,
} from './helpers.ts';

const LEC = 'LEC Versus 2026';
const LCK = 'LCK Cup 2026';
const PHONE = { width: 375, height: 812 };

/**
 * A phone: touch, the page's `width=device-width` meta viewport honoured. Under mobile emulation
 * Chromium widens `window.innerWidth` to whatever the page needs, so the layout viewport that a
 * phone shows is `document.documentElement.clientWidth`, and that is what the document is held to.
 */
const phone = { viewport: PHONE, isMobile: true, hasTouch: true } as const;

interface Width {
  viewport: number;
  documentWidth: number;
  /** the outermost elements reaching past the viewport with no scroll container around them */
  overflowing: string[];
  /** date and time fields too narrow for their own text and calendar button */
  cutFields: string[];
}

/** The document's width against the viewport's, and what sticks out. */
function measure(page: Page): Promise<Width> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const r = el.getBoundingClientRect();
      const slot = el.getAttribute('data-slot');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${slot ? ` data-slot=${slot}` : ''}> "${text}" ${Math.round(r.left)}..${Math.round(r.right)}`;
    };
    const sticksOut = new Set<Element>();
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const pastRight = r.right > viewport + 0.5;
      if (!pastRight && r.left >= -0.5) continue;
      // inside a container that clips or scrolls sideways it cannot widen the page (the container can)
      let contained = false;
      let clipped = getComputedStyle(el).clipPath !== 'none';
      for (let a = el.parentElement; !contained && a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        contained = style.overflowX !== 'visible';
        clipped ||= style.clipPath !== 'none';
      }
      // a clip-path hides a box but keeps its size: sr-only content past the right edge still
      // widens the page, while past the left edge (the skip link's -1 px) it is out of sight and reach
      if (!contained && (pastRight || !clipped)) sticksOut.add(el);
    }
    const overflowing = [...sticksOut]
      .filter((el) => !el.parentElement || !sticksOut.has(el.parentElement))
      .slice(0, 8)
      .map(describe);
    const cutFields = [
      ...document.querySelectorAll<HTMLInputElement>(
        'input[type="date"], input[type="datetime-local"], input[type="time"], input[type="month"]',
      ),
    ]
      .filter((input) => input.clientWidth > 0 && input.scrollWidth > input.clientWidth + 1)
      .map((input) => `${describe(input)} (${input.scrollWidth} px in ${input.clientWidth})`);
    return { viewport, documentWidth: document.documentElement.scrollWidth, overflowing, cutFields };
  });
}

/** Waits until the page shows its content: its heading, no skeleton, no spinner, the fonts in. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"], main .animate-spin')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** Fails, naming the page and the widths, when the document is wider than the phone. */
async function expectFits(page: Page, label: string) {
  await settle(page);
  const width = await measure(page);
  expect(width.viewport, `${label}: the layout viewport`).toBe(PHONE.width);
  // soft: one run names every page that is too wide, not just the first
  expect
    .soft(
      width.documentWidth,
      `${label}: the page is ${width.documentWidth} px wide on a ${width.viewport} px screen; ` +
        `reaching past it: ${width.overflowing.join(' | ') || 'nothing measurable'}`,
    )
    .toBeLessThanOrEqual(width.viewport);
  expect.soft(width.overflowing, `${label}: elements reaching past the screen`).toEqual([]);
  expect.soft(width.cutFields, `${label}: date fields cut short`).toEqual([]);
}

/** Fails when a control or value sits (even partly) outside the screen, inside a scroll box or not. */
async function expectOnScreen(label: string, locator: Locator) {
  const count = await locator.count();
  expect(count, `${label}: nothing to check`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const box = await locator.nth(i).boundingBox();
    expect(box, `${label} #${i}: not laid out`).not.toBeNull();
    expect
      .soft(
        Math.round(box!.x + box!.width),
        `${label} #${i} ends at ${Math.round(box!.x + box!.width)} px, past the ${PHONE.width} px screen`,
      )
      .toBeLessThanOrEqual(PHONE.width);
    expect.soft(box!.x, `${label} #${i} starts left of the screen`).toBeGreaterThanOrEqual(0);
  }
}

/** Every manager name of the leaderboard on as few lines as it has words: never split inside a word. */
async function expectNamesWhole(page: Page) {
  const names = page.getByTestId('manager-name');
  await expect(names.first()).toBeVisible();
  const broken = await names.evaluateAll((spans) =>
    spans.flatMap((span) => {
      const range = document.createRange();
      range.selectNodeContents(span);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      const words = (span.textContent ?? '').trim().split(/\s+/).length;
      return lines > words ? [`"${span.textContent}" on ${lines} lines`] : [];
    }),
  );
  expect.soft(broken, 'manager names split inside a word').toEqual([]);
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext(phone);
  return context.newPage();
}

/** Every route pattern of paths.ts, so that a route added later without a phone check fails here. */
function allPatterns(node: unknown): string[] {
  if (typeof node !== 'object' || node === null) return [];
  if ('path' in node && typeof node.path === 'string') return [node.path];
  return Object.values(node).flatMap(allPatterns);
}

test('every route fits a 375 px phone: the document is never wider than the screen', async ({ browser }) => {
  test.setTimeout(300_000);
  const visited = new Set<string>();
  const check = async (page: Page, pattern: string, url: string, extra?: (page: Page) => Promise<void>) => {
    visited.add(pattern);
    await test.step(url, async () => {
      await page.goto(url);
      await expectFits(page, url);
      if (extra) await extra(page);
    });
  };

  // ---- the data that makes the pages full: long names, a private league, distributed rewards ----
  const visitor = await phonePage(browser);
  // QA's names: "qa_" and a timestamp, and the longest a username may be (30)
  const shortName = unique('qa_');
  const longName = unique('qa_').padEnd(30, 'x');
  const qa = await registerAndConfirm(visitor, 'segreta123', shortName);
  const longUser = await registerAndConfirm(visitor, 'segreta123', longName);

  const long = await phonePage(browser);
  await login(long, longUser.email, longUser.password);
  await joinLeague(long, LEC);
  await joinLeague(long, LCK);

  const participant = await phonePage(browser);
  await login(participant, qa.email, qa.password);
  await joinLeague(participant, LEC);
  const lec = await leagueId(participant, LEC);
  const created = await participant.request.post(`/api/leagues/${lec}/private-leagues`, {
    data: { name: unique('Amici del telefono ') },
  });
  expect(created.status()).toBe(201);
  const { privateLeague } = (await created.json()) as { privateLeague: { id: string; inviteCode: string } };

  const admin = await phonePage(browser);
  await login(admin, DEMO_ADMIN);
  const lck = await leagueId(admin, LCK);
  const weekNumber = await nextWeekNumber(admin, lck);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const week = await admin.request.post('/api/admin/weeks', {
    data: { leagueId: lck, weekNumber, name: `Telefono ${weekNumber}`, startDate: day(-6), endDate: day(0) },
  });
  expect(week.status(), await week.text()).toBe(201);
  const paid = await admin.request.post('/api/admin/weekly-rewards/distribute', {
    data: { leagueId: lck, weekNumber },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // ---- logged out ----
  await check(visitor, paths.home.path, paths.home.getHref());
  await check(visitor, paths.auth.login.path, paths.auth.login.getHref());
  await check(visitor, paths.auth.register.path, paths.auth.register.getHref());
  await check(visitor, paths.auth.forgotPassword.path, paths.auth.forgotPassword.getHref());
  await check(visitor, paths.auth.resetPassword.path, `${paths.auth.resetPassword.getHref()}?token=bogus`);
  await check(
    visitor,
    paths.privateLeagueInvite.path,
    paths.privateLeagueInvite.getHref(privateLeague.inviteCode),
  );
  await check(visitor, paths.privateLeagueInvite.path, paths.privateLeagueInvite.getHref('NONESISTE2'));
  await check(visitor, paths.devMailbox.path, paths.devMailbox.getHref());
  await check(visitor, '*', '/pagina-che-non-esiste');

  // ---- a participant with QA's kind of name, in a league and a private league ----
  await check(participant, paths.home.path, paths.home.getHref());
  await check(participant, paths.leagues.path, paths.leagues.getHref());
  await check(participant, paths.auth.changePassword.path, paths.auth.changePassword.getHref());
  await check(participant, paths.notifications.path, paths.notifications.getHref());
  await check(participant, paths.leaderboard.path, paths.leaderboard.getHref(lec), expectNamesWhole);
  await check(
    participant,
    paths.leaderboard.path,
    `${paths.leaderboard.getHref(lec)}&private=${privateLeague.id}`,
    expectNamesWhole,
  );
  await check(
    participant,
    paths.privateLeagueInvite.path,
    paths.privateLeagueInvite.getHref(privateLeague.inviteCode),
  );

  // ---- a Lega Fanta: the list, the settings, an invite, the room with a lot and its squads ----
  const fanta = await participant.request.post(`/api/leagues/${lec}/fanta-leagues`, {
    data: { name: unique('Asta del telefono '), squad: { Top: 1, Jungle: 1, Mid: 1, ADC: 1, Support: 1 } },
  });
  expect(fanta.status(), await fanta.text()).toBe(201);
  const { fantaLeague } = (await fanta.json()) as { fantaLeague: { id: string; inviteCode: string } };
  await check(participant, paths.fantaLeagues.path, paths.fantaLeagues.getHref());
  await check(long, paths.fantaInvite.path, paths.fantaInvite.getHref(fantaLeague.inviteCode));
  const fantaJoined = await long.request.post(`/api/fanta-leagues/invite/${fantaLeague.inviteCode}/join`);
  expect(fantaJoined.status(), await fantaJoined.text()).toBe(200);
  const { fantaLeague: withBoth } = (await fantaJoined.json()) as {
    fantaLeague: { members: { userId: string; isOwner: boolean }[] };
  };
  await check(participant, paths.fantaLeague.path, paths.fantaLeague.getHref(fantaLeague.id));
  const fantaApi = `/api/fanta-leagues/${fantaLeague.id}`;
  const ownerFirst = [...withBoth.members].sort((x, y) => Number(y.isOwner) - Number(x.isOwner));
  expect(
    (await participant.request.patch(fantaApi, { data: { order: ownerFirst.map((m) => m.userId) } })).ok(),
  ).toBe(true);
  expect((await participant.request.post(`${fantaApi}/auction/start`)).ok()).toBe(true);
  const pool = (await (await participant.request.get(`${fantaApi}/players`)).json()) as {
    players: { id: string }[];
  };
  const called = await participant.request.post(`${fantaApi}/auction/nominate`, {
    data: { playerId: pool.players[0]!.id, bid: 1 },
  });
  expect(called.ok(), await called.text()).toBe(true);
  await check(long, paths.fantaAuction.path, paths.fantaAuction.getHref(fantaLeague.id));
  await check(long, paths.fantaLineup.path, paths.fantaLineup.getHref(fantaLeague.id));
  await check(participant, paths.fantaLeague.path, paths.fantaLeague.getHref(fantaLeague.id));

  // ---- a demo participant: full rosters, played matches ----
  const demo = await phonePage(browser);
  await login(demo, DEMO_PLAYER);
  await check(demo, paths.roster.path, paths.roster.getHref(lec));
  await check(demo, paths.market.path, paths.market.getHref(lec));
  await check(demo, paths.matches.path, paths.matches.getHref(lec));
  await check(demo, paths.leaderboard.path, paths.leaderboard.getHref(lec), expectNamesWhole);

  // ---- the admin ----
  const a = paths.admin;
  await check(admin, a.root.path, a.root.getHref());
  await check(admin, a.leagues.path, a.leagues.getHref());
  await check(admin, a.newLeague.path, a.newLeague.getHref());
  await check(admin, a.league.path, a.league.getHref(lec), async (page) => {
    for (const tab of ['Team e Player', 'Fasi', 'Leghe private', 'Panoramica']) {
      await expectOnScreen(`tab ${tab}`, page.getByRole('tab', { name: tab }));
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
      await expectFits(page, `${a.league.getHref(lec)} · ${tab}`);
    }
  });
  await check(admin, a.editLeague.path, a.editLeague.getHref(lec));
  await check(admin, a.champions.path, a.champions.getHref());
  await check(admin, a.teams.path, a.teams.getHref());
  await check(admin, a.matches.path, a.matches.getHref());
  await check(admin, a.rosters.path, `${a.rosters.getHref()}?league=${lec}`);
  await check(admin, a.scoring.path, a.scoring.getHref());
  await check(admin, a.weeks.path, `${a.weeks.getHref()}?league=${lec}`);
  await check(admin, a.import.path, a.import.getHref(lec));
  await check(admin, a.auditLog.path, a.auditLog.getHref(), async (page) => {
    // the old and new values of the newest actions, opened
    const rows = page.getByRole('list', { name: 'Azioni registrate' }).getByRole('button');
    for (let i = 0; i < Math.min(5, await rows.count()); i++) {
      await rows.nth(i).press('Enter');
      await expect(rows.nth(i)).toHaveAttribute('aria-expanded', 'true');
    }
    await expectFits(page, `${a.auditLog.getHref()} with values open`);
  });
  await check(admin, a.weeklyRewards.path, `${a.weeklyRewards.getHref()}?league=${lck}`, async (page) => {
    const history = page.getByRole('table', {
      name: `Reward distribuite settimana ${weekNumber}`,
      exact: true,
    });
    await expectOnScreen('history bonus', history.getByRole('row').locator('> :last-child'));
    // the preview of the same week: its bonus column on screen too
    await page.getByLabel('Numero settimana').fill(String(weekNumber));
    await page.getByRole('button', { name: 'Calcola' }).click();
    const preview = page.getByRole('table', {
      name: `Anteprima reward settimana ${weekNumber}`,
      exact: true,
    });
    await expect(preview).toBeVisible();
    await expectFits(page, `${a.weeklyRewards.getHref()} with a preview`);
    await expectOnScreen('preview bonus', preview.getByRole('row').locator('> :last-child'));
  });
  await check(
    admin,
    a.weeklyRewardsEditor.path,
    `${a.weeklyRewardsEditor.getHref()}?league=${lck}`,
    async (page) => {
      await expectOnScreen('reward amount', page.getByRole('spinbutton', { name: /^Reward di / }));
      await expectOnScreen('Salva', page.getByRole('button', { name: /^Salva reward di / }));
    },
  );
  await check(
    admin,
    a.leaderboardRecovery.path,
    `${a.leaderboardRecovery.getHref()}?league=${lck}`,
    async (page) => {
      for (const tab of ['Snapshot Automatici', 'Recupero Storico']) {
        await page.getByRole('tab', { name: tab }).click();
        await expectFits(page, `${a.leaderboardRecovery.getHref()} · ${tab}`);
      }
      // today: the rosters made by the demo data and this test have a ledger up to now
      await page.getByLabel('Data', { exact: true }).fill(new Date().toISOString().slice(0, 10));
      await page.getByRole('button', { name: 'Estrai' }).click();
      await expect(page.getByRole('table', { name: /^Classifica al / })).toBeVisible();
      await expectFits(page, `${a.leaderboardRecovery.getHref()} · Recupero Storico, extracted`);
    },
  );
  // a ranking as the admin sees it (LCK: the longest name, no roster of one's own)
  await check(admin, paths.leaderboard.path, paths.leaderboard.getHref(lck), expectNamesWhole);

  const missing = allPatterns(paths).filter((pattern) => !visited.has(pattern));
  expect(missing, 'routes of paths.ts without a phone check').toEqual([]);
  for (const page of [visitor, long, participant, demo, admin]) await page.context().close();
});
