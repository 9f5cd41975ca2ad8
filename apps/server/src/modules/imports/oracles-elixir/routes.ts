import { Transform, type TransformCallback } from 'node:stream';
import { calendarDate, INT4_MAX, IMPORT_MESSAGES as M } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../../lib/audit.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import { ErrorSchema, errors } from '../../../lib/schemas.ts';
import type { Progress } from '../../admin-jobs/index.ts';
import { PHASES } from '../../admin-jobs/index.ts';
import { currentUser } from '../../auth/index.ts';
import { importOraclesElixir } from './import-oracles-elixir.ts';
import {
  MAX_CELL_CHARS,
  MAX_FILE_LEAGUES,
  MAX_IMPORT_GAMES,
  MAX_NEW_PLAYERS,
  MAX_SERIES_GAMES,
  MAX_UNMATCHED_TEAMS,
  MAX_WARNINGS,
} from './limits.ts';

export const IMPORT_BODY_LIMIT = 200 * 1024 * 1024;

const Day = calendarDate('Data non valida: usa il formato AAAA-MM-GG');
// The summary's bounds follow from limits.ts (what the import takes of a file) and from the catalogue:
// a league's weeks are numbered up to int4, its teams and week names come from the admin's forms.
// Counts are of the file's games and of the league's rows (rosters updated: as many as it has).
const Count = z.number().int().min(0).max(INT4_MAX);
const Text = z.string().max(MAX_CELL_CHARS);

const WeekSchema = z.object({
  id: z.string().uuid(),
  weekNumber: z.number().int().min(1).max(INT4_MAX),
  name: z.string().max(100),
  startDate: Day,
  endDate: Day,
  created: z.boolean(),
});

export const ImportSummarySchema = z
  .object({
    dryRun: z.boolean(),
    source: Text,
    sources: z.array(z.object({ league: Text, games: Count })).max(MAX_FILE_LEAGUES),
    counts: z.object({
      games: Count,
      series: Count,
      matchesCreated: Count,
      matchesUpdated: Count,
      matchesUnchanged: Count,
      playersMatched: Count,
      playersCreated: Count,
      weeksCreated: Count,
      rostersUpdated: Count,
    }),
    series: z
      .array(
        z.object({
          fileTeams: z.tuple([Text, Text]),
          team1: Text.nullable(),
          team2: Text.nullable(),
          startTime: z.date(),
          score: z.string().max(10),
          format: z.union([z.literal(1), z.literal(3), z.literal(5)]),
          // a skipped "series" may have more games than a BO5 (reported as no series)
          games: z.number().int().min(1).max(MAX_IMPORT_GAMES),
          winner: Text.nullable(),
          week: WeekSchema.nullable(),
          matchId: z.string().uuid().nullable(),
          status: z.enum(['new', 'updated', 'unchanged', 'skipped']),
          reason: z.string().max(2000).nullable(),
          changedGames: z.array(z.number().int().min(1).max(MAX_SERIES_GAMES)).max(MAX_SERIES_GAMES),
        }),
      )
      .max(MAX_IMPORT_GAMES),
    leagueTeams: z.array(Text).max(1000),
    unmatchedTeams: z.array(z.object({ name: Text, games: Count })).max(MAX_UNMATCHED_TEAMS),
    newPlayers: z
      .array(
        z.object({
          name: z.string().max(100),
          team: Text,
          role: z.enum(['Top', 'Jungle', 'Mid', 'ADC', 'Support']),
          oePlayerId: Text.nullable(),
        }),
      )
      .max(MAX_NEW_PLAYERS),
    warnings: z.array(z.string().max(5000)).max(MAX_WARNINGS),
  })
  .meta({ id: 'OraclesElixirImportSummary' });

const QuerySchema = z.object({
  source: z
    .string()
    .trim()
    .max(MAX_CELL_CHARS)
    .optional()
    .describe('Il valore della colonna `league` da importare (es. LEC)'),
  from: Day.optional().describe('Prima data (UTC) delle serie da importare'),
  to: Day.optional().describe('Ultima data (UTC) delle serie da importare'),
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true')
    .describe('Anteprima senza scrivere nulla (predefinito: true)'),
  teamMap: z
    .string()
    .max(20_000)
    .optional()
    .describe('Oggetto JSON: nome della squadra nel file → nome della squadra della lega'),
  includeIncomplete: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('Importa anche le serie incomplete (senza vincitore, non completate)'),
});

