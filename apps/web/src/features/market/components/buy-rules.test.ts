import { marketStatus } from '@fantarift/core';
import { describe, expect, it } from 'vitest';
import { makeLeague } from '@/test/fixtures';
import { type BuyContext, buyBlockedReason, marketTabLabel } from './buy-rules';

const open = marketStatus(makeLeague(), new Date());
const base: BuyContext = {
  kind: 'player',
  status: open,
  cost: 3,
  owned: false,
  count: 0,
  balance: 15,
  rulesPending: false,
};

describe('buyBlockedReason (spec §5, §8)', () => {
  it('allows a purchase the server would accept', () => {
    expect(buyBlockedReason(base)).toBeNull();
    expect(buyBlockedReason({ ...base, balance: 3 })).toBeNull();
  });

  it('explains a blocked market first, players and champions apart', () => {
    const closed = marketStatus(makeLeague({ marketOpen: false }), new Date());
    expect(buyBlockedReason({ ...base, status: closed, balance: 0 })).toBe(
      'Il mercato per i giocatori è chiuso',
    );
    // Manual closure blocks players only (DECISIONS 8).
    expect(buyBlockedReason({ ...base, kind: 'champion', status: closed })).toBeNull();
    const completed = marketStatus(makeLeague({ status: 'Completed' }), new Date());
    expect(buyBlockedReason({ ...base, kind: 'champion', status: completed })).toBe(
      'La lega è terminata: il mercato è chiuso',
    );
  });

  it('asks for the rules before buying in a rules-required league not joined', () => {
    expect(buyBlockedReason({ ...base, rulesPending: true })).toBe(
      'Devi prima accettare il regolamento della lega',
    );
  });

  it('refuses items already owned, a full roster and a short balance', () => {
    expect(buyBlockedReason({ ...base, owned: true })).toBe('Hai già questo giocatore nel roster');
    expect(buyBlockedReason({ ...base, kind: 'champion', owned: true })).toBe(
      'Hai già questo campione nel roster',
    );
    expect(buyBlockedReason({ ...base, count: 5 })).toBe('Massimo 5 giocatori per roster');
    expect(buyBlockedReason({ ...base, kind: 'champion', count: 7 })).toBeNull();
    expect(buyBlockedReason({ ...base, kind: 'champion', count: 8 })).toBe('Puoi avere massimo 8 campioni');
    expect(buyBlockedReason({ ...base, balance: 2 })).toBe(
      'Non hai abbastanza Panda Coin per acquistare questo giocatore',
    );
    expect(buyBlockedReason({ ...base, kind: 'champion', balance: 2 })).toBe(
      'Non hai abbastanza Burro Coin per acquistare questo campione',
    );
  });

  it('marks a blocked tab', () => {
    expect(marketTabLabel('Giocatori', true)).toBe('Giocatori (Bloccato)');
    expect(marketTabLabel('Campioni', false)).toBe('Campioni');
  });
});
