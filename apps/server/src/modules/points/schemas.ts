import { INT4_MAX, POINTS_LINE_KINDS, ROLES } from '@fantarift/core';
import { z } from 'zod';

const name = z.string().max(200);
// One player's points in one match or less: counts are at most GAME_STAT_MAX (season/schemas.ts, the
// import too) and rules at most RULE_VALUE_MAX, so a game stays under 10^8 and a BO5 under 10^9.
const pts = z.number().min(-1e9).max(1e9);
// A roster's points (a match of up to five players, a week, a season, an adjustment): sums of the above
// over as many matches and weeks as a league has, so no range of their own, like the leaderboard's.
const rosterPts = z.number();

const LineSchema = z.object({
  kind: z.enum(POINTS_LINE_KINDS),
  label: name.describe('Nome della voce, es. "Uccisioni"'),
  count: z.number().min(0).max(1e6).nullable().describe('Quante volte (es. 5 uccisioni)'),
  per: pts
    .nullable()
    .describe('Punti per unità (la regola); per la quota obiettivi, i punti obiettivi della squadra'),
  points: pts,
});

const HoldingStatus = z.enum(['held', 'boughtAfterStart']);

export const RosterPointsSchema = z
  .object({
    rosterId: z.string().uuid(),
    username: name,
    weeks: z.array(
      z.object({
        weekId: z.string().uuid(),
        weekNumber: z.number().int().min(1).max(INT4_MAX),
        name,
        points: rosterPts.describe('Punti salvati della settimana'),
        captain: z
          .object({
            role: z.enum(['captain', 'vice']),
            playerId: z.string().uuid(),
            name,
            multiplier: z.number().min(1).max(2),
            playerPoints: rosterPts.describe('Punti giocatore della settimana (senza bonus campione)'),
            bonus: rosterPts.describe('Quanto aggiunge il moltiplicatore'),
            label: name.describe('Es. "Capitano ×2 (Caps)"'),
          })
          .nullable()
          .describe('Bonus del capitano (o del vice) della settimana'),
        unexplained: rosterPts.describe('Punti salvati − spiegati: 0 salvo regole cambiate senza ricalcolo'),
        matches: z.array(
          z.object({
            matchId: z.string().uuid(),
            date: z.date(),
            team1: name,
            team2: name,
            matchFormat: z.number().int().min(1).max(5),
            gamesPlayed: z.number().int().min(1).max(5).nullable(),
            winner: name.nullable(),
            points: rosterPts,
            lateChampions: z.array(z.object({ championId: z.string().uuid(), name, playerName: name })),
            players: z.array(
              z.object({
                playerId: z.string().uuid(),
                name,
                team: name,
                role: z.enum(ROLES),
                status: HoldingStatus.describe(
                  'boughtAfterStart: acquistato dopo l’inizio della partita, 0 punti',
                ),
                seriesMvpPoints: pts.nullable(),
                points: pts,
                games: z.array(
                  z.object({
                    gameNumber: z.number().int().min(1).max(5),
                    teamName: name,
                    teamWon: z.boolean(),
                    champion: z
                      .object({ id: z.string().uuid(), name, tier: z.number().int().min(1).max(6) })
                      .nullable(),
                    championStatus: z.enum(['held', 'boughtAfterStart', 'notHeld']).nullable(),
                    gamePoints: pts,
                    lines: z.array(LineSchema),
                    championBonus: z.object({ matchBonus: pts, winBonus: pts }).nullable(),
                    points: pts,
                  }),
                ),
              }),
            ),
          }),
        ),
      }),
    ),
    weeksTotal: rosterPts,
    adjustment: rosterPts.describe('Rettifiche dell’amministratore'),
    totalPoints: rosterPts,
  })
  .meta({ id: 'RosterPoints' });
