import { expect, test } from '@playwright/test';
import {
  addMatch,
  fromNow,
  leagueId,
  loginAsNewUser,
  loginInNewContext,
  saveOneGame,
  weekOfItsOwn,
} from './helpers.ts';

const LEC = 'LEC Versus 2026';
const ADMIN = 'admin@fantarift.local';

test.use({ viewport: { width: 375, height: 812 } });

test('a manager sets a line-up on a phone; the admin saves the statistics; the week and the head-to-head table move live', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await loginAsNewUser(page);
  const lec = await leagueId(page, LEC);
  const admin = await loginInNewContext(browser, ADMIN);

  // a Lega Fanta of two (the new manager and the admin), captain ×2, squads of 2 Tops and 1 of each other role,
  // ranked by "Scontri diretti" (plain points)
  const created = await page.request.post(`/api/leagues/${lec}/fanta-leagues`, {
    data: {
      name: `Stagione ${Date.now() % 100000}`,
      budget: 20,
      squad: { Top: 2, Jungle: 1, Mid: 1, ADC: 1, Support: 1 },
      captainMultiplier: 2,
      format: 'h2h',
      h2h: { rule: 'points', bandStart: 60, bandStep: 10 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const fl = (await created.json()).fantaLeague as { id: string; inviteCode: string };
  const api = `/api/fanta-leagues/${fl.id}`;
  expect((await admin.request.post(`/api/fanta-leagues/invite/${fl.inviteCode}/join`)).ok()).toBe(true);
  const me = (await (await page.request.get(api)).json()).fantaLeague.ownerUserId as string;
  const adminId = (
    (await (await page.request.get(api)).json()).fantaLeague.members as { userId: string }[]
  ).find((m) => m.userId !== me)!.userId;
  expect((await page.request.patch(api, { data: { order: [me, adminId] } })).ok()).toBe(true);
  expect((await page.request.post(`${api}/auction/start`)).ok()).toBe(true);
  const { players } = (await (await page.request.get(`${api}/players`)).json()) as {
    players: { id: string; name: string; team: string; role: string }[];
  };
  const of = (team: string) => players.filter((p) => p.team === team);
  const g2 = of('G2 Esports');
  const fnc = of('Fnatic');
  const otherTops = players.filter((p) => p.role === 'Top' && p.team !== 'G2 Esports' && p.team !== 'Fnatic');
  const pick = (list: typeof players, role: string) => list.find((p) => p.role === role)!;
  const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'];
  // mine: G2 (2 credits each, the default starters) and another team's Top (1 credit, on the bench)
  const buys: [string, string, number][] = [
    ...ROLES.map((r): [string, string, number] => [pick(g2, r).id, me, 2]),
    [otherTops[0]!.id, me, 1],
    ...ROLES.map((r): [string, string, number] => [pick(fnc, r).id, adminId, 2]),
    [otherTops[1]!.id, adminId, 1],
  ];
  for (const [playerId, userId, price] of buys) {
    const r = await page.request.post(`${api}/auction/assign`, { data: { playerId, userId, price } });
    expect(r.ok(), await r.text()).toBe(true);
  }

  // a week of its own with G2–Fnatic an hour ahead: the line-up is open until then
  const weekId = await weekOfItsOwn(admin, lec, 'E2E formazione');
  const schedule = (offsetMs: number) => addMatch(admin, weekId, 'G2 Esports', 'Fnatic', fromNow(offsetMs));
  const later = await schedule(3_600_000);

  // on the phone: the lock time, two taps swap the Tops (the bench's Top starts), G2's Mid is the captain
  await page.goto(`/leghe-fanta/${fl.id}/formazione?settimana=${weekId}`);
  await expect(page.getByText(/Si blocca/)).toBeVisible();
  const g2Top = pick(g2, 'Top');
  await page.getByRole('button', { name: new RegExp(`^${g2Top.name},.*titolare`) }).click();
  await page.getByRole('button', { name: new RegExp(`^${otherTops[0]!.name},.*panchina`) }).click();
  await expect(
    page.getByRole('button', { name: new RegExp(`^${otherTops[0]!.name},.*titolare`) }),
  ).toBeVisible();
  await page.getByRole('button', { name: `Capitano ${pick(g2, 'Mid').name}`, exact: true }).click();
  await page.getByRole('button', { name: 'Salva formazione' }).click();
  await expect(page.getByText('Formazione salvata').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  // the admin moves the match a few seconds ahead (a new one in its place): the line-up, saved before it starts,
  // counts for it; once it has started the admin saves it, and the page (left open) shows the week, the
  // substitute and the captain
  const matchId = await schedule(3_000);
  expect((await admin.request.delete(`/api/admin/matches/${later}`)).status()).toBe(200);
  await saveOneGame(admin, matchId, { winner: 'G2 Esports', loser: 'Fnatic', kills: () => 3 });
  await expect(page.getByText(`entra ${g2Top.name} per ${otherTops[0]!.name}`)).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByText(new RegExp(`^Capitano ×2 \\(${pick(g2, 'Mid').name}\\): \\+\\d`)),
  ).toBeVisible();

  // the table: my week counts, in the totals and in the head-to-head table (the round played)
  await page.goto(`/leghe-fanta/${fl.id}`);
  await expect(page.getByText('Punti: vince chi fa più punti (pareggio entro 0,1)')).toBeVisible();
  await page.getByRole('tab', { name: 'Classifica' }).click();
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3);
  const mine = (await (await page.request.get(`${api}/standings`)).json()) as {
    standings: { userId: string; totalPoints: number }[];
    h2h: { table: { userId: string; played: number }[] };
  };
  expect(mine.standings.find((s) => s.userId === me)!.totalPoints).toBeGreaterThan(0);
  expect(mine.h2h.table.find((r) => r.userId === me)!.played).toBe(1);
  // the auction's history on the phone: each entry keeps a readable width (its time goes under it)
  const entry = page.getByText(/ → .+ per \d/).first();
  expect((await entry.boundingBox())!.width).toBeGreaterThan(200);
  await admin.context().close();
});
