import { describe, expect, it } from 'vitest';
import { diffRows } from './values-diff';

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
