import { DEFAULT_SCORING_RULES } from '@fantarift/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MatchStatistics } from '../../api/types';
import { editorReducer, emptyPlayerRow, initialEditorState, toSaveBody } from './editor-state';
import { MatchStatsEditor } from './match-stats-editor';
import { matchStatistics } from './test-fixtures';

const statistics = matchStatistics;

function renderEditor(format: number, overrides: Partial<MatchStatistics> = {}) {
  const onSave = vi.fn();
  const data = statistics(format, overrides);
  render(
    <MatchStatsEditor
      data={data}
      rules={DEFAULT_SCORING_RULES}
      champions={[]}
      saving={false}
      onSave={onSave}
    />,
  );
  return { onSave, user: userEvent.setup() };
}

function radioLabels(groupName: RegExp) {
  const group = screen.getByRole('group', { name: groupName });
  return within(group)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);
}

describe('MatchStatsEditor: games played', () => {
  it.each([
    [1, ['1']],
    [3, ['2', '3']],
    [5, ['3', '4', '5']],
  ])('offers only the valid counts of a BO%i', (format, counts) => {
    renderEditor(format);
    expect(radioLabels(/games giocati/i)).toEqual(counts);
  });

  it('starts from the default games played and shows one winner choice per game', async () => {
    const { user } = renderEditor(5);
    const group = screen.getByRole('group', { name: /games giocati/i });
    expect(within(group).getByRole('radio', { name: '3' })).toBeChecked();
    expect(screen.getAllByRole('group', { name: /vincitore game/i })).toHaveLength(3);

    await user.click(within(group).getByRole('radio', { name: '5' }));
    expect(screen.getAllByRole('group', { name: /vincitore game/i })).toHaveLength(5);
  });

  it('ignores a stored count the format does not allow and refuses one in the reducer', () => {
    const data = statistics(3, {
      match: { ...statistics(3).match, gamesPlayed: 5 },
    });
    const state = initialEditorState(data);
    expect(state.gamesPlayed).toBe(2);
    expect(editorReducer(state, { type: 'setGamesPlayed', gamesPlayed: 1 }).gamesPlayed).toBe(2);
    expect(editorReducer(state, { type: 'setGamesPlayed', gamesPlayed: 4 }).gamesPlayed).toBe(2);
    expect(editorReducer(state, { type: 'setGamesPlayed', gamesPlayed: 3 }).gamesPlayed).toBe(3);
  });

  it('derives the series winner from the game winners and shows the perfect series badge', async () => {
    const { user } = renderEditor(3);
    for (const game of [1, 2]) {
      const group = screen.getByRole('group', { name: `Vincitore game ${game}` });
      await user.click(within(group).getByRole('radio', { name: 'FNC' }));
    }
    const series = screen.getByRole('group', { name: 'Vincitore della serie' });
    expect(within(series).getByRole('radio', { name: 'FNC' })).toBeChecked();
    expect(screen.getByText('Perfect Series Bonus')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('group', { name: /games giocati/i })).getByRole('radio', { name: '3' }),
    );
    expect(screen.queryByText('Perfect Series Bonus')).not.toBeInTheDocument();
  });

  it('never shows the perfect series badge for a BO1', async () => {
    const { user } = renderEditor(1);
    await user.click(
      within(screen.getByRole('group', { name: 'Vincitore game 1' })).getByRole('radio', { name: 'G2' }),
    );
    expect(
      within(screen.getByRole('group', { name: 'Vincitore della serie' })).getByRole('radio', { name: 'G2' }),
    ).toBeChecked();
    expect(screen.queryByText('Perfect Series Bonus')).not.toBeInTheDocument();
  });
});

