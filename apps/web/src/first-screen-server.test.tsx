import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { firstScreenHtml, STORED_ITEMS } from '@/lib/first-screen';
import { makeLeague, makeRoster } from '@/test/fixtures';
import { jsonResponse, mockFetch, participant, renderApp } from '@/test/utils';
import {
  type ApiAnswer,
  firstScreenMarkup,
  prepareFirstScreens,
  renderFirstScreen,
} from './first-screen-server';

const league = makeLeague({ joined: true });
const roster = makeRoster();

const PLAYERS = Array.from({ length: 20 }, (_, i) => ({
  id: `p-${i}`,
  name: `Giocatore ${i}`,
  team: i % 2 ? 'Fnatic' : 'G2 Esports',
  role: 'Mid',
  tier: 1 + (i % 5),
  cost: 1 + (i % 5),
  region: 'EU',
  imageUrl: null,
  performanceUrl: null,
  suggested: false,
}));

const entry = (position: number) => ({
  position,
  rosterId: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
  userId: `u-${position}`,
  username: `manager${position}`,
  totalPoints: 300 - position * 10.25,
  playerCount: 5,
  championCount: 3,
  pandaCoin: 2,
  burroCoin: 4,
  isMe: position === 2,
});
const ENTRIES = Array.from({ length: 20 }, (_, i) => entry(i + 1));
const TIERS = [
  { tier: 'Top 3', amount: 7, description: 'Dal 1° al 3° posto' },
  { tier: 'Bottom Half', amount: 3, description: 'Metà inferiore' },
];

/** The player's API as the server answers it (status and JSON body), by URL. */
function answer(url: string): { status: number; body: unknown } {
  const base = `/api/leagues/${league.id}`;
  if (url === '/api/leagues') return { status: 200, body: { leagues: [league] } };
  if (url === `${base}/my-roster`) return { status: 200, body: { roster } };
  if (url === `${base}/players`)
    return { status: 200, body: { players: PLAYERS, teams: ['Fnatic', 'G2 Esports'], currentPhase: null } };
  if (url === `/api/champions?leagueId=${league.id}`) return { status: 200, body: { champions: [] } };
  if (url === `${base}/deadline`) return { status: 200, body: { deadline: null } };
  if (url === `${base}/my-roster/captain`)
    return {
      status: 200,
      body: {
        captainPlayerId: null,
        viceCaptainPlayerId: null,
        weekId: null,
        weekNumber: null,
        weekName: null,
        locksAt: null,
        multiplier: 1,
        viceEnabled: false,
        current: null,
      },
    };
  if (url === '/api/private-leagues') return { status: 200, body: { privateLeagues: [] } };
  if (url === `${base}/leaderboard?limit=50`)
    return {
      status: 200,
      body: {
        league: { id: league.id, name: league.name, status: 'Active', marketOpen: true },
        participantCount: ENTRIES.length,
        entries: ENTRIES,
        nextCursor: null,
        me: ENTRIES[1],
        rewardTiers: TIERS,
      },
    };
  if (url === `${base}/my-rewards`) return { status: 200, body: { rewards: [], rewardTiers: TIERS } };
  return { status: 404, body: { code: 'NOT_FOUND', message: 'Pagina non trovata' } };
}

function serverGet(asked: string[] = [], override?: (url: string) => ApiAnswer | undefined) {
  return async (url: string): Promise<ApiAnswer> => {
    asked.push(url);
    const overridden = override?.(url);
    if (overridden) return overridden;
    const { status, body } = answer(url);
    return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) };
  };
}

const paint = (url: string, get = serverGet()) =>
  renderFirstScreen({ url, user: participant, get, deadline: Date.now() + 10_000 });

/**
 * HTML as the DOM serialises it, without React's comments, with its generated ids named alike, attributes in
 * one order and inline styles written one way. What only effects change, and never shows, is left out: the
 * tab list's roving tab stop and the tab panel's first-mount animation guard (Radix).
 */
