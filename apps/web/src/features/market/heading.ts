/**
 * The market's heading. The router draws it while the page's code loads (app/router.tsx), so a phone
 * sees the page's title and description as soon as the entry runs, not after the page's own chunks.
 */
export const MARKET_HEADING = {
  title: 'Mercato',
  description: 'Compra e vendi giocatori e campioni.',
} as const;
