import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhaseTeamSelector } from './phase-team-selector';

const TEAMS = ['G2 Esports', 'Fnatic', 'Karmine Corp', 'Team BDS', 'GIANTX'];

describe('PhaseTeamSelector', () => {
  it('stops at the phase team count and saves the chosen teams', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<PhaseTeamSelector phaseName="Finals" teams={TEAMS} teamCount={2} initial={[]} onSave={onSave} />);

    await user.click(screen.getByLabelText('Fnatic'));
    expect(screen.getByLabelText('G2 Esports')).toBeEnabled();
    await user.click(screen.getByLabelText('G2 Esports'));
    expect(screen.getByText('2/2')).toBeInTheDocument();

    // the rest are locked until one is unticked
    for (const team of ['Karmine Corp', 'Team BDS', 'GIANTX']) {
      expect(screen.getByLabelText(team)).toBeDisabled();
    }
    await user.click(screen.getByLabelText('GIANTX'));
    expect(screen.getByLabelText('GIANTX')).not.toBeChecked();

    await user.click(screen.getByLabelText('Fnatic'));
    expect(screen.getByLabelText('GIANTX')).toBeEnabled();
    await user.click(screen.getByLabelText('GIANTX'));

    await user.click(screen.getByRole('button', { name: 'Salva team' }));
    expect(onSave).toHaveBeenCalledWith(['G2 Esports', 'GIANTX']);
  });

  it('starts from the saved teams, cut to the team count', () => {
    render(
      <PhaseTeamSelector
        phaseName="Semifinals"
        teams={TEAMS}
        teamCount={2}
        initial={['Fnatic', 'Team BDS', 'GIANTX']}
        onSave={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Fnatic')).toBeChecked();
    expect(screen.getByLabelText('Team BDS')).toBeChecked();
    expect(screen.getByLabelText('GIANTX')).not.toBeChecked();
    expect(screen.getByLabelText('GIANTX')).toBeDisabled();
  });
});
