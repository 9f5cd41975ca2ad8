import { NOTIFICATION_KINDS, type NotificationKind } from '@fantarift/core';

/** What a notification says: the push's title and body, the e-mail's subject and text, and where it leads. */
export interface RenderedNotification {
  title: string;
  body: string;
  /** a path of the app */
  url: string;
}

/** The facts a kind's message is written from (kept on the notification row as its payload). */
export interface NotificationPayloads {
  market_block_2h: { leagueId: string; leagueName: string; at: string; timezone: string };
  week_lock_24h: WeekLockPayload;
  week_lock_1h: WeekLockPayload;
  weekly_reward: {
    leagueId: string;
    leagueName: string;
    weekNumber: number;
    amount: number;
    position: number;
  };
  // the kinds below are written by their features' hooks (docs/notifications.md)
  auction_start_1h: { legaName: string; at: string; url: string };
  auction_turn: { legaName: string; url: string };
  h2h_result: {
    leagueName: string;
    roundName: string;
    outcome: 'win' | 'draw' | 'loss';
    score: string;
    url: string;
  };
}

export type MissingThing = 'roster' | 'captain' | 'lineup';

interface WeekLockPayload {
  leagueId: string;
  leagueName: string;
  weekName: string;
  at: string;
  missing: MissingThing[];
}

const MISSING_TEXT: Record<MissingThing, string> = {
  roster: 'il roster non è completo',
  captain: 'non hai scelto il capitano',
  lineup: 'manca la formazione della Lega Fanta',
};

const OUTCOME_TEXT = { win: 'Vittoria', draw: 'Pareggio', loss: 'Sconfitta' } as const;

/** "lunedì 12 gennaio, 17:00" in the given zone (the league's for its market window, Rome otherwise). */
export function formatWhen(iso: string, timezone = 'Europe/Rome'): string {
  return formatterFor(timezone).format(new Date(iso));
}

// a formatter per zone, made once: making one costs more than the rest of a message (a batch has thousands)
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('it-IT', {
      timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const league = (path: string, leagueId: string) => `${path}?${new URLSearchParams({ league: leagueId })}`;

export function renderNotification(kind: NotificationKind, payload: unknown): RenderedNotification {
  switch (kind) {
    case 'market_block_2h': {
      const p = payload as NotificationPayloads['market_block_2h'];
      return {
        title: `${p.leagueName}: mercato bloccato tra 2 ore`,
        body: `Il blocco automatico del mercato inizia ${formatWhen(p.at, p.timezone)} (${p.timezone}). Ultime compravendite prima della chiusura.`,
        url: league('/market', p.leagueId),
      };
    }
    case 'week_lock_24h':
    case 'week_lock_1h': {
      const p = payload as WeekLockPayload;
      const within = kind === 'week_lock_24h' ? '24 ore' : '1 ora';
      return {
        title: `${p.leagueName}: ${p.weekName} si blocca tra ${within}`,
        body: `La settimana si blocca ${formatWhen(p.at)} e ${p.missing.map((m) => MISSING_TEXT[m]).join(', ')}.`,
        url: league('/roster', p.leagueId),
      };
    }
    case 'weekly_reward': {
      const p = payload as NotificationPayloads['weekly_reward'];
      return {
        title: `${p.leagueName}: premio della settimana ${p.weekNumber}`,
        body: `Hai ricevuto ${p.amount} Burro Coin (${p.position}° posto).`,
        url: league('/leaderboard', p.leagueId),
      };
    }
    case 'auction_start_1h': {
      const p = payload as NotificationPayloads['auction_start_1h'];
      return {
        title: `${p.legaName}: l’asta inizia tra 1 ora`,
        body: `L’asta inizia ${formatWhen(p.at)}.`,
        url: p.url,
      };
    }
    case 'auction_turn': {
      const p = payload as NotificationPayloads['auction_turn'];
      return { title: `${p.legaName}: tocca a te`, body: 'È il tuo turno di chiamare all’asta.', url: p.url };
    }
    case 'h2h_result': {
      const p = payload as NotificationPayloads['h2h_result'];
      return {
        title: `${p.leagueName}: ${p.roundName}`,
        body: `${OUTCOME_TEXT[p.outcome]} ${p.score}.`,
        url: p.url,
      };
    }
  }
}

/** The e-mail's text: the message, its link, and why it came with how to stop it. */
export function emailText(
  kind: NotificationKind,
  message: RenderedNotification,
  appUrl: string,
  unsubscribeUrl: string,
) {
  return `${message.body}\n\nApri FantaRift: ${appUrl}${message.url}\n\n—\nRicevi questa e-mail perché hai attivato «${NOTIFICATION_KINDS[kind].label}» nelle Notifiche.\nPer non riceverla più: ${unsubscribeUrl}\n`;
}
