import { describe, expect, it } from 'vitest';
import { diffRows, nameWords } from './values-diff';

describe('diffRows', () => {
  it('lines up old and new values by field and marks the changes', () => {
    expect(
      diffRows({ pandaCoin: 15, name: 'A', gone: true }, { pandaCoin: 20, name: 'A', phases: ['x'] }),
    ).toEqual([
      { key: 'pandaCoin', before: '15', after: '20', changed: true },
      { key: 'name', before: 'A', after: 'A', changed: false },
      { key: 'gone', before: 'true', after: null, changed: true },
      { key: 'phases', before: null, after: '["x"]', changed: true },
    ]);
  });

  it('shows a plain value as one row and nothing when both sides are empty', () => {
    expect(diffRows(null, 'aperto')).toEqual([
      { key: 'valore', before: null, after: 'aperto', changed: true },
    ]);
    expect(diffRows(null, null)).toEqual([]);
  });
});

describe('nameWords', () => {
  it('cuts a field name where a narrow column may wrap it: before a capital or an underscore', () => {
    expect(nameWords('rewardsDistributed')).toEqual(['rewards', 'Distributed']);
    expect(nameWords('thresholdBonus')).toEqual(['threshold', 'Bonus']);
    expect(nameWords('week_number')).toEqual(['week', '_number']);
    expect(nameWords('team2Id')).toEqual(['team2', 'Id']);
    expect(nameWords('id')).toEqual(['id']);
    expect(nameWords('ID')).toEqual(['ID']);
  });
});
