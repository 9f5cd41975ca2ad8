import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { admin, jsonResponse, mockFetch, renderWithProviders } from '@/test/utils';
import { CreateWeekForm, nextFreeWeekNumber } from './create-week-form';

describe('create-week form: the proposed week number', () => {
  it('is one after the highest week of the league, as read from the server', async () => {
    mockFetch(() =>
      jsonResponse(200, {
        weeks: [1, 2, 5].map((n) => ({ id: `w-${n}`, weekNumber: n, name: `W${n}`, matches: [] })),
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<CreateWeekForm leagueId="l-1" />, { user: admin });
    const number = screen.getByLabelText('Numero');
    expect(await screen.findByDisplayValue('6')).toBe(number);
    expect(screen.getByLabelText('Nome')).toHaveAttribute('placeholder', 'Settimana 6');
    await user.clear(number);
    await user.type(number, '3');
    expect(number).toHaveValue(3);
  });

  it('proposes 1 for a league without weeks', () => {
    expect(nextFreeWeekNumber([])).toBe(1);
    expect(nextFreeWeekNumber(undefined)).toBe(1);
    expect(nextFreeWeekNumber([{ weekNumber: 2 }, { weekNumber: 1 }])).toBe(3);
  });
});
