import type { Readable } from 'node:stream';
import { IMPORT_MESSAGES as M } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { leagues } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { PHASES, type Progress, stage } from '../../admin-jobs/index.ts';
import { foldAfter } from '../../points/index.ts';
import { applyImport } from './apply-import.ts';
import { type OeGame, toGame } from './games.ts';
import { MAX_FILE_LEAGUES, MAX_IMPORT_GAMES } from './limits.ts';
import { type ImportPlan, planImport } from './plan-import.ts';
import { readGames } from './read-games.ts';
import { detectSeries } from './series.ts';

export interface ImportOptions {
  leagueId: string;
  source?: string;
  from?: string;
  to?: string;
  dryRun: boolean;
  teamMap: Record<string, string>;
  includeIncomplete: boolean;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * POST /api/admin/leagues/:leagueId/import/oracles-elixir (issue 13): streams the file, keeps the chosen
 * league's games (one game in memory at a time until then), finds the series, plans the import and,
 * unless it is a dry run, applies it in one transaction audited as one admin action.
 */
export async function importOraclesElixir(
  db: Database,
  actor: AuditActor,
  input: Readable,
  options: ImportOptions,
  /** the admin job's progress from the end of the file's reading (40%) on; never touches the database */
  progress: Progress = () => {},
) {
  const [league] = await db.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, options.leagueId));
  if (!league) throw notFound(M.leagueNotFound, 'LEAGUE_NOT_FOUND');
  if (options.from && options.to && options.from > options.to)
    throw badRequest(M.invalidRange, 'IMPORT_RANGE');

  // games a day either side of the range are kept, so a series crossing midnight stays whole
  const low = options.from ? Date.parse(`${options.from}T00:00:00Z`) - DAY : -Infinity;
  const high = options.to ? Date.parse(`${options.to}T00:00:00Z`) + 2 * DAY : Infinity;
  const wanted = options.source?.trim().toLowerCase() || null;
  const gamesPerLeague = new Map<string, number>();
  let firstLeague: string | null = null;
  let severalLeagues = false;
  let kept: OeGame[] = [];
  const { columns } = await readGames(input, (raw, cols) => {
    gamesPerLeague.set(raw.league, (gamesPerLeague.get(raw.league) ?? 0) + 1);
    if (gamesPerLeague.size > MAX_FILE_LEAGUES) {
      throw badRequest(M.tooManyLeagues(MAX_FILE_LEAGUES), 'IMPORT_TOO_MANY_LEAGUES');
    }
    if (wanted === null) {
      firstLeague ??= raw.league;
      if (raw.league !== firstLeague) severalLeagues = true;
      if (severalLeagues) {
        kept = [];
        return;
      }
    } else if (raw.league.toLowerCase() !== wanted) {
      return;
    }
    const game = toGame(raw, cols);
    const t = game.date.getTime();
    if (t < low || t >= high) return;
    if (kept.length === MAX_IMPORT_GAMES)
      throw badRequest(M.tooManyGames(MAX_IMPORT_GAMES), 'IMPORT_TOO_MANY_GAMES');
    kept.push(game);
  });
  const sources = [...gamesPerLeague]
    .map(([name, games]) => ({ league: name, games }))
    .sort((a, b) => a.league.localeCompare(b.league));
  const listed = sources.map((s) => `${s.league} (${s.games})`).join(', ');
  if (sources.length === 0) throw badRequest(M.noGames, 'IMPORT_NO_GAMES');
  if (wanted !== null && !sources.some((s) => s.league.toLowerCase() === wanted)) {
    throw badRequest(M.unknownSource(options.source!, listed), 'IMPORT_UNKNOWN_SOURCE', { sources });
  }
  if (severalLeagues) throw badRequest(M.sourceRequired(listed), 'IMPORT_SOURCE_REQUIRED', { sources });
  const source = sources.find(
    (s) => s.league.toLowerCase() === (wanted ?? firstLeague!.toLowerCase()),
  )!.league;

  const inRange = (start: Date) => {
    const day = start.toISOString().slice(0, 10);
    return (!options.from || day >= options.from) && (!options.to || day <= options.to);
  };
  const series = detectSeries(kept).filter((s) => inRange(s.start));

  progress(PHASES.plan, 0.4);
  const run = async (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => {
    if (!options.dryRun) {
      // one import at a time per league: two would both create the same matches
      await tx.execute(sql`select id from leagues where id = ${options.leagueId} for update`);
    }
    const plan = await planImport(tx, {
      leagueId: options.leagueId,
      series,
      teamMap: options.teamMap,
      includeIncomplete: options.includeIncomplete,
      absentColumns: columns.absent,
    });
    if (!options.dryRun && plan.unmatchedTeams.length > 0) {
      throw badRequest(M.unmatchedTeams(plan.unmatchedTeams.map((t) => t.name)), 'IMPORT_UNMATCHED_TEAMS', {
        unmatchedTeams: plan.unmatchedTeams,
        leagueTeams: plan.leagueTeams,
      });
    }
    const { rostersUpdated, pending } = options.dryRun
      ? { rostersUpdated: 0, pending: false }
      : await applyImport(tx, options.leagueId, plan, stage(progress, 0.45, 0.97));
    progress(PHASES.save, 0.97);
    const summary = summarize(plan, { dryRun: options.dryRun, source, sources, rostersUpdated });
    const wrote =
      plan.series.some((s) => s.status === 'new' || s.status === 'updated') ||
      plan.newPlayers.length +
        plan.newWeeks.length +
        plan.playerIdsToRemember.length +
        plan.aliasesToRemember.length >
        0;
    // an import that finds everything as stored writes nothing, not even its audit row
    if (!options.dryRun && wrote) {
      await writeAudit(tx, actor, {
        action: 'IMPORT_ORACLES_ELIXIR',
        tableName: 'matches',
        recordId: options.leagueId,
        newValues: {
          source,
          from: options.from ?? null,
          to: options.to ?? null,
          teamMap: options.teamMap,
          includeIncomplete: options.includeIncomplete,
          counts: summary.counts,
        },
      });
    }
    return { summary, pending };
  };
  const { summary, pending } = await db.transaction(run);
  // a few matches in a big league leave their points pending: written right after
  foldAfter(db, options.leagueId, pending);
  return summary;
}

