/**
 * Leghe Fanta, the season (issue 32): each week a manager fields one starter per role from his squad and
 * orders the rest as the bench; once the week's last match is completed, a starter who played no counted game
 * is replaced by the first bench player of his role who did; the week is the starters' player points (after
 * the substitutions) with the captain's multiplied as the captain rule says (`captain.ts`). Pure rules: the
 * server reads the squads, line-ups and player points set-based and hands them here, so the standings, the
 * line-up page and the tests share one rule.
 */
import { type CaptainOption, type CaptainRole, captainBonus } from './captain.ts';
import { ROLES, type Role } from './economy.ts';
import { ScoringRulesSchema } from './scoring.ts';

export const FANTA_SEASON_MESSAGES = {
  lineupSaved: 'Formazione salvata',
  duplicatePlayer: 'Un giocatore compare due volte nella formazione',
  notInSquad: 'Un giocatore della formazione non è nella tua rosa',
  twoOfRole: (role: string) => `Due titolari nel ruolo ${role}: ne va schierato uno per ruolo`,
  missingRole: (role: string) => `Manca il titolare del ruolo ${role}`,
  benchIncomplete: 'In panchina vanno tutti i giocatori della rosa che non sono titolari',
  captainNotStarter: 'Il capitano deve essere uno dei titolari',
  viceNotStarter: 'Il vice capitano deve essere uno dei titolari',
  captainOff: 'In questa Lega Fanta il capitano non è attivo',
  viceOff: 'In questa Lega Fanta il vice capitano non è attivo',
  viceIsCaptain: 'Il vice capitano deve essere diverso dal capitano',
  viceWithoutCaptain: 'Scegli prima il capitano',
  weekLocked: 'La formazione di questa settimana è bloccata: la prima partita è già iniziata',
  weekNotFound: 'Settimana non trovata in questa lega',
  seasonNotStarted: "Le formazioni si schierano quando l'asta è finita",
  emptySquad: 'La tua rosa è vuota: non c’è nessuno da schierare',
  managerNotFound: 'Manager non trovato in questa Lega Fanta',
  weekNotPlayed:
    'Questa settimana non è ancora iniziata: le formazioni degli altri restano segrete fino ad allora',
  captainLocked: "Il capitano non si cambia più: la prima settimana dopo l'asta è già iniziata",
  notH2h: 'Questa Lega Fanta non è a scontri diretti',
  formatLocked: "La formula non si cambia più: la prima settimana dopo l'asta è già iniziata",
} as const;

/** The Lega Fanta's captain option: the scoring rules' own (1 = off, 1.5, 2). */
export const CaptainMultiplierSchema = ScoringRulesSchema.shape.captainMultiplier;

/** A player of a manager's squad: his role and what he was paid (the default line-up fields the dearest). */
export interface SquadPlayer {
  playerId: string;
  role: Role;
  price: number;
}

export interface FantaLineup {
  /** one per role the squad holds, in any order */
  starters: string[];
  /** the rest of the squad, first substitute first */
  bench: string[];
  captainPlayerId: string | null;
  viceCaptainPlayerId: string | null;
}

export type LineupRefusal = { code: string; message: string };

const M = FANTA_SEASON_MESSAGES;

/** The roles a squad holds at least one player of, in the usual order. */
const rolesHeld = (squad: readonly SquadPlayer[]): Role[] =>
  ROLES.filter((role) => squad.some((p) => p.role === role));

/**
 * Whether a line-up is valid for this squad: every player in it once, one starter per role the squad holds,
 * the rest of the squad on the bench, captain and vice among the starters (and only when the option is on).
 * The first refusal found, in the order a manager reads them.
 */
