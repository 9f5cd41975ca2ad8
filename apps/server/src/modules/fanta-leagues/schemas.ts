import {
  CaptainMultiplierSchema,
  FANTA_LIMITS,
  FantaBidSchema,
  FantaBidSecondsSchema,
  FantaBudgetSchema,
  FantaNameSchema,
  FantaSquadSchema,
  H2hSettingsSchema,
  PRIVATE_LEAGUE_FORMATS,
  ROLES,
} from '@fantarift/core';
import { z } from 'zod';
import {
  fixtureScoreShape,
  h2hRecordShape,
  roundStatusSchema,
  roundWeekShape,
} from '../../lib/h2h-schemas.ts';

export const tags = ['fanta-leagues'];

const roleCounts = z.object({
  Top: z.number().int(),
  Jungle: z.number().int(),
  Mid: z.number().int(),
  ADC: z.number().int(),
  Support: z.number().int(),
});
/** A player as every list of the Lega Fanta shows him (the free list, a squad, a line-up) extends this. */
const playerBase = z.object({ name: z.string(), team: z.string(), role: z.enum(ROLES) });
const statusSchema = z.enum(['setup', 'running', 'paused', 'ended']);
const roundSchema = z.enum(['main', 'repair']);
const orderSchema = z.enum(['random', 'manual']);
const formatSchema = z
  .enum(PRIVATE_LEAGUE_FORMATS)
  .describe('classic: Classica (il totale delle settimane); h2h: scontri diretti');
const h2hBody = H2hSettingsSchema.describe(
  'Solo per gli scontri diretti: fasce (T, S) o punti; senza, le fasce suggerite dalla lega ufficiale',
);

export const FantaLeagueSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    leagueId: z.string().uuid(),
    leagueName: z.string(),
    budget: z.number().int(),
    squad: roleCounts,
    bidSeconds: z.number().int(),
    nominationOrder: orderSchema,
    startsAt: z.string().nullable(),
    status: statusSchema,
    round: roundSchema,
    isOwner: z.boolean(),
    ownerUserId: z.string().uuid(),
    inviteCode: z.string().nullable().describe('Solo per il proprietario'),
    memberCount: z.number().int(),
    members: z.array(
      z.object({
        userId: z.string().uuid(),
        username: z.string(),
        isOwner: z.boolean(),
        turnPos: z.number().int(),
      }),
    ),
    pool: roleCounts.describe('Giocatori della lega ufficiale per ruolo'),
    proposedSquad: roleCounts.describe('La rosa più grande che il pool permette ai manager di adesso'),
    maxManagers: z.number().int().describe('Quanti manager al massimo permette la rosa con questo pool'),
    captainMultiplier: z.number().describe('1 = capitano spento, 1,5 o 2'),
    viceCaptainEnabled: z.boolean(),
    format: formatSchema,
    h2h: H2hSettingsSchema.nullable().describe(
      'La regola dei risultati degli scontri diretti (null: Classica)',
    ),
    captainLocked: z
      .boolean()
      .describe("Capitano e formula non si cambiano più: la prima settimana dopo l'asta è iniziata"),
  })
  .meta({ id: 'FantaLeague' });

export const FantaLeagueSummarySchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    leagueId: z.string().uuid(),
    leagueName: z.string(),
    status: statusSchema,
    memberCount: z.number().int(),
    isOwner: z.boolean(),
  })
  .meta({ id: 'FantaLeagueSummary' });

const startsAt = z
  .string()
  .datetime({ offset: true, message: 'Data di inizio non valida' })
  .nullable()
  .describe("Quando inizia l'asta (indicativo: la avvia il banditore)");

export const CreateBodySchema = z.object({
  name: FantaNameSchema,
  budget: FantaBudgetSchema.default(FANTA_LIMITS.budgetDefault),
  squad: FantaSquadSchema.default({ Top: 2, Jungle: 2, Mid: 2, ADC: 2, Support: 2 }),
  bidSeconds: FantaBidSecondsSchema.default(FANTA_LIMITS.bidSecondsDefault),
  nominationOrder: orderSchema.optional(),
  startsAt: startsAt.optional(),
  captainMultiplier: CaptainMultiplierSchema.default(1),
  viceCaptainEnabled: z.boolean().default(true),
  format: formatSchema.default('classic'),
  h2h: h2hBody.optional(),
});

