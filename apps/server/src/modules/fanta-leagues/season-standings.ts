import { effectiveLineup, type FantaPlayerWeek, fantaWeek, rankLeaderboard } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { rulesForLeague } from '../points/scoring-rules.ts';
import { fantaNotFound } from './auction.ts';
import { isoSql } from './notice.ts';
import type { StandingsSchema } from './schemas.ts';
import {
  bare,
  type HistoryEvent,
  type LeagueRow,
  latestUpTo,
  leagueColumns,
  leagueHistory,
  optionOf,
  playerWeekRowsSql,
  playerWeeks,
  type SavedLineup,
  savedLineups,
  squadsAtLocks,
} from './season.ts';
import { h2hSeason } from './season-h2h.ts';
import { type Kept, keepsOfficial, keptAnswers, keptInputs, keptWeeks } from './standings-cache.ts';

/* The Lega Fanta's standings page (issue 32): the table, and for "Scontri diretti" the calendar, from the season's reads (season.ts). */

/** The standings page's answer, as its route's schema (schemas.ts) describes it. */
export type Standings = z.infer<typeof StandingsSchema>;

/**
 * "Classica": each manager's total of his weeks of the season (the weeks locking after the auction's end,
 * once locked), live: a week being played counts what its completed matches gave so far. A Lega Fanta
 * "Scontri diretti" gets the same answer plus its calendar and table (`h2hSeason`), from the same weeks.
 *
 * Kept per process (standings-cache.ts) and checked on every read by one statement, the membership check's:
 * the versions of everything the answer is computed from (migrations 0026 and 0029, bumped by triggers: the
 * official league's, each of its weeks', the Lega Fanta's; the Lega Fanta row's xmin for its settings) and
 * the database's clock, since the answer changes by itself when a week locks. An unchanged league costs that
 * one statement; a changed one is assembled again (`computeStandings`) from the parts kept under those
 * versions, only the stale parts read again.
 */
export async function fantaStandings(db: Database, userId: string, id: string): Promise<Standings> {
  const { rows } = await db.execute<CheckRow & Record<string, unknown>>(sql`
    select ${leagueColumns(userId)}, f.xmin::text as xmin,
      coalesce(lv.version, 0)::text as "leagueVersion", coalesce(fv.version, 0)::text as "fantaVersion",
      ${weekVersions(sql`f.league_id`)} as "weekVersions",
      (extract(epoch from f.auction_ended_at) * 1000000)::bigint::text as "auctionEndUs",
      (extract(epoch from clock_timestamp()) * 1000000)::bigint::text as "nowUs"
    from fanta_leagues f
    left join league_season_versions lv on lv.league_id = f.league_id
    left join fanta_season_versions fv on fv.fanta_league_id = f.id
    where f.id = ${id}`);
  const f = rows[0];
  if (!f?.isMember) throw fantaNotFound();
  const version = [f.xmin, f.leagueVersion, f.fantaVersion, f.weekVersions].join('|');
  return keptAnswers.get(db, id, version, Number(f.nowUs), () => computeStandings(db, f));
}

/** The official league `leagueId`'s weeks by number, `weekId:version` joined by commas. */
const weekVersions = (leagueId: SQL) => sql`
  (select coalesce(string_agg(w.id::text || ':' || coalesce(wv.version, 0), ',' order by w.week_number), '')
   from weeks w left join week_season_versions wv on wv.week_id = w.id
   where w.league_id = ${leagueId})`;

/**
 * Reads ahead the official league's weeks whose version moved, when this process keeps them (routes.ts calls
 * it on the league's events: a save, an import, a week's change): the first standings read of the process
 * after a save then finds its week read, or being read, rather than reading it itself. The same versions and
 * the same kept parts as a read's (`officialWeeksAt`), so a read meanwhile shares this reading, or this one
 * the read's.
 */
export async function readWeeksAhead(db: Database, leagueId: string): Promise<void> {
  if (!keepsOfficial(db, leagueId)) return;
  const { rows } = await db.execute<{ leagueVersion: string; weekVersions: string }>(sql`
    select coalesce((select version from league_season_versions where league_id = ${leagueId}), 0)::text
        as "leagueVersion",
      ${weekVersions(sql`${leagueId}::uuid`)} as "weekVersions"`);
  const v = rows[0];
  if (v) await officialWeeksAt(db, leagueId, v.leagueVersion, v.weekVersions);
}

