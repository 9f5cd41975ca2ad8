import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_SCREEN_ID,
  FIRST_SCREEN_MAX_MS,
  firstScreenHtml,
  limitFirstScreen,
  STORED_ITEMS,
  showApp,
} from './first-screen';

/** The page as the service worker sends it to a returning player: the stored screen beside a hidden #root. */
function storedPage() {
  document.body.innerHTML = `<div id="${FIRST_SCREEN_ID}"><main><span data-testid="manager-name">Vecchio</span></main></div><div id="root" hidden></div>`;
}

describe('a returning player’s stored first screen', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('gives way to the app: removed, and #root shown', () => {
    storedPage();
    expect(showApp()).toBe(true);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
    // nothing stored: nothing to do
    expect(showApp()).toBe(false);
  });

  it('stays no longer than FIRST_SCREEN_MAX_MS when the page never says it is ready', () => {
    vi.useFakeTimers();
    storedPage();
    limitFirstScreen();
    vi.advanceTimersByTime(FIRST_SCREEN_MAX_MS - 1);
    expect(document.getElementById(FIRST_SCREEN_ID)).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
  });

  it('gives way at the player’s first touch: it is only a picture', () => {
    storedPage();
    limitFirstScreen();
    document.getElementById(FIRST_SCREEN_ID)?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
  });

  it('stores a phone’s first screen of a long list: the first cards and rows, and everything around them', () => {
    const root = document.createElement('div');
    const cards = Array.from({ length: 30 }, (_, i) => `<li data-market-card>Carta ${i}</li>`).join('');
    const rows = Array.from({ length: 30 }, (_, i) => `<tr><td>Riga ${i}</td></tr>`).join('');
    root.innerHTML = `<h1>Mercato</h1><ul>${cards}</ul><table><tbody>${rows}</tbody></table>`;
    const stored = document.createElement('div');
    stored.innerHTML = firstScreenHtml(root);
    expect(stored.querySelectorAll('[data-market-card]')).toHaveLength(STORED_ITEMS);
    expect(stored.querySelectorAll('tbody > tr')).toHaveLength(STORED_ITEMS);
    expect(stored.querySelector('[data-market-card]')?.textContent).toBe('Carta 0');
    expect(stored.querySelector('h1')?.textContent).toBe('Mercato');
    // the page itself is untouched
    expect(root.querySelectorAll('[data-market-card]')).toHaveLength(30);
  });
});
