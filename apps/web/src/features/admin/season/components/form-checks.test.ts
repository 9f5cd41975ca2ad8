import { MESSAGES } from '@fantarift/core';
import { describe, expect, it } from 'vitest';
import { addMatchError } from './add-match-dialog';
import { createWeekError } from './create-week-form';

describe('create-week checks (admin spec §5)', () => {
  const ok = { leagueId: 'l-1', name: 'Settimana 1', startDate: '2026-01-10', endDate: '2026-01-17' };

  it('asks for the league, the name, both dates and start before end, in that order', () => {
    expect(createWeekError({ ...ok, leagueId: undefined, name: '' })).toBe(MESSAGES.weeks.selectLeagueFirst);
    expect(createWeekError({ ...ok, name: '   ' })).toBe(MESSAGES.weeks.nameRequired);
    expect(createWeekError({ ...ok, endDate: '' })).toBe(MESSAGES.weeks.datesRequired);
    expect(createWeekError({ ...ok, endDate: ok.startDate })).toBe(MESSAGES.weeks.startBeforeEnd);
    expect(createWeekError({ ...ok, endDate: '2026-01-01' })).toBe(MESSAGES.weeks.startBeforeEnd);
    expect(createWeekError(ok)).toBeNull();
  });
});

describe('add-match checks (admin spec §5)', () => {
  it('needs two different teams and a date', () => {
    expect(addMatchError({ team1: 'G2', team2: '', date: '' })).toBe('Please select both teams');
    expect(addMatchError({ team1: 'G2', team2: 'G2', date: '' })).toBe('Teams must be different');
    expect(addMatchError({ team1: 'G2', team2: 'FNC', date: '' })).toBe('Please select a date');
    expect(addMatchError({ team1: 'G2', team2: 'FNC', date: '2026-01-12T18:00' })).toBeNull();
  });
});