/** The standings' check: the Lega Fanta's settings, the versions of its inputs and the database's clock. */
interface CheckRow extends LeagueRow {
  xmin: string;
  leagueVersion: string;
  fantaVersion: string;
  /** the official league's weeks by number, `weekId:version` joined by commas */
  weekVersions: string;
  auctionEndUs: string | null;
  nowUs: string;
}

/** An official league's week as every Lega Fanta on it reads it (kept once a process: `keptWeeks`). */
interface OfficialWeek {
  id: string;
  weekNumber: number;
  name: string;
  locksAt: Date | null;
  lockUs: number | null;
  complete: boolean;
  started: boolean;
  /** the players who played a counted game, with their week's points */
  points: Map<string, FantaPlayerWeek>;
}

/**
 * The official league's weeks `weekIds`: lock, completeness and the players' points (`playerWeekRowsSql`,
 * each week's as one JSON array), in one statement; `rules` is kept with the league's version (`keptWeeks`).
 */
async function officialWeeks(
  db: Database,
  leagueId: string,
  weekIds: string[],
  rules: Promise<{ seriesMvpPoints: number }>,
) {
  const [{ rows }, seriesMvp] = await Promise.all([
    db.execute<{
      id: string;
      weekNumber: number;
      name: string;
      locksAt: string | null;
      lockUs: string | null;
      complete: boolean;
      started: boolean;
      /** [playerId, points, series MVPs] */
      points: [string, number | string, number][];
    }>(sql`
      with p as (${playerWeekRowsSql(leagueId, weekIds)})
      select w.id, w.week_number as "weekNumber", w.name, ${isoSql(sql`min(m.date)`)} as "locksAt",
        (extract(epoch from min(m.date)) * 1000000)::bigint::text as "lockUs",
        (count(m.id) > 0 and bool_and(m.completed)) as complete, coalesce(bool_or(m.completed), false) as started,
        (select coalesce(json_agg(json_build_array(p."playerId", p.points, p.mvps)), '[]'::json)
         from p where p."weekId" = w.id) as points
      from weeks w left join matches m on m.week_id = w.id
      where w.league_id = ${leagueId} and w.id = any(${sql.param(weekIds)}::uuid[])
      group by w.id`),
    rules,
  ]);
  const points = playerWeeks(
    rows.flatMap((w) =>
      w.points.map(([playerId, pts, mvps]) => ({ weekId: w.id, playerId, points: pts, mvps })),
    ),
    seriesMvp,
  );
  return new Map(
    rows.map(({ points: _, ...w }): [string, OfficialWeek] => [
      w.id,
      {
        ...w,
        weekNumber: Number(w.weekNumber),
        locksAt: w.locksAt ? new Date(w.locksAt) : null,
        lockUs: w.lockUs === null ? null : Number(w.lockUs),
        points: points.get(w.id) ?? new Map(),
      },
    ]),
  );
}

/**
 * The official league's weeks at the versions a statement read (`weekVersions`: `weekId:version` by week
 * number), from what the process keeps, only the stale weeks read again.
 */
async function officialWeeksAt(
  db: Database,
  leagueId: string,
  leagueVersion: string,
  weekVersionList: string,
) {
  const wanted = weekVersionList
    .split(',')
    .filter((x) => x !== '')
    .map((x) => {
      const [weekId = '', version = ''] = x.split(':');
      return { weekId, version };
    });
  const official = await keptWeeks(
    db,
    leagueId,
    leagueVersion,
    wanted,
    () => rulesForLeague(db, leagueId),
    (ids, rules) => officialWeeks(db, leagueId, ids, rules),
  );
  return { wanted, official };
}

interface FantaInputs {
  /** in their seat order (the calendar's) */
  members: { userId: string; username: string }[];
  saved: SavedLineup[];
  history: HistoryEvent[];
  /**
   * each counted week's points of the members (in their order), filled by the assemblies: kept under the
   * settings' version (the row's xmin: the captain option) and the week's, the rest of what they depend on
   * (squads, line-ups, roles) being this object's own version
   */
  weekPoints: Map<string, { version: string; points: number[] }>;
}

