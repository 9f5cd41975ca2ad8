/**
 * Headings of participant pages that appear before the page's own code (issue 16): the server's shell
 * paints them for a signed-in visitor (apps/server/src/plugins/external/web-shell.ts) and the app draws
 * them while the page's code loads (apps/web/src/components/page-suspense.tsx).
 */
export interface PageHeading {
  title: string;
  description: string;
}

export const PAGE_HEADINGS = {
  market: { title: 'Mercato', description: 'Compra e vendi giocatori e campioni.' },
  leaderboard: {
    title: 'Classifica',
    description: 'Le classifiche di ogni lega e le ricompense settimanali.',
  },
} as const satisfies Record<string, PageHeading>;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The markup the app's PageHeader draws for a heading (apps/web/src/components/page-header.tsx; a test
 * there keeps the two the same), so nothing moves when the app replaces the shell's copy.
 */
export function pageHeadingHtml({ title, description }: PageHeading): string {
  return (
    '<header class="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">' +
    `<div class="space-y-1"><h1 class="font-bold text-2xl tracking-tight sm:text-3xl">${escapeHtml(title)}</h1>` +
    `<p class="text-muted-foreground">${escapeHtml(description)}</p></div></header>`
  );
}

/** The home page's welcome for a signed-in user (apps/web/src/features/home/components/welcome-dashboard.tsx). */
export const WELCOME = {
  greeting: 'Benvenuto',
  description: 'Gestisci le tue leghe, il tuo roster e segui la classifica.',
} as const;

/**
 * An e-mail cut into the parts it may wrap between: before each '@' and '.', never inside a word (the
 * welcome's EmailText and the shell's copy of it).
 */
export const emailParts = (email: string) => email.split(/(?=[@.])/);

/**
 * The markup of the home page's welcome section ("Benvenuto, {email}!" and its description), as the app's
 * WelcomeHeading draws it (a test there keeps the two the same): the shell paints it for a signed-in
 * visitor of `/`, where it is the largest thing on a phone's first screen.
 */
export function welcomeHeadingHtml(email: string): string {
  const parts = emailParts(`${email}!`)
    .map((part, i) => `<span>${i > 0 ? '<wbr>' : ''}${escapeHtml(part)}</span>`)
    .join('');
  return (
    '<section class="space-y-2"><h1 class="font-bold text-xl tracking-tight sm:text-3xl">' +
    `${WELCOME.greeting}, <span class="[overflow-wrap:anywhere]">${parts}</span></h1>` +
    `<p class="text-muted-foreground">${escapeHtml(WELCOME.description)}</p></section>`
  );
}
