/**
 * Leghe Fanta (issue 31): a league among friends whose squads are drafted by a live auction, each pro player
 * owned by at most one manager of the league. These are the pure rules: the server applies them inside its
 * conditional statements (the same numbers, computed in SQL where a race could change them), the web uses
 * them to show what a manager may still bid.
 */
import { z } from 'zod';
import { ROLES, type Role } from './economy.ts';
import { PrivateLeagueNameSchema } from './private-leagues.ts';

export const FANTA_LIMITS = {
  minMembers: 2,
  maxMembers: 16,
  budgetDefault: 500,
  budgetMin: 10,
  budgetMax: 10_000,
  quotaDefault: 2,
  /** per role; 0 leaves a role out of the squad */
  quotaMax: 5,
  bidSecondsDefault: 15,
  bidSecondsMin: 5,
  bidSecondsMax: 60,
  /** the highest bid anyone can type (the budget's maximum) */
  bidMax: 10_000,
} as const;

export type FantaSquad = Record<Role, number>;

export const DEFAULT_FANTA_SQUAD: FantaSquad = {
  Top: FANTA_LIMITS.quotaDefault,
  Jungle: FANTA_LIMITS.quotaDefault,
  Mid: FANTA_LIMITS.quotaDefault,
  ADC: FANTA_LIMITS.quotaDefault,
  Support: FANTA_LIMITS.quotaDefault,
};

export const FANTA_MESSAGES = {
  title: 'Leghe Fanta',
  notFound: 'Lega Fanta non trovata',
  inviteInvalid: 'Codice invito non valido: chiedi un nuovo link a chi ti ha invitato',
  alreadyMember: 'Fai già parte di questa Lega Fanta',
  full: `Questa Lega Fanta è al completo (al massimo ${FANTA_LIMITS.maxMembers} manager)`,
  joinClosed: "L'asta è già iniziata: non si entra più in questa Lega Fanta",
  tooManyOwned: 'Puoi creare al massimo 10 Leghe Fanta',
  notOwner: 'Solo il banditore (chi ha creato la lega) può farlo',
  settingsLocked: "Le impostazioni non si cambiano più dopo l'inizio dell'asta",
  alreadyStarted: "L'asta è già iniziata",
  tooFewMembers: `Servono almeno ${FANTA_LIMITS.minMembers} manager per iniziare l'asta`,
  squadEmpty: 'La rosa deve avere almeno un giocatore',
  squadTooBig: (role: string, need: number, pool: number) =>
    `Ruolo ${role}: servono ${need} giocatori ma la lega ufficiale ne ha ${pool}. Riduci la rosa o i manager.`,
  budgetTooSmall: 'Il budget deve bastare per almeno 1 credito a giocatore della rosa',
  orderInvalid: "L'ordine di chiamata deve elencare ogni manager una volta",
  notRunning: "L'asta non è in corso",
  paused: "L'asta è in pausa",
  ended: "L'asta è finita",
  notPaused: "L'asta non è in pausa",
  lotOpen: 'C’è già un giocatore all’asta',
  noLot: 'Nessun giocatore all’asta',
  notYourTurn: 'Non è il tuo turno di chiamata',
  playerNotInPool: 'Questo giocatore non è della lega ufficiale',
  playerOwned: 'Questo giocatore ha già un proprietario in questa lega',
  wrongLot: 'Questo giocatore non è quello all’asta',
  bidTooLow: (current: number) => `L’offerta deve superare quella attuale (${current} crediti)`,
  bidOverMax: (max: number) =>
    `Offerta troppo alta: puoi offrire al massimo ${max} crediti (ti serve almeno 1 credito per ogni posto ancora da riempire)`,
  bidRace: 'Altre offerte sono arrivate insieme alla tua: guarda l’offerta attuale e riprova',
  roleFull: (role: string) => `Hai già tutti i giocatori del ruolo ${role}`,
  clockOver: 'Tempo scaduto: l’asta per questo giocatore è chiusa',
  notMember: 'Non fai parte di questa Lega Fanta',
  managerNotMember: 'Questo utente non fa parte della Lega Fanta',
  nothingToUndo: 'Nessuna assegnazione da annullare',
  notOwned: 'Questo giocatore non è nella tua rosa',
  releaseDuringAuction: "Puoi svincolare un giocatore solo quando l'asta non è in corso",
  repairNotAllowed: "L'asta di riparazione si apre solo dopo la fine dell'asta",
  squadsFull: 'Tutte le rose sono complete: nessun posto da riempire',
  repairDuringMatches: "L'asta di riparazione si apre tra una settimana e l'altra, non durante le partite",
  created: 'Lega Fanta creata',
  joined: 'Sei entrato nella Lega Fanta',
  started: "L'asta è iniziata",
  bidAccepted: 'Offerta accettata',
  nominated: 'Giocatore chiamato',
  pausedNow: 'Asta in pausa',
  resumed: 'Asta ripresa',
  skipped: 'Turno saltato',
  endedNow: 'Asta chiusa',
  repairOpened: 'Asta di riparazione aperta',
  assigned: 'Giocatore assegnato',
  undone: 'Assegnazione annullata',
  releasedFor: (refund: number) => `Giocatore svincolato: ${refund} crediti restituiti`,
} as const;