export function checkLineup(
  squad: readonly SquadPlayer[],
  lineup: FantaLineup,
  option: CaptainOption,
): LineupRefusal | null {
  const byId = new Map(squad.map((p) => [p.playerId, p]));
  if (squad.length === 0) return { code: 'EMPTY_SQUAD', message: M.emptySquad };
  const all = [...lineup.starters, ...lineup.bench];
  if (new Set(all).size !== all.length) return { code: 'DUPLICATE_PLAYER', message: M.duplicatePlayer };
  if (!all.every((id) => byId.has(id))) return { code: 'NOT_IN_SQUAD', message: M.notInSquad };
  const seen = new Set<Role>();
  for (const id of lineup.starters) {
    const role = byId.get(id)!.role;
    if (seen.has(role)) return { code: 'TWO_OF_ROLE', message: M.twoOfRole(role) };
    seen.add(role);
  }
  const missing = rolesHeld(squad).find((role) => !seen.has(role));
  if (missing) return { code: 'MISSING_ROLE', message: M.missingRole(missing) };
  if (all.length !== squad.length) return { code: 'BENCH_INCOMPLETE', message: M.benchIncomplete };
  const { captainPlayerId: captain, viceCaptainPlayerId: vice } = lineup;
  if (captain !== null) {
    if (option.captainMultiplier === 1) return { code: 'CAPTAIN_OFF', message: M.captainOff };
    if (!lineup.starters.includes(captain))
      return { code: 'CAPTAIN_NOT_STARTER', message: M.captainNotStarter };
  }
  if (vice !== null) {
    if (option.captainMultiplier === 1 || !option.viceCaptainEnabled)
      return { code: 'VICE_OFF', message: M.viceOff };
    if (captain === null) return { code: 'VICE_WITHOUT_CAPTAIN', message: M.viceWithoutCaptain };
    if (vice === captain) return { code: 'VICE_IS_CAPTAIN', message: M.viceIsCaptain };
    if (!lineup.starters.includes(vice)) return { code: 'VICE_NOT_STARTER', message: M.viceNotStarter };
  }
  return null;
}

/** Dearest first; equal prices by id, so the choice never depends on the order the squad was read in. */
const byPriceDesc = (a: SquadPlayer, b: SquadPlayer) =>
  b.price - a.price || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0);

/** The first week's line-up of a manager who set none: the dearest player of each role, the rest dearest first. */
export function defaultLineup(squad: readonly SquadPlayer[]): FantaLineup {
  const sorted = [...squad].sort(byPriceDesc);
  const starters = rolesHeld(squad).map((role) => sorted.find((p) => p.role === role)!.playerId);
  return {
    starters,
    bench: sorted.filter((p) => !starters.includes(p.playerId)).map((p) => p.playerId),
    captainPlayerId: null,
    viceCaptainPlayerId: null,
  };
}

/**
 * The line-up that counts for a week: the manager's latest line-up up to the week (`saved`, possibly an
 * earlier week's) fitted to the squad he held at the week's lock: players he no longer holds leave it, players
 * he has bought since join the end of the bench dearest first, and a role left without a starter takes its
 * first bench player. No saved line-up: `defaultLineup`. A captain or vice no longer a starter is dropped.
 */
export function effectiveLineup(
  squad: readonly SquadPlayer[],
  saved: FantaLineup | null,
  option: CaptainOption,
): FantaLineup {
  if (!saved) return defaultLineup(squad);
  const byId = new Map(squad.map((p) => [p.playerId, p]));
  // one starter a role even when a player's role changed since: a second one goes to the bench's head
  const starters: string[] = [];
  const demoted: string[] = [];
  for (const id of saved.starters.filter((id) => byId.has(id))) {
    const role = byId.get(id)!.role;
    (starters.some((s) => byId.get(s)!.role === role) ? demoted : starters).push(id);
  }
  const kept = new Set([...saved.starters, ...saved.bench]);
  const bench = [
    ...demoted,
    ...saved.bench.filter((id) => byId.has(id)),
    ...[...squad]
      .sort(byPriceDesc)
      .filter((p) => !kept.has(p.playerId))
      .map((p) => p.playerId),
  ];
  for (const role of rolesHeld(squad)) {
    if (starters.some((id) => byId.get(id)!.role === role)) continue;
    const first = bench.findIndex((id) => byId.get(id)!.role === role);
    starters.push(...bench.splice(first, 1));
  }
  const captain =
    option.captainMultiplier !== 1 && saved.captainPlayerId && starters.includes(saved.captainPlayerId)
      ? saved.captainPlayerId
      : null;
  const vice =
    captain &&
    option.viceCaptainEnabled &&
    saved.viceCaptainPlayerId &&
    saved.viceCaptainPlayerId !== captain &&
    starters.includes(saved.viceCaptainPlayerId)
      ? saved.viceCaptainPlayerId
      : null;
  return { starters, bench, captainPlayerId: captain, viceCaptainPlayerId: vice };
}

