/**
 * The notifications a player can choose (issue 33): each kind, its Italian label, and which channels are on
 * before the player chooses. Everything is off until turned on, except the auction's "tocca a te" push,
 * which is only ever sent while the player is in the auction room (its hook decides that).
 */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export interface NotificationKindInfo {
  label: string;
  description: string;
  defaults: Record<NotificationChannel, boolean>;
}

const OFF = { email: false, push: false } as const;

export const NOTIFICATION_KINDS = {
  market_block_2h: {
    label: 'Blocco del mercato tra 2 ore',
    description: 'Due ore prima del blocco automatico giornaliero del mercato di una tua lega.',
    defaults: OFF,
  },
  week_lock_24h: {
    label: 'Blocco della settimana tra 24 ore',
    description:
      'Un giorno prima del blocco della settimana, solo se manca qualcosa: roster incompleto, capitano o formazione.',
    defaults: OFF,
  },
  week_lock_1h: {
    label: 'Blocco della settimana tra 1 ora',
    description: 'Un’ora prima del blocco della settimana, solo se manca ancora qualcosa.',
    defaults: OFF,
  },
  auction_start_1h: {
    label: 'Asta della Lega Fanta tra 1 ora',
    description: 'Un’ora prima dell’inizio di un’asta della tua Lega Fanta.',
    defaults: OFF,
  },
  auction_turn: {
    label: '«Tocca a te» all’asta',
    description: 'Quando è il tuo turno di chiamare all’asta, mentre sei nella stanza.',
    defaults: { email: false, push: true },
  },
  h2h_result: {
    label: 'Risultato della giornata testa a testa',
    description: 'Il risultato della tua sfida quando la giornata testa a testa si chiude.',
    defaults: OFF,
  },
  weekly_reward: {
    label: 'Premio settimanale ricevuto',
    description: 'Quando ricevi i Burro Coin del premio settimanale.',
    defaults: OFF,
  },
} as const satisfies Record<string, NotificationKindInfo>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_VALUES = Object.keys(NOTIFICATION_KINDS) as [
  NotificationKind,
  ...NotificationKind[],
];

export interface NotificationPreference {
  kind: NotificationKind;
  email: boolean;
  push: boolean;
}

/** Every kind with the player's choice, or its default where the player has made none. */
export function withNotificationDefaults(
  chosen: readonly NotificationPreference[],
): NotificationPreference[] {
  const byKind = new Map(chosen.map((p) => [p.kind, p]));
  return NOTIFICATION_KIND_VALUES.map((kind) => {
    const p = byKind.get(kind);
    return p ? { kind, email: p.email, push: p.push } : { kind, ...NOTIFICATION_KINDS[kind].defaults };
  });
}