export const SettingsBodySchema = z.object({
  name: FantaNameSchema.optional(),
  budget: FantaBudgetSchema.optional(),
  squad: FantaSquadSchema.optional(),
  bidSeconds: FantaBidSecondsSchema.optional(),
  nominationOrder: orderSchema.optional(),
  startsAt: startsAt.optional(),
  order: z
    .array(z.string().uuid())
    .max(FANTA_LIMITS.maxMembers)
    .optional()
    .describe("L'ordine di chiamata deciso dal proprietario (ogni manager una volta)"),
  captainMultiplier: CaptainMultiplierSchema.optional().describe(
    "Moltiplicatore del capitano (1 = spento): si cambia fino all'inizio della prima settimana dopo l'asta",
  ),
  viceCaptainEnabled: z.boolean().optional(),
  format: formatSchema
    .optional()
    .describe("Classica o scontri diretti: si cambia fino all'inizio della prima settimana dopo l'asta"),
  h2h: h2hBody.optional(),
});

export const BidBodySchema = z.object({ playerId: z.string().uuid(), bid: FantaBidSchema });
export const AssignBodySchema = z.object({
  playerId: z.string().uuid(),
  userId: z.string().uuid(),
  price: FantaBidSchema,
});
export const PlayerBodySchema = z.object({ playerId: z.string().uuid() });
export const IdParamsSchema = z.object({ id: z.string().uuid() });
export const CodeParamsSchema = z.object({ code: z.string().min(1).max(32) });

export const AuctionSchema = z
  .object({
    status: statusSchema,
    round: roundSchema,
    version: z.number().int().describe('Cresce a ogni cambiamento: il client tiene lo stato più recente'),
    bidSeconds: z.number().int(),
    lot: z
      .object({
        playerId: z.string().uuid(),
        bid: z.number().int(),
        bidderUserId: z.string().uuid(),
        endsAt: z
          .string()
          .nullable()
          .describe("Fine del tempo (orologio del server); null con l'asta in pausa"),
        remainingMs: z.number().int().nullable(),
        lotNo: z.number().int(),
      })
      .nullable(),
    bids: z.array(z.object({ userId: z.string().uuid(), amount: z.number().int(), at: z.string() })),
    serverNow: z.string().describe("L'ora del server: il client sincronizza il conto alla rovescia"),
    turnUserId: z.string().uuid().nullable(),
    ownerUserId: z.string().uuid(),
    managers: z.array(
      z.object({
        userId: z.string().uuid(),
        username: z.string(),
        credits: z.number().int(),
        slots: roleCounts.describe('Posti ancora liberi per ruolo'),
        slotsLeft: z.number().int(),
        maxBid: z.number().int(),
        players: z.array(
          playerBase.extend({ playerId: z.string().uuid(), tier: z.number().int(), price: z.number().int() }),
        ),
      }),
    ),
  })
  .meta({ id: 'FantaAuction' });

export const FantaPlayerSchema = playerBase
  .extend({
    id: z.string().uuid(),
    tier: z.number().int(),
    ownerUserId: z.string().uuid().nullable(),
    price: z.number().int().nullable(),
  })
  .meta({ id: 'FantaPlayer' });

export const FantaHistoryEntrySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(['assign', 'undo', 'release']),
    playerId: z.string().uuid(),
    playerName: z.string(),
    role: z.enum(ROLES),
    userId: z.string().uuid(),
    username: z.string(),
    price: z.number().int(),
    creditsChange: z.number().int(),
    offline: z.boolean(),
    round: roundSchema,
    at: z.string(),
  })
  .meta({ id: 'FantaHistoryEntry' });

const lineupShape = {
  starters: z.array(z.string().uuid()).min(1).max(5).describe('Un titolare per ruolo'),
  bench: z.array(z.string().uuid()).max(30).describe('La panchina in ordine: il primo entra per primo'),
  captainPlayerId: z.string().uuid().nullable(),
  viceCaptainPlayerId: z.string().uuid().nullable(),
};

/** A line-up as answered: an empty squad (the auction not over) has no starters. */
const lineupAnswer = z.object({
  starters: z.array(z.string().uuid()),
  bench: z.array(z.string().uuid()),
  captainPlayerId: z.string().uuid().nullable(),
  viceCaptainPlayerId: z.string().uuid().nullable(),
});

export const LineupBodySchema = z.object({
  weekId: z.string().uuid(),
  starters: lineupShape.starters,
  bench: lineupShape.bench,
  captainPlayerId: lineupShape.captainPlayerId.optional(),
  viceCaptainPlayerId: lineupShape.viceCaptainPlayerId.optional(),
});

export const LineupQuerySchema = z.object({ weekId: z.string().uuid().optional() });

