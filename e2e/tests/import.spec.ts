import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, login, selectLeague, unique } from './helpers.ts';

const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/test/fixtures/oracles-elixir-2026.csv',
);

test("an admin imports an Oracle's Elixir file through the page", async ({ page }) => {
  await login(page, DEMO_ADMIN);
  // a league of its own, so the demo leagues stay as the other specs expect them
  const name = unique('Import E2E ');
  const created = await page.request.post('/api/admin/leagues', {
    data: {
      name,
      type: 'LEC',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      teams: ['G2 Esports', 'Fnatic', 'GIANTX', 'Natus Vincere', 'Team Heretics', 'Karmine Corp'],
      phases: [{ name: 'Regular Season', teamCount: 6, startDate: '2026-01-01', endDate: '2026-12-31' }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  // reached from the dashboard
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Importa Dati Partite' }).click();
  await expect(page.getByRole('heading', { name: 'Importa Dati Partite', level: 1 })).toBeVisible();
  await selectLeague(page, name);
  await page.getByLabel('File CSV').setInputFiles(FIXTURE);

  // the file holds two leagues: the first preview asks which one, with their game counts
  await page.getByRole('button', { name: 'Anteprima' }).click();
  await expect(page.getByText(/Il file contiene più leghe/)).toBeVisible();
  await page.getByRole('combobox', { name: 'Campionato nel file' }).click();
  await page.getByRole('option', { name: 'LEC (15 game)' }).click();
  await page.getByRole('button', { name: 'Anteprima' }).click();

  // Rogue is not a team of the league: map it, preview again
  const unmatched = page.getByRole('region', { name: 'Squadre da associare' });
  await expect(unmatched).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importa', exact: true })).toBeDisabled();
  await unmatched.getByRole('combobox', { name: /Rogue/ }).click();
  await page.getByRole('option', { name: 'Natus Vincere', exact: true }).click();
  await unmatched.getByRole('button', { name: 'Anteprima' }).click();
  await expect(unmatched).toBeHidden();

  const series = page.getByRole('region', { name: 'Serie' });
  await expect(series.getByRole('row')).toHaveCount(9);
  await expect(series.getByRole('row').filter({ hasText: 'Fnatic vs Natus Vincere' })).toContainText('3-1');
  await expect(series.getByRole('row').filter({ hasText: 'Team Heretics vs G2 Esports' })).toContainText(
    'Serie incompleta',
  );
  await expect(page.getByRole('region', { name: 'Nuovi giocatori' })).toBeVisible();
  await expect(page.getByText(/Karmine Corp vs Fnatic game 1 .*dati mancanti/)).toBeVisible();

  await page.getByRole('button', { name: 'Importa', exact: true }).click();
  const summary = page.getByRole('region', { name: 'Riepilogo' });
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByText('Match creati').locator('xpath=..')).toContainText('7');
  // the toast, and the page's line about the league's last import (issue 16)
  await expect(page.getByText(/Importazione completata: 7 match creati/).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ultima importazione completata' })).toContainText(
    'Importazione completata: 7 match creati',
  );

  // the matches are on the weeks page, in the weeks the import created
  await page.getByRole('link', { name: 'Dashboard Admin' }).click();
  await page.getByRole('link', { name: 'Weeks Management' }).click();
  await selectLeague(page, name);
  await expect(page.getByText('Settimana 3').first()).toBeVisible();

  // the same file again: nothing changes
  await page.getByRole('link', { name: 'Importa Dati Partite' }).click();
  await page.getByLabel('File CSV').setInputFiles(FIXTURE);
  await page.getByRole('button', { name: 'Anteprima' }).click();
  await page.getByRole('combobox', { name: 'Campionato nel file' }).click();
  await page.getByRole('option', { name: 'LEC (15 game)' }).click();
  await page.getByRole('button', { name: 'Anteprima' }).click();
  await expect(series.getByRole('row').filter({ hasText: 'Invariata' })).toHaveCount(7);
});