function normalised(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  template.content.normalize();
  for (const element of template.content.querySelectorAll<HTMLElement>('*')) {
    element.style.removeProperty('animation-duration');
    if (element.getAttribute('role') === 'tablist') element.removeAttribute('tabindex');
    const attributes = [...element.attributes]
      .map(({ name, value }) => [name, name === 'style' ? element.style.cssText : value] as const)
      .filter(([name, value]) => !(name === 'style' && value === ''))
      .sort(([a], [b]) => a.localeCompare(b));
    for (const [name] of [...element.attributes].map((a) => [a.name]))
      element.removeAttribute(name as string);
    for (const [name, value] of attributes) element.setAttribute(name, value);
  }
  return template.innerHTML.replace(/_r_[0-9a-z]+_|«r[0-9a-z]+»/gi, 'ID');
}

/** The app's own render of `url` with the same answers, as a stored first screen keeps it. */
async function appFirstScreen(url: string, drawn: () => Promise<unknown>): Promise<string> {
  mockFetch((asked) => {
    const { status, body } = answer(asked);
    return jsonResponse(status, body);
  });
  const { container } = await renderApp({ user: participant, url });
  await drawn();
  // the parts that load after the entry (the top bar's menus, the toaster), as the server waits for them too
  await waitFor(() => {
    expect(screen.getByRole('button', { name: 'Tema' })).toBeEnabled();
    expect(screen.getByRole('button', { name: `Account di ${participant.username}` })).toBeEnabled();
    expect(container.querySelector('section[aria-label^="Notifiche"]')).not.toBeNull();
  });
  return firstScreenHtml(container);
}

describe('the server-painted first screen', () => {
  // as the server does at start-up: the pages' lazily loaded parts are in before the first request
  beforeAll(() => prepareFirstScreens(), 30_000);

  it("draws the market's top bar, heading and first cards from the player's answers", async () => {
    const asked: string[] = [];
    const html = await paint('/market', serverGet(asked));
    expect(html).not.toBeNull();
    expect(html).toContain('Mercato');
    expect(html?.match(/data-market-card/g)).toHaveLength(STORED_ITEMS);
    expect(html).toContain('Giocatore 0');
    expect(html).not.toContain('Giocatore 12');
    expect(html).not.toMatch(/<script/);
    // the page asked for its own data: the league list first, then the league's reads
    expect(asked[0]).toBe('/api/leagues');
    expect(asked).toContain(`/api/leagues/${league.id}/players`);
  });

  it("equals the app's own first render of the market for the same data", async () => {
    const html = await paint('/market');
    const app = await appFirstScreen('/market', () => screen.findByText('Giocatore 0'));
    expect(normalised(html ?? '')).toBe(normalised(app));
  });

  it("draws the leaderboard's first rows and equals the app's render", async () => {
    const html = await paint('/leaderboard');
    expect(html).toContain('manager1');
    expect(html).not.toContain('manager13');
    const app = await appFirstScreen('/leaderboard', () => screen.findByText('Sei al 2° posto su 20'));
    expect(normalised(html ?? '')).toBe(normalised(app));
  });

  it('paints nothing when a read fails, on other pages, or past the deadline', async () => {
    const failing = serverGet([], (url) =>
      url.endsWith('/players')
        ? { status: 500, contentType: 'application/json', body: '{"code":"X","message":"x"}' }
        : undefined,
    );
    expect(await paint('/market', failing)).toBeNull();
    expect(await paint('/roster')).toBeNull();
    const never = () => new Promise<ApiAnswer>(() => {});
    expect(
      await renderFirstScreen({ url: '/market', user: participant, get: never, deadline: Date.now() + 50 }),
    ).toBeNull();
  });

  it('keeps the first cards and rows of any list, as a stored screen does', () => {
    const cards = Array.from({ length: 15 }, (_, i) => `<li class="x" data-market-card="">c${i}</li>`).join(
      '',
    );
    const rows = Array.from({ length: 15 }, (_, i) => `<tr><td>r${i}</td></tr>`).join('');
    const html = `<ul>${cards}</ul><table><thead><tr><th>h</th></tr></thead><tbody>${rows}</tbody></table>`;
    const kept = firstScreenMarkup(html);
    const element = document.createElement('div');
    element.innerHTML = html;
    expect(kept).toBe(firstScreenHtml(element));
    expect(kept).toContain('c11');
    expect(kept).not.toContain('c12');
    expect(kept).toContain('<th>h</th>');
  });
});
