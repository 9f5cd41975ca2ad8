import {
  type CaptainOption,
  captainChoiceWeeks,
  checkLineup,
  effectiveLineup,
  FANTA_SEASON_MESSAGES,
  type FantaLineup,
  type FantaPlayerWeek,
  type FantaWeekResult,
  fantaWeek,
  type H2hSettings,
  isRole,
  type PrivateLeagueFormat,
  type Role,
  type SquadPlayer,
} from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { rulesForLeague } from '../points/scoring-rules.ts';
import { fantaNotFound } from './auction.ts';
import { isoSql } from './notice.ts';

const S = FANTA_SEASON_MESSAGES;

/**
 * Leghe Fanta, the season (issue 32). Nothing is stored but the managers' line-ups: a week's squads are read
 * from the history at its lock, the players' week points are the engine's stored game points (plus the series
 * MVP), and the core's `effectiveLineup` / `fantaWeek` turn them into each manager's week on every read. So a
 * statistics save, an import or a recalculation of the official league moves the Lega Fanta with it, and the
 * weekly results are live while the matches are saved. Every read is a handful of set-based statements over
 * one Lega Fanta (its members × its weeks), never one per manager or per week.
 */

export interface LeagueRow {
  id: string;
  leagueId: string;
  auctionEndedAt: string | null;
  captainMultiplier: number;
  viceCaptainEnabled: boolean;
  format: PrivateLeagueFormat;
  h2h: H2hSettings | null;
  isMember: boolean;
}

export interface SeasonWeek {
  id: string;
  weekNumber: number;
  name: string;
  /** the start of its first match (null: no match yet) */
  locksAt: Date | null;
  /** the same in microseconds since the epoch, as the history's moments compare with it */
  lockUs: number | null;
  locked: boolean;
  /** it has matches and all of them are completed: the substitutes' and the vice's moment */
  complete: boolean;
  /** one of its matches is completed: a head-to-head round counts in the table from then on */
  started: boolean;
  /** it locks after the auction's end: a week of the season */
  counted: boolean;
}

export const optionOf = (f: LeagueRow): CaptainOption => ({
  captainMultiplier: Number(f.captainMultiplier) as CaptainOption['captainMultiplier'],
  viceCaptainEnabled: f.viceCaptainEnabled,
});

/** The Lega Fanta row's settings and the caller's membership (`fanta_leagues f`). */
export const leagueColumns = (userId: string) => sql`
  f.id, f.league_id as "leagueId", ${isoSql(sql`f.auction_ended_at`)} as "auctionEndedAt",
  f.captain_multiplier as "captainMultiplier", f.vice_captain_enabled as "viceCaptainEnabled",
  f.format, case when f.format = 'h2h' then json_build_object('rule', f.h2h_rule,
    'bandStart', f.h2h_band_start::float8, 'bandStep', f.h2h_band_step::float8) end as h2h,
  exists (select 1 from fanta_league_members m where m.fanta_league_id = f.id and m.user_id = ${userId})
    as "isMember"`;

async function leagueFor(db: DbOrTx, userId: string, id: string, lock = false): Promise<LeagueRow> {
  const { rows } = await db.execute<LeagueRow & Record<string, unknown>>(sql`
    select ${leagueColumns(userId)} from fanta_leagues f where f.id = ${id} ${lock ? sql`for share` : sql``}`);
  const f = rows[0];
  if (!f?.isMember) throw fantaNotFound();
  return f;
}

/**
 * The official league's weeks with their lock and completeness, on the database's clock. Read by the Lega
 * Fanta's id, so it can go out beside the membership check (the caller throws it away for a non-member).
 */