const fieldedSchema = z.object({
  role: z.enum(ROLES),
  playerId: z.string().uuid().nullable(),
  points: z.number(),
  played: z.boolean(),
});

const substitutionSchema = z.object({
  role: z.enum(ROLES),
  outPlayerId: z.string().uuid().nullable().describe('Il titolare che non ha giocato (null: ruolo scoperto)'),
  inPlayerId: z.string().uuid(),
});

const captainLineSchema = z.object({
  role: z.enum(['captain', 'vice']),
  playerId: z.string().uuid(),
  multiplier: z.number(),
  bonus: z.number(),
});

export const LineupSchema = z
  .object({
    week: z.object({
      id: z.string().uuid(),
      weekNumber: z.number().int(),
      name: z.string(),
      locksAt: z.string().nullable().describe('Inizio della prima partita: da lì la formazione è bloccata'),
      locked: z.boolean(),
      complete: z.boolean(),
      counted: z
        .boolean()
        .describe("La settimana conta per la Lega Fanta (si blocca dopo la fine dell'asta)"),
    }),
    weeks: z
      .array(
        z.object({
          id: z.string().uuid(),
          weekNumber: z.number().int(),
          name: z.string(),
          locked: z.boolean(),
        }),
      )
      .describe(
        'Le settimane da scegliere: quelle giocate o in corso della stagione e la prossima da schierare',
      ),
    serverNow: z.string(),
    editable: z.boolean(),
    savedForWeek: z.boolean().describe('Formazione salvata per questa settimana (altrimenti: la precedente)'),
    captainMultiplier: z.number(),
    viceCaptainEnabled: z.boolean(),
    lineup: lineupAnswer,
    players: z.array(
      playerBase.extend({
        playerId: z.string().uuid(),
        price: z.number().int(),
        played: z.boolean(),
        points: z.number(),
      }),
    ),
    result: z
      .object({
        points: z.number(),
        fielded: z.array(fieldedSchema),
        substitutions: z.array(substitutionSchema),
        captain: captainLineSchema.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'FantaLineup' });

export const StandingsSchema = z
  .object({
    weeks: z.array(
      z.object({
        id: z.string().uuid(),
        weekNumber: z.number().int(),
        name: z.string(),
        complete: z.boolean(),
      }),
    ),
    standings: z.array(
      z.object({
        position: z.number().int(),
        userId: z.string().uuid(),
        username: z.string(),
        totalPoints: z.number(),
        weekPoints: z.array(z.number()).describe('I punti di ogni settimana, nello stesso ordine di weeks'),
      }),
    ),
    h2h: z
      .object({
        rule: H2hSettingsSchema,
        table: z.array(
          z.object({
            position: z.number().int(),
            userId: z.string().uuid(),
            username: z.string(),
            ...h2hRecordShape,
          }),
        ),
        rounds: z.array(
          z.object({
            ...roundWeekShape,
            status: roundStatusSchema,
            restingUserId: z.string().uuid().nullable(),
            restingUsername: z.string().nullable(),
            fixtures: z.array(
              z.object({
                homeUserId: z.string().uuid(),
                awayUserId: z.string().uuid(),
                homeUsername: z.string(),
                awayUsername: z.string(),
                ...fixtureScoreShape,
              }),
            ),
          }),
        ),
      })
      .optional()
      .describe('Solo per le Leghe Fanta a scontri diretti: la classifica a punti e il calendario'),
  })
  .meta({ id: 'FantaStandings' });

export const BreakdownParamsSchema = z.object({
  id: z.string().uuid(),
  weekId: z.string().uuid(),
  userId: z.string().uuid(),
});

export const BreakdownSchema = z
  .object({
    week: z.object({
      id: z.string().uuid(),
      weekNumber: z.number().int(),
      name: z.string(),
      complete: z.boolean(),
    }),
    manager: z.object({ userId: z.string().uuid(), username: z.string() }),
    points: z.number().describe('La settimana: la somma dei giocatori schierati più la riga del capitano'),
    lineup: lineupAnswer,
    fielded: z.array(
      fieldedSchema.extend({
        name: z.string(),
        team: z.string(),
        games: z.array(
          z.object({
            matchId: z.string().uuid(),
            match: z.string(),
            gameNumber: z.number().int(),
            points: z.number(),
          }),
        ),
        seriesMvpPoints: z.number(),
      }),
    ),
    substitutions: z.array(substitutionSchema.extend({ inName: z.string(), outName: z.string().nullable() })),
    captain: captainLineSchema.extend({ name: z.string() }).nullable(),
  })
  .meta({ id: 'FantaWeekBreakdown' });