function parseTeamMap(text: string | undefined): Record<string, string> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(M.invalidTeamMap, 'IMPORT_TEAM_MAP');
  }
  const parsed = z.record(z.string().min(1).max(200), z.string().min(1).max(200)).safeParse(value);
  if (!parsed.success || Array.isArray(value)) throw badRequest(M.invalidTeamMap, 'IMPORT_TEAM_MAP');
  return parsed.data;
}

/** Counts the bytes going through and fails past the limit: a streamed body is not measured by Fastify. */
function limitBytes(limit: number, onBytes: (seen: number) => void = () => {}) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      seen += chunk.length;
      onBytes(seen);
      if (seen > limit) done(new AppError(413, 'IMPORT_TOO_LARGE', M.tooLarge));
      else done(null, chunk);
    },
  });
}

/** The file's reading as the first 40% of an import job: bytes read of the announced length. */
function readingProgress(progress: Progress, length: number) {
  return (seen: number) => {
    const mb = Math.round(seen / 100_000) / 10;
    if (Number.isFinite(length) && length > 0)
      progress(PHASES.readFile, (0.4 * Math.min(seen, length)) / length);
    else progress(PHASES.readFileMb(mb), 0);
  };
}

/** Oracle's Elixir match-data import. Registered inside /api/admin (admin only). */
const oraclesElixirImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // the CSV reaches the route as the raw request stream: a 100 MB file is never held in memory
  app.addContentTypeParser('text/csv', (_request, payload, done) => done(null, payload));

  app.post(
    '/leagues/:leagueId/import/oracles-elixir',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // the one route that takes a body other than JSON (plugins/app/csrf.ts)
      config: { accepts: ['text/csv'] },
      schema: {
        tags: ['admin', 'imports'],
        summary:
          "Importa i dati partita di Oracle's Elixir (CSV) in una lega: anteprima (dryRun) o importazione",
        consumes: ['text/csv'],
        params: z.object({ leagueId: z.string().uuid() }),
        querystring: QuerySchema,
        body: z
          .unknown()
          .describe("Il file CSV dei dati partita di Oracle's Elixir (Content-Type: text/csv)"),
        response: { 200: ImportSummarySchema, ...errors(400, 401, 403, 404, 409), 413: ErrorSchema },
      },
    },
    async (request) => {
      const body = request.body as NodeJS.ReadableStream | undefined;
      if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') {
        throw badRequest(M.wrongContentType, 'IMPORT_CONTENT_TYPE');
      }
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length > IMPORT_BODY_LIMIT) {
        throw new AppError(413, 'IMPORT_TOO_LARGE', M.tooLarge);
      }
      const { query } = request;
      const { leagueId } = request.params;
      let onBytes = (_seen: number) => {};
      const limited = limitBytes(IMPORT_BODY_LIMIT, (seen) => onBytes(seen));
      body.on('error', (err) => limited.destroy(err));
      body.pipe(limited);
      const importFile = (progress: Progress) => {
        onBytes = readingProgress(progress, length);
        return importOraclesElixir(
          app.db,
          auditActor(request),
          limited,
          {
            leagueId,
            source: query.source || undefined,
            from: query.from,
            to: query.to,
            dryRun: query.dryRun,
            teamMap: parseTeamMap(query.teamMap),
            includeIncomplete: query.includeIncomplete,
          },
          progress,
        );
      };
      try {
        // a preview writes nothing and may run beside anything; an import is an admin job (one per league
        // at a time, its phase and percentage visible from any page, modules/admin-jobs)
        if (query.dryRun) return await importFile(() => {});
        return await app.adminJobs.run(
          { kind: 'import', leagueId, user: currentUser(request), leagueNotFound: M.leagueNotFound },
          importFile,
          // like its audit row, an import that finds everything as stored leaves no job behind
          ({ counts, ...summary }) =>
            counts.matchesCreated + counts.matchesUpdated + counts.playersCreated + counts.weeksCreated === 0
              ? null
              : {
                  message: M.done(counts.matchesCreated, counts.matchesUpdated, counts.matchesUnchanged),
                  result: { counts, source: summary.source },
                },
        );
      } finally {
        // a refused file is read to its end, so the client gets the answer instead of a reset connection
        if (!(body as { readableEnded?: boolean }).readableEnded) {
          body.unpipe(limited);
          (body as NodeJS.ReadableStream & { resume(): void }).resume();
        }
      }
    },
  );
};

export default oraclesElixirImportRoutes;
