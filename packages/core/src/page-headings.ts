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