describe('MatchStatsEditor: series MVP', () => {
  it('lists only the winning team and resets the pick when the winner changes', async () => {
    const { user } = renderEditor(1);
    await user.click(
      within(screen.getByRole('group', { name: 'Vincitore game 1' })).getByRole('radio', { name: 'G2' }),
    );

    await user.click(screen.getByRole('tab', { name: 'Series MVP' }));
    const mvp = () => screen.getByRole('group', { name: /series mvp/i });
    expect(within(mvp()).queryByRole('radio', { name: /FMid/ })).not.toBeInTheDocument();
    await user.click(within(mvp()).getByRole('radio', { name: /GMid/ }));
    expect(within(mvp()).getByRole('radio', { name: /GMid/ })).toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Serie Result' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Vincitore della serie' })).getByRole('radio', {
        name: 'FNC',
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'Series MVP' }));
    expect(within(mvp()).getByRole('radio', { name: 'Nessuno' })).toBeChecked();
    expect(within(mvp()).getByRole('radio', { name: /FMid/ })).toBeInTheDocument();
    expect(within(mvp()).queryByRole('radio', { name: /GMid/ })).not.toBeInTheDocument();
  });

  it('keeps the pick when the winner stays the same', () => {
    let state = initialEditorState(statistics(3));
    state = editorReducer(state, { type: 'setGameWinner', game: 1, winner: 'G2' });
    state = editorReducer(state, { type: 'setGameWinner', game: 2, winner: 'G2' });
    state = editorReducer(state, { type: 'setSeriesMvp', playerId: 'g-1' });
    expect(state.seriesMvpPlayerId).toBe('g-1');
    state = editorReducer(state, { type: 'setGamesPlayed', gamesPlayed: 3 });
    state = editorReducer(state, { type: 'setGameWinner', game: 3, winner: 'FNC' });
    expect(state.winner).toBe('G2');
    expect(state.seriesMvpPlayerId).toBe('g-1');
    // a player of the losing team cannot be picked at all
    expect(editorReducer(state, { type: 'setSeriesMvp', playerId: 'f-1' }).seriesMvpPlayerId).toBe('g-1');
  });

  it('drops a stored MVP who is not on the stored winner', () => {
    const base = statistics(1);
    const state = initialEditorState({
      ...base,
      match: { ...base.match, completed: true, gamesPlayed: 1, winner: 'G2' },
      seriesMvpPlayerId: 'f-2',
    });
    expect(state.seriesMvpPlayerId).toBeNull();
  });
});

describe('MatchStatsEditor: team objectives', () => {
  it.each([
    'Herald',
    'Athakan',
    'First Blood',
    'First Drake',
    'First Baron',
    'First Herald',
    'First Elder',
    'First Tower',
  ])('checking %s for one team clears it for the other', async (label) => {
    const { user } = renderEditor(1);
    await user.click(screen.getByRole('tab', { name: 'Team Objectives' }));
    const g2 = screen.getByRole('checkbox', { name: `${label} G2` });
    const fnc = screen.getByRole('checkbox', { name: `${label} FNC` });

    await user.click(g2);
    expect(g2).toBeChecked();
    await user.click(fnc);
    expect(fnc).toBeChecked();
    expect(g2).not.toBeChecked();
  });

  it('lets each team hold different firsts in the same game', async () => {
    const { user } = renderEditor(1);
    await user.click(screen.getByRole('tab', { name: 'Team Objectives' }));
    await user.click(screen.getByRole('checkbox', { name: 'First Blood G2' }));
    await user.click(screen.getByRole('checkbox', { name: 'First Drake FNC' }));
    expect(screen.getByRole('checkbox', { name: 'First Blood G2' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'First Drake FNC' })).toBeChecked();
  });

  it('clamps dragons to 4 and keeps the herald as 0/1', async () => {
    const { user, onSave } = renderEditor(1);
    await user.click(
      within(screen.getByRole('group', { name: 'Vincitore game 1' })).getByRole('radio', { name: 'G2' }),
    );
    await user.click(screen.getByRole('tab', { name: 'Team Objectives' }));
    const dragons = screen.getByRole('spinbutton', { name: 'Dragons G2' });
    await user.clear(dragons);
    await user.type(dragons, '7');
    expect(dragons).toHaveValue(4);
    await user.click(screen.getByRole('checkbox', { name: 'Herald G2' }));

    await user.click(screen.getByRole('button', { name: 'Salva' }));
    const body = onSave.mock.calls[0]?.[0];
    const g2 = body.games[0].objectives.find((o: { teamName: string }) => o.teamName === 'G2');
    expect(g2).toMatchObject({ dragons: 4, heralds: 1 });
  });

  it('keeps each game separate', () => {
    let state = initialEditorState(statistics(3));
    state = editorReducer(state, {
      type: 'setObjectiveFlag',
      game: 1,
      team: 'G2',
      field: 'athakan',
      value: true,
    });
    state = editorReducer(state, {
      type: 'setObjectiveFlag',
      game: 2,
      team: 'FNC',
      field: 'athakan',
      value: true,
    });
    expect(state.games[0]?.objectives.G2?.athakan).toBe(true);
    expect(state.games[1]?.objectives.FNC?.athakan).toBe(true);
    expect(state.games[1]?.objectives.G2?.athakan).toBe(false);
  });
});