async function seasonWeeks(db: DbOrTx, id: string): Promise<SeasonWeek[]> {
  const { rows } = await db.execute<LineupView['week'] & { started: boolean; lockUs: string | null }>(sql`
    select w.id, w.week_number as "weekNumber", w.name, ${isoSql(sql`min(m.date)`)} as "locksAt",
      (extract(epoch from min(m.date)) * 1000000)::bigint::text as "lockUs",
      coalesce(min(m.date) <= clock_timestamp(), false) as locked,
      (count(m.id) > 0 and bool_and(m.completed)) as complete, coalesce(bool_or(m.completed), false) as started,
      coalesce(min(m.date) >= min(f.auction_ended_at), false) as counted
    from fanta_leagues f join weeks w on w.league_id = f.league_id left join matches m on m.week_id = w.id
    where f.id = ${id}
    group by w.id order by w.week_number`);
  return rows.map((w) => ({
    ...w,
    weekNumber: Number(w.weekNumber),
    locksAt: w.locksAt ? new Date(w.locksAt) : null,
    lockUs: w.lockUs === null ? null : Number(w.lockUs),
  }));
}

export interface HistoryEvent {
  playerId: string;
  kind: string;
  userId: string;
  role: string;
  price: number;
  /** microseconds since the epoch */
  atUs: number;
}

/** The league's history (assignments, undos, releases), oldest first: a few hundred rows a season. */
export async function leagueHistory(db: DbOrTx, id: string): Promise<HistoryEvent[]> {
  const { rows } = await db.execute<Omit<HistoryEvent, 'atUs'> & { atUs: string }>(sql`
    select h.player_id as "playerId", h.kind, h.user_id as "userId", p.role, h.price,
      (extract(epoch from h.at) * 1000000)::bigint::text as "atUs"
    from fanta_history h join players p on p.id = h.player_id
    where h.fanta_league_id = ${id} order by h.at, h.id`);
  return rows.map((r) => ({ ...r, price: Number(r.price), atUs: Number(r.atUs) }));
}

/**
 * Each manager's squad at each week's lock, from the league's history (oldest first): for every player, the
 * last event up to the lock, when it is an assignment (an undo or a release leaves him free).
 */
export function squadsAtLocks(history: readonly HistoryEvent[], weeks: readonly SeasonWeek[]) {
  const squads = new Map<string, SquadPlayer[]>(); // `${weekId}|${userId}`
  for (const w of weeks) {
    if (w.lockUs === null) continue;
    const last = new Map<string, HistoryEvent>();
    for (const e of history) {
      if (e.atUs > w.lockUs) break;
      last.set(e.playerId, e);
    }
    for (const e of last.values()) {
      if (e.kind !== 'assign' || !isRole(e.role)) continue;
      const key = `${w.id}|${e.userId}`;
      const list = squads.get(key) ?? [];
      list.push({ playerId: e.playerId, role: e.role, price: e.price });
      squads.set(key, list);
    }
  }
  return squads;
}

/** A manager's squad now (the line-up of a week not yet locked is checked against it). */
async function currentSquad(db: DbOrTx, id: string, userId: string): Promise<SquadPlayer[]> {
  const { rows } = await db.execute<{ playerId: string; role: string; price: number }>(sql`
    select o.player_id as "playerId", p.role, o.price
    from fanta_ownership o join players p on p.id = o.player_id
    where o.fanta_league_id = ${id} and o.user_id = ${userId}`);
  return rows
    .filter((r) => isRole(r.role))
    .map((r) => ({ ...r, role: r.role as Role, price: Number(r.price) }));
}

export type PlayerWeekRow = {
  weekId: string;
  playerId: string;
  /** numeric: a string or a number as the driver parses it */
  points: string | number;
  mvps: number;
};

/**
 * Every player's games in the official league's completed matches of the given weeks, by week: his stored
 * game points and his series MVP count. One grouped pass; every player of the official league, whoever holds
 * him (the standings keep it once for all the Leghe Fanta on the league, and embed this query in their read
 * of a week).
 */