export const FantaSquadSchema = z.object({
  Top: z.number().int().min(0).max(FANTA_LIMITS.quotaMax),
  Jungle: z.number().int().min(0).max(FANTA_LIMITS.quotaMax),
  Mid: z.number().int().min(0).max(FANTA_LIMITS.quotaMax),
  ADC: z.number().int().min(0).max(FANTA_LIMITS.quotaMax),
  Support: z.number().int().min(0).max(FANTA_LIMITS.quotaMax),
});

export const FantaNameSchema = PrivateLeagueNameSchema;
export const FantaBudgetSchema = z.number().int().min(FANTA_LIMITS.budgetMin).max(FANTA_LIMITS.budgetMax);
export const FantaBidSecondsSchema = z
  .number()
  .int()
  .min(FANTA_LIMITS.bidSecondsMin)
  .max(FANTA_LIMITS.bidSecondsMax);
export const FantaBidSchema = z.number().int().min(1).max(FANTA_LIMITS.bidMax);

export const squadSize = (squad: FantaSquad): number => ROLES.reduce((n, role) => n + squad[role], 0);

/** What a manager holds: credits and, per role, the players he already owns. */
export interface ManagerState {
  credits: number;
  owned: Record<Role, number>;
}

/** Slots still to fill in the whole squad. */
export function slotsLeft(squad: FantaSquad, owned: Record<Role, number>): number {
  return ROLES.reduce((n, role) => n + Math.max(0, squad[role] - owned[role]), 0);
}

/**
 * The most a manager may bid for a player: his credits less 1 for each slot still to fill after this one,
 * so that he can always complete his squad at 1 credit a player. Never below 0.
 */
export function maxBid(squad: FantaSquad, manager: ManagerState): number {
  const left = slotsLeft(squad, manager.owned);
  if (left === 0) return 0;
  return Math.max(0, manager.credits - (left - 1));
}

export type BidRefusal =
  | { code: 'ROLE_FULL'; message: string }
  | { code: 'BID_TOO_LOW'; message: string }
  | { code: 'BID_OVER_MAX'; message: string; max: number };

/**
 * Whether a manager may bid `bid` for a player of `role` when the lot stands at `currentBid` (0 when he
 * opens it: any bid ≥ 1 passes that check). The first refusal found, in the order a manager reads them.
 */
export function checkBid(
  squad: FantaSquad,
  manager: ManagerState,
  p: { role: Role; bid: number; currentBid: number },
): BidRefusal | null {
  if (manager.owned[p.role] >= squad[p.role])
    return { code: 'ROLE_FULL', message: FANTA_MESSAGES.roleFull(p.role) };
  if (!(p.bid > p.currentBid))
    return { code: 'BID_TOO_LOW', message: FANTA_MESSAGES.bidTooLow(p.currentBid) };
  const max = maxBid(squad, manager);
  if (p.bid > max) return { code: 'BID_OVER_MAX', message: FANTA_MESSAGES.bidOverMax(max), max };
  return null;
}

/** A released player gives back half his price, rounded down. */
export const releaseRefund = (price: number): number => Math.floor(price / 2);

/** The roles whose pool cannot give every manager his quota: managers × quota > players of the role. */
export function squadShortfalls(
  squad: FantaSquad,
  pool: Record<Role, number>,
  managers: number,
): { role: Role; need: number; pool: number }[] {
  return ROLES.filter((role) => managers * squad[role] > pool[role]).map((role) => ({
    role,
    need: managers * squad[role],
    pool: pool[role],
  }));
}

/**
 * The largest squad that fits the pool for `managers` managers: per role the most players each can get
 * (pool ÷ managers, rounded down), capped at the quota's maximum.
 */
export function largestFittingSquad(pool: Record<Role, number>, managers: number): FantaSquad {
  const each = (role: Role) =>
    Math.min(FANTA_LIMITS.quotaMax, Math.floor(pool[role] / Math.max(1, managers)));
  return {
    Top: each('Top'),
    Jungle: each('Jungle'),
    Mid: each('Mid'),
    ADC: each('ADC'),
    Support: each('Support'),
  };
}

/** The most managers a squad allows with this pool (0 when a role's quota alone exceeds it). */
export function maxManagersFor(squad: FantaSquad, pool: Record<Role, number>): number {
  let most: number = FANTA_LIMITS.maxMembers;
  for (const role of ROLES) if (squad[role] > 0) most = Math.min(most, Math.floor(pool[role] / squad[role]));
  return most;
}

/**
 * The next manager to nominate after `current` in the call order: the first one, going round, who still
 * has a slot to fill; null when every squad is full.
 */
export function nextTurn<T extends { userId: string; full: boolean }>(
  order: T[],
  current: string | null,
): string | null {
  if (order.length === 0) return null;
  const at = current === null ? -1 : order.findIndex((m) => m.userId === current);
  for (let step = 1; step <= order.length; step++) {
    const m = order[(at + step + order.length) % order.length]!;
    if (!m.full) return m.userId;
  }
  return null;
}