describe('MatchStatsEditor: player statistics and save', () => {
  it('previews a player’s points live and sends every player with missing numbers as 0', async () => {
    const { user, onSave } = renderEditor(1);
    await user.click(
      within(screen.getByRole('group', { name: 'Vincitore game 1' })).getByRole('radio', { name: 'G2' }),
    );
    await user.click(screen.getByRole('tab', { name: 'Player Statistics' }));

    const card = screen.getByRole('article', { name: 'GMid' });
    // no deaths: zero deaths bonus 2, plus the perfect series bonus 3 of a won BO1
    expect(within(card).getByText('5,0 pt')).toBeInTheDocument();
    await user.type(within(card).getByRole('spinbutton', { name: 'Kills GMid' }), '3');
    await user.type(within(card).getByRole('spinbutton', { name: 'Deaths GMid' }), '1');
    await user.clear(within(card).getByRole('spinbutton', { name: 'Assists GMid' }));
    await user.click(within(card).getByRole('checkbox', { name: 'Game MVP GMid' }));
    // 3×2 − 0.5 + game MVP 3 + perfect series 3 = 11.5
    expect(within(card).getByText('11,5 pt')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const body = onSave.mock.calls[0]?.[0];
    expect(body).toMatchObject({ gamesPlayed: 1, winner: 'G2', seriesMvpPlayerId: null });
    expect(body.games).toHaveLength(1);
    expect(body.games[0].winner).toBe('G2');
    expect(body.games[0].players).toHaveLength(10);
    expect(body.games[0].players.find((p: { playerId: string }) => p.playerId === 'g-2')).toEqual({
      ...emptyPlayerRow(),
      playerId: 'g-2',
      kills: 3,
      deaths: 1,
      mvp: true,
    });
    expect(body.games[0].objectives.map((o: { teamName: string }) => o.teamName)).toEqual(['G2', 'FNC']);
  });

  it('does not save without a series winner', async () => {
    const { user, onSave } = renderEditor(3);
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('edits the game chosen in the Game Selector', async () => {
    const { user } = renderEditor(3);
    await user.click(screen.getByRole('tab', { name: 'Game Selector' }));
    await user.click(screen.getByRole('radio', { name: 'Game 2' }));
    await user.click(screen.getByRole('tab', { name: 'Player Statistics' }));
    expect(screen.getByText('Game 2 di 2')).toBeInTheDocument();
  });

  it('loads stored statistics and sends only games up to games played', () => {
    const base = statistics(3);
    const state = initialEditorState({
      ...base,
      match: { ...base.match, completed: true, gamesPlayed: 2, winner: 'FNC' },
      games: [
        { matchId: base.match.id, gameNumber: 1, winner: 'FNC' },
        { matchId: base.match.id, gameNumber: 2, winner: 'FNC' },
      ],
      stats: [
        {
          playerId: 'f-0',
          gameNumber: 2,
          championId: 'c-1',
          kills: 4,
          deaths: 0,
          assists: 2,
          cs: 250,
          doubleKills: 1,
          tripleKills: 0,
          quadraKills: 0,
          pentaKills: 0,
          jungleSteals: 0,
          mvp: true,
          points: '20.0',
          teamName: 'FNC',
        },
      ],
      objectives: [
        {
          gameNumber: 2,
          teamName: 'FNC',
          dragons: 3,
          barons: 1,
          elders: 0,
          heralds: 1,
          towers: 9,
          larvas: 3,
          firstBlood: true,
          firstDrake: false,
          firstBaron: true,
          firstHerald: false,
          firstElder: false,
          firstTower: true,
          athakan: false,
        },
      ],
      seriesMvpPlayerId: 'f-0',
    });
    expect(state).toMatchObject({ gamesPlayed: 2, winner: 'FNC', seriesMvpPlayerId: 'f-0' });
    const body = toSaveBody(state, base.players);
    expect(body.games.map((g) => g.gameNumber)).toEqual([1, 2]);
    expect(body.games[1]?.players.find((p) => p.playerId === 'f-0')).toMatchObject({
      kills: 4,
      championId: 'c-1',
      mvp: true,
    });
    expect(body.games[1]?.objectives.find((o) => o.teamName === 'FNC')).toMatchObject({
      heralds: 1,
      towers: 9,
    });
  });
});
