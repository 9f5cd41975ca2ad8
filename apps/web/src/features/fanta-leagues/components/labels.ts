import type { FantaAuction } from '@/api/fanta-leagues';

export const STATUS_LABEL: Record<FantaAuction['status'], string> = {
  setup: 'In preparazione',
  running: 'Asta in corso',
  paused: 'Asta in pausa',
  ended: 'Asta finita',
};

export const HISTORY_LABEL = { assign: 'Assegnato', undo: 'Annullato', release: 'Svincolato' } as const;