export function playerWeekRowsSql(leagueId: string, weekIds: string[]): SQL {
  return sql`
    select m.week_id as "weekId", x.player_id as "playerId", sum(x.points) filter (where x.game) as points,
      (count(*) filter (where not x.game))::int as mvps
    from matches m
    cross join lateral (
      select s.player_id, coalesce(s.points, 0) as points, true as game from player_stats s where s.match_id = m.id
      union all
      select sm.player_id, 0, false from series_mvp sm where sm.match_id = m.id
    ) x
    where m.league_id = ${leagueId} and m.week_id = any(${sql.param(weekIds)}::uuid[]) and m.completed
    group by m.week_id, x.player_id having bool_or(x.game)`;
}

export async function playerWeekRows(
  db: DbOrTx,
  leagueId: string,
  weekIds: string[],
): Promise<PlayerWeekRow[]> {
  const { rows } = await db.execute<PlayerWeekRow>(playerWeekRowsSql(leagueId, weekIds));
  return rows;
}

/**
 * A player's week: his game points plus the official league's series MVP points per MVP (DECISIONS 11, 13;
 * never a champion bonus), to the cent. A row means he played a counted game.
 */
export function playerWeeks(rows: readonly PlayerWeekRow[], rules: { seriesMvpPoints: number }) {
  const weeks = new Map<string, Map<string, FantaPlayerWeek>>(); // week → player → his week
  for (const r of rows) {
    const points = Math.round((Number(r.points) + Number(r.mvps) * rules.seriesMvpPoints) * 100) / 100;
    const week = weeks.get(r.weekId) ?? new Map<string, FantaPlayerWeek>();
    week.set(r.playerId, { played: true, points });
    weeks.set(r.weekId, week);
  }
  return weeks;
}

export interface SavedLineup extends FantaLineup {
  userId: string;
  weekNumber: number;
}

/** The saved line-ups of the league (or of one manager), oldest week first. */
export async function savedLineups(db: DbOrTx, id: string, userId?: string): Promise<SavedLineup[]> {
  const { rows } = await db.execute<{
    userId: string;
    weekNumber: number;
    starters: string[] | string;
    bench: string[] | string;
    captainPlayerId: string | null;
    viceCaptainPlayerId: string | null;
  }>(sql`
    select l.user_id as "userId", w.week_number as "weekNumber", l.starters::text[] as starters,
      l.bench::text[] as bench, l.captain_player_id as "captainPlayerId", l.vice_player_id as "viceCaptainPlayerId"
    from fanta_lineups l join weeks w on w.id = l.week_id
    where l.fanta_league_id = ${id} ${userId ? sql`and l.user_id = ${userId}` : sql``}
    order by w.week_number`);
  return rows.map((r) => ({
    ...r,
    weekNumber: Number(r.weekNumber),
    starters: pgArray(r.starters),
    bench: pgArray(r.bench),
  }));
}

/** A text[] as the driver answers it: an array (node-postgres) or its literal (some PGlite paths). */
function pgArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',');
}

/** The manager's latest saved line-up up to week `n` (the line-ups are oldest first). */
export const latestUpTo = (saved: SavedLineup[], userId: string, n: number): SavedLineup | null => {
  let found: SavedLineup | null = null;
  for (const l of saved) if (l.userId === userId && l.weekNumber <= n) found = l;
  return found;
};

export const bare = (l: SavedLineup | null): FantaLineup | null =>
  l && {
    starters: l.starters,
    bench: l.bench,
    captainPlayerId: l.captainPlayerId,
    viceCaptainPlayerId: l.viceCaptainPlayerId,
  };

/** The week a request names, or (none named) the next one to set, else the one being played. */
function pickWeek(weeks: SeasonWeek[], weekId: string | undefined, now: Date): SeasonWeek {
  if (weekId) {
    const w = weeks.find((x) => x.id === weekId);
    if (!w) throw notFound(S.weekNotFound, 'WEEK_NOT_FOUND');
    return w;
  }
  const { next, current } = captainChoiceWeeks(weeks, now);
  const w = next ?? current ?? weeks.at(-1);
  if (!w) throw notFound(S.weekNotFound, 'WEEK_NOT_FOUND');
  return w;
}

