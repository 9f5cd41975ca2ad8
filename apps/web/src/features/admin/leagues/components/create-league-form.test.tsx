import { MESSAGES } from '@fantarift/core';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, jsonResponse, mockFetch, renderWithProviders, requestBody } from '@/test/utils';
import { CreateLeagueForm } from './create-league-form';

type User = ReturnType<typeof userEvent.setup>;

async function chooseType(user: User, type: string) {
  await user.click(screen.getByRole('combobox', { name: 'Tipo' }));
  await user.click(await screen.findByRole('option', { name: type }));
}

// Dates are set in one change (typing them key by key only slows the tests down).
const setValue = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillBasics(user: User) {
  await user.type(screen.getByLabelText('Nome'), 'LEC Summer 2027');
  setValue('Data di inizio', '2027-06-01');
  setValue('Data di fine', '2027-09-30');
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Crea Lega' }));
const errorText = () => screen.getByRole('alert').textContent;

const PHASE_DATES: [string, string, string][] = [
  ['Regular Season', '2027-06-01', '2027-07-31'],
  ['Playoffs', '2027-08-01', '2027-08-20'],
  ['Semifinals', '2027-08-21', '2027-09-05'],
  ['Finals', '2027-09-20', '2027-09-30'],
];

function fillPhaseDates() {
  for (const [name, start, end] of PHASE_DATES) {
    setValue(`Data di inizio di ${name}`, start);
    setValue(`Data di fine di ${name}`, end);
  }
}

describe('CreateLeagueForm', () => {
  it('checks the fields in the spec order with its messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateLeagueForm />, { user: admin });

    await submit(user);
    expect(errorText()).toBe(MESSAGES.leagues.fillRequiredFields);

    await fillBasics(user);
    await chooseType(user, 'LEC');
    await submit(user);
    expect(errorText()).toBe(MESSAGES.leagues.selectAtLeastOneTeam);

    await user.click(screen.getByLabelText('G2 Esports'));
    await submit(user);
    expect(errorText()).toBe(MESSAGES.leagues.atLeastTwoTeams);

    await user.click(screen.getByRole('button', { name: 'Seleziona tutti' }));
    await submit(user);
    expect(errorText()).toBe(MESSAGES.phases.datesRequired);

    fillPhaseDates();
    // Playoffs now ends after Semifinals start
    setValue('Data di fine di Playoffs', '2027-08-25');
    await submit(user);
    expect(errorText()).toBe(MESSAGES.leagues.phaseOverlap('Playoffs', 'Semifinals'));

    for (const name of ['Regular Season', 'Playoffs', 'Semifinals', 'Finals']) {
      await user.click(screen.getByRole('button', { name: `Rimuovi fase ${name}` }));
    }
    await submit(user);
    expect(errorText()).toBe(MESSAGES.leagues.addAtLeastOnePhase);
  }, 20_000);

  it('ignores blank and duplicate custom teams', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateLeagueForm />, { user: admin });
    await chooseType(user, 'LEC');
    const custom = screen.getByLabelText('Team personalizzato');
    const add = screen.getByRole('button', { name: 'Aggiungi' });
    await user.type(custom, '   ');
    await user.click(add);
    await user.type(custom, 'Rogue');
    await user.click(add);
    await user.type(custom, ' rogue ');
    await user.click(add);
    await user.click(screen.getByLabelText('Fnatic'));
    await user.type(custom, 'fnatic');
    await user.click(add);
    expect(screen.getByText('(2 selezionati)')).toBeInTheDocument();
    const customList = screen.getByRole('list', { name: 'Team personalizzati' });
    expect(
      within(customList)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rogue']);
  });

  it('clears teams and phases when the type changes, then proposes the new defaults', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateLeagueForm />, { user: admin });
    await chooseType(user, 'LEC');
    await user.click(screen.getByRole('button', { name: 'Seleziona tutti' }));
    expect(screen.getByText('(10 selezionati)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rimuovi fase Playoffs' }));
    expect(screen.queryByLabelText('Numero team di Playoffs')).not.toBeInTheDocument();

    await chooseType(user, 'MSI');
    expect(screen.getByText('(0 selezionati)')).toBeInTheDocument();
    expect(screen.queryByLabelText('G2 Esports')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Numero team di Regular Season')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Numero team di Play-in Stage')).toHaveValue(6);
    expect(screen.getByLabelText('Numero team di Bracket Stage')).toHaveValue(4);
    expect(screen.getByLabelText('Numero team di Finals')).toHaveValue(2);

    await chooseType(user, 'LCK');
    expect(screen.getByLabelText('T1')).not.toBeChecked();
    expect(screen.getByLabelText('Numero team di Playoffs')).toHaveValue(6);
  }, 20_000);

  it('falls back to 2 teams for a phase below the minimum', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateLeagueForm />, { user: admin });
    await chooseType(user, 'LEC');
    const count = screen.getByLabelText('Numero team di Finals');
    await user.clear(count);
    await user.type(count, '1');
    await user.tab();
    expect(count).toHaveValue(2);
  });

  it('creates the league with its phases in stage order and opens its page', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(() =>
      jsonResponse(201, { message: MESSAGES.leagues.created, league: { id: 'league-1' } }),
    );
    renderWithProviders(<CreateLeagueForm />, { user: admin, path: '/admin/leagues/new' });
    await fillBasics(user);
    await chooseType(user, 'LEC');
    await user.click(screen.getByRole('button', { name: 'Seleziona tutti' }));
    fillPhaseDates();
    await submit(user);

    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/leagues/league-1');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/admin/leagues');
    const body = requestBody(fetchMock) as { teams: string[]; phases: { name: string; teamCount: number }[] };
    expect(body.teams).toHaveLength(10);
    expect(body.phases.map((p) => [p.name, p.teamCount])).toEqual([
      ['Regular Season', 10],
      ['Playoffs', 6],
      ['Semifinals', 4],
      ['Finals', 2],
    ]);
  }, 20_000);

  it('assigns teams to a phase while creating the league (at most its team count)', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(() =>
      jsonResponse(201, { message: MESSAGES.leagues.created, league: { id: 'league-2' } }),
    );
    renderWithProviders(<CreateLeagueForm />, { user: admin, path: '/admin/leagues/new' });
    await fillBasics(user);
    await chooseType(user, 'LEC');
    await user.click(screen.getByRole('button', { name: 'Seleziona tutti' }));
    fillPhaseDates();
    const finalsItem = screen.getByText('Finals', { selector: 'li p' }).closest('li')!;
    await user.click(within(finalsItem).getByRole('button', { name: /Team partecipanti \(0\/2\)/ }));
    const finals = screen.getByRole('group', { name: 'Team partecipanti a Finals' });
    await user.click(within(finals).getByLabelText('G2 Esports'));
    await user.click(within(finals).getByLabelText('Fnatic'));
    // Finals holds 2 teams: a third cannot be ticked
    expect(within(finals).getByLabelText('Team Heretics')).toBeDisabled();
    await submit(user);
    await screen.findByTestId('location');
    const body = requestBody(fetchMock) as { phases: { name: string; participatingTeams: string[] }[] };
    expect(body.phases.find((p) => p.name === 'Finals')?.participatingTeams).toEqual([
      'G2 Esports',
      'Fnatic',
    ]);
    expect(body.phases.find((p) => p.name === 'Playoffs')?.participatingTeams).toEqual([]);
  }, 20_000);
});
