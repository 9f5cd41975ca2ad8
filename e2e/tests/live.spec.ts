import { expect, test } from '@playwright/test';
import {
  addMatch,
  DEMO_ADMIN,
  DEMO_PLAYER,
  fromNow,
  leagueId,
  login,
  loginInNewContext,
  selectLeague,
  weekOfItsOwn,
} from './helpers.ts';

const LEC = 'LEC Versus 2026';
const DEMO_PLAYER_USERNAME = 'PandaMaster';

test('the leaderboard changes live when an admin saves statistics in another browser', async ({
  page,
  browser,
}) => {
  await login(page, DEMO_PLAYER);
  const lec = await leagueId(page, LEC);
  const mine = (await (await page.request.get(`/api/leagues/${lec}/my-roster`)).json()) as {
    roster: { players: { id: string; team: string }[] };
  };
  const held = mine.roster.players[0]!;
  const opponent = held.team === 'G2 Esports' ? 'Fnatic' : 'G2 Esports';

  // the admin, in a browser of their own, schedules a match three hours ahead and one starting now
  const admin = await loginInNewContext(browser, DEMO_ADMIN);
  const weekId = await weekOfItsOwn(admin, lec, 'E2E live');
  await addMatch(admin, weekId, opponent, held.team, fromNow(3 * 3600_000));
  const matchId = await addMatch(admin, weekId, held.team, opponent, new Date());

  // roster: the countdown to the next deadline, with what it means
  await page.goto('/roster');
  await selectLeague(page, LEC);
  const deadline = page.getByRole('region', { name: 'Prossima scadenza' });
  await expect(deadline).toContainText(/Prossima scadenza: .+ — tra \d/);
  await expect(deadline).toContainText(
    /Dopo l'inizio della partita i nuovi acquisti non prendono i suoi punti\.|Durante il blocco/,
  );

  // the participant looks at the leaderboard and does not reload it
  await page.goto('/leaderboard');
  await selectLeague(page, LEC);
  const myRow = page.getByRole('table', { name: 'Classifica' }).getByRole('row').filter({
    hasText: DEMO_PLAYER_USERNAME,
  });
  const pointsCell = myRow.getByRole('cell').nth(2);
  const before = parsePoints(await pointsCell.textContent());
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });

  // the admin saves the match: the held player won it with 5 kills
  const editor = (await (await admin.request.get(`/api/admin/matches/${matchId}/statistics`)).json()) as {
    players: { id: string }[];
  };
  const save = await admin.request.put(`/api/admin/matches/${matchId}/statistics`, {
    data: {
      gamesPlayed: 1,
      winner: held.team,
      games: [
        {
          gameNumber: 1,
          winner: held.team,
          players: editor.players.map((p) => ({
            playerId: p.id,
            kills: p.id === held.id ? 5 : 0,
            deaths: 0,
            assists: p.id === held.id ? 4 : 0,
            cs: 0,
          })),
          objectives: [],
        },
      ],
    },
  });
  expect(save.status(), await save.text()).toBe(200);

  // within 2 seconds of the save, without a reload
  await expect
    .poll(async () => parsePoints(await pointsCell.textContent()), { timeout: 2000, intervals: [100] })
    .toBeGreaterThan(before);
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  await admin.context().close();
});

/** "12,5" → 12.5 */
function parsePoints(text: string | null): number {
  const match = /-?\d+(?:\.\d{3})*(?:,\d+)?/.exec(text ?? '');
  if (!match) throw new Error(`No points in "${text}"`);
  return Number(match[0].replace(/\./g, '').replace(',', '.'));
}