export interface LineupView {
  week: {
    id: string;
    weekNumber: number;
    name: string;
    locksAt: string | null;
    locked: boolean;
    complete: boolean;
    counted: boolean;
  };
  /** the weeks the page offers: the season's weeks played or being played, and the first one still to set */
  weeks: { id: string; weekNumber: number; name: string; locked: boolean }[];
  serverNow: string;
  /** the manager may still change it (season started, week not locked) */
  editable: boolean;
  /** he saved a line-up for this very week (otherwise it is carried over, or the default) */
  savedForWeek: boolean;
  captainMultiplier: number;
  viceCaptainEnabled: boolean;
  lineup: FantaLineup;
  players: {
    playerId: string;
    name: string;
    team: string;
    role: Role;
    price: number;
    played: boolean;
    points: number;
  }[];
  /** once locked: the week as it stands (after the substitutes once the week is complete) */
  result: FantaWeekResult | null;
}

/** A manager's line-up of a week: the one he set, else carried over or the default, fitted to his squad. */
export async function getLineup(
  db: Database,
  userId: string,
  id: string,
  weekId?: string,
): Promise<LineupView> {
  const f = await leagueFor(db, userId, id);
  const weeks = await seasonWeeks(db, id);
  const { rows: clock } = await db.execute<{ now: string }>(
    sql`select ${isoSql(sql`clock_timestamp()`)} as now`,
  );
  const serverNow = clock[0]!.now;
  const next = weeks.length > 0 ? pickWeek(weeks, undefined, new Date(serverNow)) : null;
  const week = weekId ? pickWeek(weeks, weekId, new Date(serverNow)) : next;
  if (!week) throw notFound(S.weekNotFound, 'WEEK_NOT_FOUND');
  // the picker's week to set: the first one not locked that has a match (weeks lock in order as a rule)
  const open = weeks.find((w) => !w.locked && w.locksAt !== null) ?? next;
  const option = optionOf(f);
  const squad = week.locked
    ? (squadsAtLocks(await leagueHistory(db, id), [week]).get(`${week.id}|${userId}`) ?? [])
    : await currentSquad(db, id, userId);
  const saved = await savedLineups(db, id, userId);
  const own = latestUpTo(saved, userId, week.weekNumber);
  const lineup = effectiveLineup(squad, bare(own), option);
  const points = week.locked
    ? playerWeeks(await playerWeekRows(db, f.leagueId, [week.id]), await rulesForLeague(db, f.leagueId))
    : new Map<string, Map<string, FantaPlayerWeek>>();
  const weekOf = (p: string) => points.get(week.id)?.get(p);
  const { rows: names } = await db.execute<{ id: string; name: string; team: string }>(sql`
    select id, name, team from players where id = any(${sql.param(squad.map((p) => p.playerId))}::uuid[])`);
  const nameOf = new Map(names.map((n) => [n.id, n]));
  return {
    week: {
      id: week.id,
      weekNumber: week.weekNumber,
      name: week.name,
      locksAt: week.locksAt?.toISOString() ?? null,
      locked: week.locked,
      complete: week.complete,
      counted: week.counted,
    },
    weeks: weeks
      .filter((w) => (w.counted && w.locked) || w === open || w === week)
      .map((w) => ({ id: w.id, weekNumber: w.weekNumber, name: w.name, locked: w.locked })),
    serverNow,
    editable: f.auctionEndedAt !== null && !week.locked && squad.length > 0,
    savedForWeek: own?.weekNumber === week.weekNumber,
    captainMultiplier: option.captainMultiplier,
    viceCaptainEnabled: option.viceCaptainEnabled,
    lineup,
    players: squad
      .map((p) => ({
        ...p,
        name: nameOf.get(p.playerId)?.name ?? '',
        team: nameOf.get(p.playerId)?.team ?? '',
        played: weekOf(p.playerId)?.played ?? false,
        points: weekOf(p.playerId)?.points ?? 0,
      }))
      .sort((a, b) => b.price - a.price || a.name.localeCompare(b.name)),
    result: week.locked && week.counted ? fantaWeek(squad, lineup, weekOf, week.complete, option) : null,
  };
}

