import { DEFAULT_SCORING_RULES } from '@fantarift/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { searchKey } from './champion-combobox';
import { MatchStatsEditor } from './match-stats-editor';
import { matchStatistics } from './test-fixtures';

const data = matchStatistics(1);

const CHAMPIONS = [
  { id: 'c-1', name: "Kai'Sa", tier: 3 },
  { id: 'c-2', name: 'Nidalee', tier: 2 },
  { id: 'c-3', name: 'Kalista', tier: 4 },
  { id: 'c-4', name: 'Renata Glasc', tier: 1 },
];

function renderEditor() {
  const onSave = vi.fn();
  render(
    <MatchStatsEditor
      data={data}
      rules={DEFAULT_SCORING_RULES}
      champions={CHAMPIONS}
      saving={false}
      onSave={onSave}
    />,
  );
  return { onSave, user: userEvent.setup() };
}

describe('champion picker: a searchable combobox', () => {
  it('ignores case, accents and punctuation when matching', () => {
    expect(searchKey("Kai'Sa")).toBe(searchKey('kaisa'));
    expect(searchKey('Renata Glasc')).toBe('renataglasc');
    expect(searchKey('Nidalée')).toBe('nidalee');
  });

  it('filters as you type and picks with the keyboard', { timeout: 20_000 }, async () => {
    const { user, onSave } = renderEditor();
    await user.click(
      within(screen.getByRole('group', { name: 'Vincitore game 1' })).getByRole('radio', { name: 'G2' }),
    );
    await user.click(screen.getByRole('tab', { name: 'Player Statistics' }));
    const box = screen.getByRole('combobox', { name: 'Campione di GADC' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.type(box, 'KAI SA');
    const list = screen.getByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Kai\u2019Sa (T3)'.replace('\u2019', "'")]);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue("Kai'Sa (T3)");
    expect(box).toHaveAttribute('aria-expanded', 'false');

    // "AL" is inside Nidalee and Kalista: both stay, the rest goes
    const top = screen.getByRole('combobox', { name: 'Campione di GTop' });
    await user.click(top);
    await user.type(top, 'AL');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nidalee (T2)', 'Kalista (T4)']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(top).toHaveValue('Kalista (T4)');

    await user.click(screen.getByRole('button', { name: 'Salva' }));
    const body = onSave.mock.calls[0]![0];
    const champion = (id: string) =>
      body.games[0].players.find((p: { playerId: string }) => p.playerId === id).championId;
    expect(champion('g-3')).toBe('c-1');
    expect(champion('g-0')).toBe('c-3');
  });
});

describe('kills against deaths (a warning, not a block)', () => {
  it("warns while a team's kills differ from the opponents' deaths, and still saves", {
    timeout: 20_000,
  }, async () => {
    const { user, onSave } = renderEditor();
    await user.click(
      within(screen.getByRole('group', { name: 'Vincitore game 1' })).getByRole('radio', { name: 'G2' }),
    );
    await user.click(screen.getByRole('tab', { name: 'Player Statistics' }));
    expect(screen.queryByText(/non corrispondono/)).not.toBeInTheDocument();

    await user.type(screen.getByRole('spinbutton', { name: 'Kills GMid' }), '3');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Le uccisioni di G2 (3) non corrispondono alle morti di FNC (0)',
    );
    await user.type(screen.getByRole('spinbutton', { name: 'Deaths FMid' }), '2');
    await user.type(screen.getByRole('spinbutton', { name: 'Deaths FTop' }), '1');
    expect(screen.queryByText(/non corrispondono/)).not.toBeInTheDocument();

    await user.type(screen.getByRole('spinbutton', { name: 'Kills FTop' }), '1');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Le uccisioni di FNC (1) non corrispondono alle morti di G2 (0)',
    );
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