/** The Lega Fanta's own inputs of the standings, the three statements at once. */
async function fantaInputs(db: Database, id: string): Promise<Kept<FantaInputs>> {
  const [{ rows: members }, saved, history] = await Promise.all([
    db.execute<{ userId: string; username: string }>(sql`
      select m.user_id as "userId", u.username from fanta_league_members m join users u on u.id = m.user_id
      where m.fanta_league_id = ${id} order by md5(m.fanta_league_id::text || m.user_id::text), m.user_id`),
    savedLineups(db, id),
    leagueHistory(db, id),
  ]);
  return { answer: { members, saved, history, weekPoints: new Map() }, staleFromUs: null };
}

/**
 * The standings assembled from their parts, each kept under its own version and read again only when it
 * moved: the official league's weeks (shared by the Leghe Fanta on it; a match save reads one week again) and
 * the Lega Fanta's members, line-ups and history. Then, in memory, the core's rules for the managers of the
 * weeks whose points are not kept (a save: its week only), the table and the calendar, and the moment the
 * answer goes stale by itself: the first lock of a week not yet locked. The members come in their seat order
 * for the calendar: by a hash of the league's and the user's ids, fixed from the auction's start (nobody
 * joins after it) and chosen by nobody.
 */
async function computeStandings(db: Database, f: CheckRow): Promise<Kept<Standings>> {
  const id = f.id;
  const [{ wanted, official }, inputs] = await Promise.all([
    officialWeeksAt(db, f.leagueId, f.leagueVersion, f.weekVersions),
    // the history reads the players' roles: the official league's version moves with a role
    keptInputs.get(db, id, `${f.leagueVersion}|${f.fantaVersion}`, 0, () => fantaInputs(db, id)),
  ]);
  // locked and counted on the check's clock and auction's end, as seasonWeeks compares them in SQL
  const nowUs = Number(f.nowUs);
  const auctionEndUs = f.auctionEndUs === null ? null : Number(f.auctionEndUs);
  const all = official.flatMap((w) =>
    w
      ? [
          {
            ...w,
            locked: w.lockUs !== null && w.lockUs <= nowUs,
            counted: w.lockUs !== null && auctionEndUs !== null && w.lockUs >= auctionEndUs,
          },
        ]
      : [],
  );
  const weeks = all.filter((w) => w.counted && w.locked);
  // the managers' points of the weeks whose version moved (a save: its week), the others' kept
  const option = optionOf(f);
  const versionOf = new Map(wanted.map((w) => [w.weekId, `${f.xmin}|${w.version}`]));
  const stale = weeks.filter((w) => inputs.weekPoints.get(w.id)?.version !== versionOf.get(w.id));
  const squads = squadsAtLocks(inputs.history, stale);
  for (const w of stale) {
    const points = inputs.members.map((m) => {
      const squad = squads.get(`${w.id}|${m.userId}`) ?? [];
      const lineup = effectiveLineup(squad, bare(latestUpTo(inputs.saved, m.userId, w.weekNumber)), option);
      return fantaWeek(squad, lineup, (p) => w.points.get(p), w.complete, option).points;
    });
    inputs.weekPoints.set(w.id, { version: versionOf.get(w.id) ?? '', points });
  }
  const rows = inputs.members.map((m, i) => {
    const weekPoints = weeks.map((w) => inputs.weekPoints.get(w.id)?.points[i] ?? 0);
    const totalPoints = Math.round(weekPoints.reduce((s, x) => s + x, 0) * 100) / 100;
    return { userId: m.userId, username: m.username, totalPoints, weekPoints };
  });
  const answer: Standings = {
    weeks: weeks.map((w) => ({ id: w.id, weekNumber: w.weekNumber, name: w.name, complete: w.complete })),
    standings: rankLeaderboard(rows),
  };
  // a week reads as locked once the clock passes its first match: the answer holds until the next such lock
  const locks = all.flatMap((w) => (!w.locked && w.lockUs !== null ? [w.lockUs] : []));
  const staleFromUs = locks.length > 0 ? Math.min(...locks) : null;
  if (f.format !== 'h2h' || !f.h2h) return { answer, staleFromUs };
  return { answer: { ...answer, h2h: h2hSeason(f.h2h, all, weeks, rows) }, staleFromUs };
}