/** A player's week: whether he played a counted game (a game of a completed match of the week) and his points. */
export interface FantaPlayerWeek {
  played: boolean;
  points: number;
}

export interface FantaSubstitution {
  role: Role;
  /** the starter who did not play (null: the role had no starter, he left the squad) */
  outPlayerId: string | null;
  inPlayerId: string;
}

/**
 * The automatic substitutes: once the week is complete, each role whose starter played no counted game (or
 * has none) takes the first bench player of that role who did. Before that, nobody comes in.
 */
export function substitute(
  squad: readonly SquadPlayer[],
  lineup: FantaLineup,
  weekOf: (playerId: string) => FantaPlayerWeek | undefined,
  weekComplete: boolean,
): { fielded: { role: Role; playerId: string | null }[]; substitutions: FantaSubstitution[] } {
  const roleOf = new Map(squad.map((p) => [p.playerId, p.role]));
  const played = (id: string) => weekOf(id)?.played === true;
  const fielded: { role: Role; playerId: string | null }[] = [];
  const substitutions: FantaSubstitution[] = [];
  for (const role of ROLES) {
    const starter = lineup.starters.find((id) => roleOf.get(id) === role) ?? null;
    const onBench = lineup.bench.filter((id) => roleOf.get(id) === role);
    if (starter === null && onBench.length === 0) continue;
    if (weekComplete && (starter === null || !played(starter))) {
      const sub = onBench.find(played);
      if (sub) {
        substitutions.push({ role, outPlayerId: starter, inPlayerId: sub });
        fielded.push({ role, playerId: sub });
        continue;
      }
    }
    fielded.push({ role, playerId: starter });
  }
  return { fielded, substitutions };
}

/** Rounds to the cent, halves away from zero (as PostgreSQL's `round(numeric, 2)`). */
const cents = (x: number) => (Math.sign(x) * Math.round(Math.abs(x) * 100 + 1e-9)) / 100;

export interface FantaWeekResult {
  points: number;
  fielded: { role: Role; playerId: string | null; points: number; played: boolean }[];
  substitutions: FantaSubstitution[];
  captain: { role: CaptainRole; playerId: string; multiplier: number; bonus: number } | null;
}

/**
 * A manager's week: the fielded players' points (after the substitutions) plus the captain's bonus, with the
 * captain rule of `captain.ts`: the captain's points multiplied if he played (a captain substituted out did
 * not), else the vice's once the week is complete.
 */
export function fantaWeek(
  squad: readonly SquadPlayer[],
  lineup: FantaLineup,
  weekOf: (playerId: string) => FantaPlayerWeek | undefined,
  weekComplete: boolean,
  option: CaptainOption,
): FantaWeekResult {
  const { fielded, substitutions } = substitute(squad, lineup, weekOf, weekComplete);
  const rows = fielded.map((f) => {
    const w = f.playerId ? weekOf(f.playerId) : undefined;
    return { ...f, points: w?.played ? w.points : 0, played: w?.played === true };
  });
  const onField = new Set(rows.map((r) => r.playerId));
  const choice = (id: string | null) => {
    if (!id) return null;
    const w = weekOf(id);
    return { played: onField.has(id) && w?.played === true, points: w?.points ?? 0 };
  };
  const bonus = captainBonus(
    {
      captain: choice(lineup.captainPlayerId),
      vice: choice(lineup.viceCaptainPlayerId),
      weekComplete,
    },
    option,
  );
  const captain = bonus
    ? {
        role: bonus.role,
        playerId: (bonus.role === 'captain' ? lineup.captainPlayerId : lineup.viceCaptainPlayerId)!,
        multiplier: bonus.multiplier,
        bonus: bonus.bonus,
      }
    : null;
  const sum = rows.reduce((s, r) => s + r.points, 0) + (captain?.bonus ?? 0);
  return { points: cents(sum), fielded: rows, substitutions, captain };
}
