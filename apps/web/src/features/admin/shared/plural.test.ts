import { describe, expect, it } from 'vitest';
import { pluralIt } from './plural';

describe('pluralIt', () => {
  it('uses the singular for one only', () => {
    expect(pluralIt(1, 'campione', 'campioni')).toBe('1 campione');
    expect(pluralIt(0, 'campione', 'campioni')).toBe('0 campioni');
    expect(pluralIt(2, 'partecipante', 'partecipanti')).toBe('2 partecipanti');
  });
});