/**
 * Sets a manager's line-up for a week not yet locked. The league's row is held (FOR SHARE) so a release or an
 * assignment cannot change the squad between the check and the write; the lock is the database's clock.
 */
export async function saveLineup(
  db: Database,
  p: { userId: string; id: string; weekId: string } & FantaLineup,
): Promise<void> {
  await db.transaction(async (tx) => {
    const f = await leagueFor(tx, p.userId, p.id, true);
    if (f.auctionEndedAt === null) throw conflict(S.seasonNotStarted, 'SEASON_NOT_STARTED');
    const { rows } = await tx.execute<{ found: boolean; locked: boolean }>(sql`
      select true as found, coalesce(min(m.date) <= clock_timestamp(), false) as locked
      from weeks w left join matches m on m.week_id = w.id
      where w.id = ${p.weekId} and w.league_id = ${f.leagueId} group by w.id`);
    if (!rows[0]) throw notFound(S.weekNotFound, 'WEEK_NOT_FOUND');
    if (rows[0].locked) throw conflict(S.weekLocked, 'WEEK_LOCKED');
    const refusal = checkLineup(await currentSquad(tx, p.id, p.userId), p, optionOf(f));
    if (refusal) throw badRequest(refusal.message, refusal.code);
    await tx.execute(sql`
      insert into fanta_lineups (fanta_league_id, user_id, week_id, starters, bench, captain_player_id, vice_player_id)
      values (${p.id}, ${p.userId}, ${p.weekId}, ${sql.param(p.starters)}::uuid[], ${sql.param(p.bench)}::uuid[],
              ${p.captainPlayerId}, ${p.viceCaptainPlayerId})
      on conflict (fanta_league_id, user_id, week_id) do update set starters = excluded.starters,
        bench = excluded.bench, captain_player_id = excluded.captain_player_id,
        vice_player_id = excluded.vice_player_id, updated_at = now()`);
  });
}

/** Whether the season's first week has locked: the captain option is fixed from then on. */
export async function seasonLocked(db: DbOrTx, id: string): Promise<boolean> {
  const { rows } = await db.execute<{ locked: boolean }>(sql`
    select exists (
      select 1 from fanta_leagues f join weeks w on w.league_id = f.league_id
      join matches m on m.week_id = w.id
      where f.id = ${id} and f.auction_ended_at is not null
      group by w.id having min(m.date) >= min(f.auction_ended_at) and min(m.date) <= clock_timestamp()
    ) as locked`);
  return Boolean(rows[0]?.locked);
}

/** A member of the league (the manager a breakdown is asked for): his name; 404 otherwise. */
async function memberName(db: DbOrTx, id: string, userId: string): Promise<string> {
  const { rows } = await db.execute<{ username: string }>(sql`
    select u.username from fanta_league_members m join users u on u.id = m.user_id
    where m.fanta_league_id = ${id} and m.user_id = ${userId}`);
  if (!rows[0]) throw notFound(S.managerNotFound, 'MANAGER_NOT_FOUND');
  return rows[0].username;
}

export interface WeekBreakdown {
  week: { id: string; weekNumber: number; name: string; complete: boolean };
  manager: { userId: string; username: string };
  points: number;
  lineup: FantaLineup;
  fielded: {
    role: Role;
    playerId: string | null;
    name: string;
    team: string;
    played: boolean;
    points: number;
    games: { matchId: string; match: string; gameNumber: number; points: number }[];
    seriesMvpPoints: number;
  }[];
  substitutions: (FantaWeekResult['substitutions'][number] & { inName: string; outName: string | null })[];
  captain: (NonNullable<FantaWeekResult['captain']> & { name: string }) | null;
}