export type ImportSummary = ReturnType<typeof summarize>;

function summarize(
  plan: ImportPlan,
  extra: {
    dryRun: boolean;
    source: string;
    sources: { league: string; games: number }[];
    rostersUpdated: number;
  },
) {
  const count = (status: string) => plan.series.filter((s) => s.status === status).length;
  return {
    dryRun: extra.dryRun,
    source: extra.source,
    sources: extra.sources,
    counts: {
      games: plan.series.reduce((n, s) => n + s.series.games.length, 0),
      series: plan.series.length,
      matchesCreated: plan.series.filter((s) => s.status === 'new' && !s.existing).length,
      matchesUpdated: count('updated') + plan.series.filter((s) => s.status === 'new' && s.existing).length,
      matchesUnchanged: count('unchanged'),
      playersMatched: plan.playersMatched,
      playersCreated: plan.newPlayers.length,
      weeksCreated: plan.newWeeks.length,
      rostersUpdated: extra.rostersUpdated,
    },
    series: plan.series.map((s) => {
      // scores in the order of the match's teams
      const flip = s.team1 !== s.mappedTeams[0];
      const wins = flip ? [s.series.wins[1], s.series.wins[0]] : s.series.wins;
      return {
        fileTeams: s.series.teams,
        team1: s.team1,
        team2: s.team2,
        startTime: s.series.start,
        score: `${wins[0]}-${wins[1]}`,
        format: s.series.format,
        games: s.series.games.length,
        winner: s.winner,
        week: s.week
          ? {
              id: s.week.id,
              weekNumber: s.week.weekNumber,
              name: s.week.name,
              startDate: s.week.startDate,
              endDate: s.week.endDate,
              created: s.week.created,
            }
          : null,
        matchId: s.status === 'skipped' ? null : s.matchId,
        status: s.status,
        reason: s.reason,
        changedGames: s.status === 'updated' ? s.changedGames : [],
      };
    }),
    leagueTeams: plan.leagueTeams,
    unmatchedTeams: plan.unmatchedTeams,
    newPlayers: plan.newPlayers.map((p) => ({
      name: p.name,
      team: p.team,
      role: p.role,
      oePlayerId: p.oePlayerId,
    })),
    warnings: plan.warnings,
  };
}