/**
 * A manager's week opened up (any member may look, once the week has locked: before, line-ups are secret): the
 * fielded players after the substitutes with each one's games and series MVP points, and the captain's line.
 * The players' points are the same rows the table sums, so the lines add up exactly to the week.
 */
export async function weekBreakdown(
  db: Database,
  p: { userId: string; id: string; weekId: string; managerUserId: string },
): Promise<WeekBreakdown> {
  const f = await leagueFor(db, p.userId, p.id);
  const username = await memberName(db, p.id, p.managerUserId);
  const week = (await seasonWeeks(db, p.id)).find((w) => w.id === p.weekId);
  if (!week) throw notFound(S.weekNotFound, 'WEEK_NOT_FOUND');
  if (!week.locked || !week.counted) throw conflict(S.weekNotPlayed, 'WEEK_NOT_PLAYED');
  const option = optionOf(f);
  const squad =
    squadsAtLocks(await leagueHistory(db, p.id), [week]).get(`${week.id}|${p.managerUserId}`) ?? [];
  const saved = await savedLineups(db, p.id, p.managerUserId);
  const lineup = effectiveLineup(squad, bare(latestUpTo(saved, p.managerUserId, week.weekNumber)), option);
  const rules = await rulesForLeague(db, f.leagueId);
  const points = playerWeeks(await playerWeekRows(db, f.leagueId, [week.id]), rules).get(week.id);
  const result = fantaWeek(squad, lineup, (x) => points?.get(x), week.complete, option);
  const ids = squad.map((x) => x.playerId);
  const { rows: games } = await db.execute<{
    playerId: string;
    matchId: string;
    match: string;
    gameNumber: number;
    points: string;
  }>(sql`
    select s.player_id as "playerId", s.match_id as "matchId", m.team1 || ' – ' || m.team2 as match,
      s.game_number as "gameNumber", coalesce(s.points, 0) as points
    from player_stats s join matches m on m.id = s.match_id
    where m.week_id = ${week.id} and m.completed and s.player_id = any(${sql.param(ids)}::uuid[])
    order by m.date, m.id, s.game_number`);
  const { rows: mvps } = await db.execute<{ playerId: string; n: number }>(sql`
    select sm.player_id as "playerId", count(*)::int as n
    from series_mvp sm join matches m on m.id = sm.match_id
    where m.week_id = ${week.id} and m.completed and sm.player_id = any(${sql.param(ids)}::uuid[])
    group by sm.player_id`);
  const { rows: names } = await db.execute<{ id: string; name: string; team: string }>(sql`
    select id, name, team from players where id = any(${sql.param(ids)}::uuid[])`);
  const nameOf = new Map(names.map((x) => [x.id, x]));
  const nameOrNull = (x: string | null) => (x ? (nameOf.get(x)?.name ?? '') : null);
  return {
    week: { id: week.id, weekNumber: week.weekNumber, name: week.name, complete: week.complete },
    manager: { userId: p.managerUserId, username },
    points: result.points,
    lineup,
    fielded: result.fielded.map((x) => ({
      ...x,
      name: nameOrNull(x.playerId) ?? '',
      team: x.playerId ? (nameOf.get(x.playerId)?.team ?? '') : '',
      games: games
        .filter((g) => g.playerId === x.playerId)
        .map((g) => ({
          matchId: g.matchId,
          match: g.match,
          gameNumber: Number(g.gameNumber),
          points: Number(g.points),
        })),
      seriesMvpPoints: rules.seriesMvpPoints * Number(mvps.find((m) => m.playerId === x.playerId)?.n ?? 0),
    })),
    substitutions: result.substitutions.map((x) => ({
      ...x,
      inName: nameOrNull(x.inPlayerId) ?? '',
      outName: nameOrNull(x.outPlayerId),
    })),
    captain: result.captain && { ...result.captain, name: nameOrNull(result.captain.playerId) ?? '' },
  };
}
