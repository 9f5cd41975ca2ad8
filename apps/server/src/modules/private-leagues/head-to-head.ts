import { randomInt } from 'node:crypto';
import { type H2hSettings, h2hTable, MESSAGES, type PlayedFixture, roundPairing } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx, Transaction } from '../../db/client.ts';
import { h2hFixtures, h2hRounds } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { enqueueNotifications } from '../notifications/index.ts';
import { lockForMember, lockForOwner } from './private-leagues.ts';

/**
 * Head-to-head private leagues (issue 30, docs/head-to-head.md). The calendar is stored (h2h_rounds,
 * h2h_fixtures); each match-up's points and goals are kept from the stored week points by the triggers of
 * migration 0019 (`h2h_refresh`: one statement for every league of a week), so a page reads them as they
 * are. A round's status comes from its week: scheduled before it starts, live until it is closed, final.
 */

const M = MESSAGES.privateLeagues;
const privateNotFound = () => notFound(M.notFound, 'PRIVATE_LEAGUE_NOT_FOUND');
const notH2h = () => conflict(M.notH2h, 'NOT_H2H');

/** Whether a round of the calendar has begun (its week has started): the calendar and rule are then fixed. */
async function calendarStarted(tx: DbOrTx, privateLeagueId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ started: boolean }>(sql`
    select exists (select 1 from h2h_rounds r join weeks w on w.id = r.week_id
                   where r.private_league_id = ${privateLeagueId} and w.start_date <= current_date) as started`);
  return Boolean(rows[0]?.started);
}

/** A uniform shuffle (Fisher–Yates with the CSPRNG): nobody picks his seat, so nobody picks his opponents. */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Writes rounds `first`.. of the calendar for `weeks` (in order), the seats turning by the circle method
 * with home and away swapped each cycle, then sets their match-ups' results from the stored week points.
 */
async function writeRounds(
  tx: Transaction,
  privateLeagueId: string,
  seats: string[],
  weekIds: string[],
  first: number,
) {
  if (weekIds.length === 0) return;
  const { rows } = await tx.execute<{ id: string; user_id: string }>(
    sql`select id, user_id from rosters where id = any(${sql.param(seats)}::uuid[])`,
  );
  const userOf = new Map(rows.map((r) => [r.id, r.user_id]));
  const rounds: (typeof h2hRounds.$inferInsert)[] = [];
  const fixtures: (typeof h2hFixtures.$inferInsert)[] = [];
  weekIds.forEach((weekId, k) => {
    const round = first + k;
    const pairing = roundPairing(seats.length, round - 1);
    const rest = pairing.rest === null ? null : seats[pairing.rest]!;
    rounds.push({
      privateLeagueId,
      round,
      weekId,
      restingRosterId: rest,
      restingUserId: rest ? (userOf.get(rest) ?? null) : null,
    });
    pairing.pairs.forEach(([h, a], slot) => {
      const home = seats[h]!;
      const away = seats[a]!;
      const homeUser = userOf.get(home);
      const awayUser = userOf.get(away);
      // a roster gone since the draw (its user deleted) plays no more match-ups
      if (!homeUser || !awayUser) return;
      fixtures.push({
        privateLeagueId,
        round,
        slot,
        weekId,
        homeRosterId: home,
        awayRosterId: away,
        homeUserId: homeUser,
        awayUserId: awayUser,
      });
    });
  });
  await tx.insert(h2hRounds).values(rounds);
  if (fixtures.length > 0) await tx.insert(h2hFixtures).values(fixtures);
  await tx.execute(sql`select h2h_refresh(${sql.param(weekIds)}::uuid[], ${privateLeagueId}::uuid)`);
}

/**
 * "Genera calendario": the owner draws the seats and writes one round for each week of the official league
 * from the first not yet started to the last. Allowed again until the first round starts; the members are
 * frozen from the first draw on.
 */
export async function generateCalendar(db: Database, p: { userId: string; id: string }) {
  await db.transaction(async (tx) => {
    const pl = await lockForOwner(tx, p.userId, p.id);
    if (pl.format !== 'h2h') throw notH2h();
    if (pl.seats && (await calendarStarted(tx, pl.id))) throw conflict(M.h2hStarted, 'CALENDAR_STARTED');
    const { rows: members } = await tx.execute<{ roster_id: string }>(sql`
      select roster_id from private_league_members where private_league_id = ${pl.id} order by roster_id`);
    if (members.length < 2) throw conflict(M.h2hTooFewMembers, 'TOO_FEW_MEMBERS');
    const { rows: weeks } = await tx.execute<{ id: string }>(sql`
      select id from weeks where league_id = ${pl.leagueId} and start_date > current_date order by week_number`);
    if (weeks.length === 0) throw conflict(M.h2hNoWeeks, 'NO_WEEKS_LEFT');
    const seats = shuffled(members.map((m) => m.roster_id));
    await tx.delete(h2hRounds).where(sql`${h2hRounds.privateLeagueId} = ${pl.id}`);
    await tx.execute(sql`
      update private_leagues set h2h_seats = ${sql.param(seats)}::uuid[], updated_at = now() where id = ${pl.id}`);
    await writeRounds(
      tx,
      pl.id,
      seats,
      weeks.map((w) => w.id),
      1,
    );
  });
  return getCalendar(db, p);
}

/** The owner's result rule; fixed once the first round has started. */
export async function updateH2hSettings(
  db: Database,
  p: { userId: string; id: string; settings: H2hSettings },
) {
  await db.transaction(async (tx) => {
    const pl = await lockForOwner(tx, p.userId, p.id);
    if (pl.format !== 'h2h') throw notH2h();
    if (await calendarStarted(tx, pl.id)) throw conflict(M.h2hSettingsLocked, 'CALENDAR_STARTED');
    await tx.execute(sql`
      update private_leagues set h2h_rule = ${p.settings.rule}, h2h_band_start = ${p.settings.bandStart},
        h2h_band_step = ${p.settings.bandStep}, updated_at = now()
      where id = ${pl.id}`);
    await tx.execute(sql`
      select h2h_refresh(array(select week_id from h2h_rounds where private_league_id = ${pl.id}), ${pl.id}::uuid)`);
  });
}

interface LeagueRow extends Record<string, unknown> {
  id: string;
  format: string;
  seats: boolean;
  missing_weeks: boolean;
}

/**
 * The private league for a member (404 for anyone else; 409 for a classic one), its calendar first extended
 * with rounds for the weeks the official league added after the draw.
 */
async function h2hLeagueFor(db: Database, userId: string, id: string) {
  const { rows } = await db.execute<LeagueRow>(sql`
    select pl.id, pl.format, pl.h2h_seats is not null as seats,
           pl.h2h_seats is not null and exists (
             select 1 from weeks w where w.league_id = pl.league_id and w.week_number > coalesce((
               select max(lw.week_number) from h2h_rounds r join weeks lw on lw.id = r.week_id
               where r.private_league_id = pl.id), 0)) as missing_weeks
    from private_leagues pl
    join private_league_members m on m.private_league_id = pl.id and m.user_id = ${userId}
    where pl.id = ${id}`);
  const pl = rows[0];
  if (!pl) throw privateNotFound();
  if (pl.format !== 'h2h') throw notH2h();
  if (pl.missing_weeks) await appendRounds(db, userId, id);
  return pl;
}

/** Rounds for the official league's weeks numbered after the calendar's last one (added later). */
async function appendRounds(db: Database, userId: string, id: string) {
  await db.transaction(async (tx) => {
    const pl = await lockForMember(tx, userId, id);
    if (!pl.seats) return;
    const { rows } = await tx.execute<{ id: string; last_round: number }>(sql`
      with last as (
        select coalesce(max(r.round), 0) as round, coalesce(max(w.week_number), 0) as week_number
        from h2h_rounds r join weeks w on w.id = r.week_id where r.private_league_id = ${pl.id})
      select w.id, last.round as last_round from weeks w, last
      where w.league_id = ${pl.leagueId} and w.week_number > last.week_number
      order by w.week_number`);
    if (rows.length === 0) return;
    await writeRounds(
      tx,
      pl.id,
      pl.seats,
      rows.map((r) => r.id),
      Number(rows[0]!.last_round) + 1,
    );
  });
}

export type RoundStatus = 'scheduled' | 'live' | 'final';

interface FixtureOut extends PlayedFixture {
  homeRosterId: string;
  awayRosterId: string;
  homeUsername: string;
  awayUsername: string;
}

interface RoundRow extends Record<string, unknown> {
  round: number;
  weekId: string;
  weekName: string;
  weekNumber: number;
  status: RoundStatus;
  counted: boolean;
  restingUserId: string | null;
  restingUsername: string | null;
  fixtures: FixtureOut[];
}

/** Every round with its match-ups and results, in one statement. */
async function readRounds(db: DbOrTx, id: string) {
  const { rows } = await db.execute<RoundRow>(sql`
    select r.round, r.week_id as "weekId", w.name as "weekName", w.week_number as "weekNumber",
           case when w.is_closed then 'final' when w.start_date <= current_date then 'live' else 'scheduled' end
             as status,
           w.is_closed or (w.start_date <= current_date
             and exists (select 1 from matches m where m.week_id = w.id and m.completed)) as counted,
           r.resting_user_id as "restingUserId", rr.username as "restingUsername",
           coalesce((
             select json_agg(json_build_object(
               'homeUserId', f.home_user_id, 'awayUserId', f.away_user_id,
               'homeRosterId', f.home_roster_id, 'awayRosterId', f.away_roster_id,
               'homeUsername', coalesce(hr.username, ''), 'awayUsername', coalesce(ar.username, ''),
               'homePoints', f.home_points, 'awayPoints', f.away_points,
               'homeGoals', f.home_goals, 'awayGoals', f.away_goals) order by f.slot)
             from h2h_fixtures f
             left join rosters hr on hr.id = f.home_roster_id
             left join rosters ar on ar.id = f.away_roster_id
             where f.private_league_id = r.private_league_id and f.round = r.round), '[]') as fixtures
    from h2h_rounds r
    join weeks w on w.id = r.week_id
    left join rosters rr on rr.id = r.resting_roster_id
    where r.private_league_id = ${id}
    order by r.round`);
  return rows.map((r) => ({
    ...r,
    round: Number(r.round),
    weekNumber: Number(r.weekNumber),
    fixtures: (typeof r.fixtures === 'string' ? JSON.parse(r.fixtures) : r.fixtures).map((f: FixtureOut) => ({
      ...f,
      homePoints: Number(f.homePoints),
      awayPoints: Number(f.awayPoints),
    })) as FixtureOut[],
  }));
}

/**
 * A member's read of the league with its rounds: the membership check and the rounds go out together (one
 * round trip); the rounds are thrown away unless the reader is a member of a head-to-head league, and read
 * again after rounds are appended for weeks added later.
 */
async function roundsFor(db: Database, p: { userId: string; id: string }) {
  const [pl, rounds] = await Promise.all([h2hLeagueFor(db, p.userId, p.id), readRounds(db, p.id)]);
  return { pl, rounds: pl.missing_weeks ? await readRounds(db, p.id) : rounds };
}

/** The calendar: every round with its week, status, match-ups, points and goals, and who rests. */
export async function getCalendar(db: Database, p: { userId: string; id: string }) {
  const { rounds } = await roundsFor(db, p);
  return { rounds: rounds.map(({ counted: _c, ...r }) => r) };
}

/**
 * The table from the rounds that count: closed weeks, and the live week once one of its matches is
 * completed (a week just begun would read as everyone's 0–0 draw). Members are the seats of the calendar
 * (all members before it is drawn).
 */
export async function getTable(db: Database, p: { userId: string; id: string }) {
  const [{ rounds }, { rows: members }] = await Promise.all([
    roundsFor(db, p),
    db.execute<{ userId: string; username: string }>(sql`
      select r.user_id as "userId", r.username from private_leagues pl
      join rosters r on r.id = any(coalesce(pl.h2h_seats,
        array(select roster_id from private_league_members where private_league_id = pl.id)))
      where pl.id = ${p.id}`),
  ]);
  const played = rounds.filter((r) => r.counted).flatMap((r) => r.fixtures);
  return { rows: h2hTable(members, played) };
}

/**
 * "Risultato della giornata" (issue 33, `h2h_result`): the week's close makes every head-to-head round of that
 * week final, in every private league of the official league. One statement in the close's transaction: a
 * message per member of each match-up (the resting member played none), target the round
 * (`privateLeagueId:round`), so a round is announced once per member whoever closes it, however often.
 * Score and outcome from the member's side. A user gone since the draw gets nothing.
 */
export async function enqueueH2hResults(tx: DbOrTx, weekId: string) {
  await enqueueNotifications(tx, {
    kind: 'h2h_result',
    recipients: sql`
      select s.user_id,
        jsonb_build_object('leagueName', pl.name, 'roundName', 'Giornata ' || f.round || ' · ' || w.name,
          'outcome', case when s.mine > s.theirs then 'win' when s.mine = s.theirs then 'draw' else 'loss' end,
          'score', s.mine || '-' || s.theirs,
          'url', '/leaderboard?league=' || pl.league_id || '&private=' || pl.id),
        pl.id || ':' || f.round
      from h2h_fixtures f
      join private_leagues pl on pl.id = f.private_league_id
      join weeks w on w.id = f.week_id
      cross join lateral (values (f.home_user_id, f.home_goals, f.away_goals),
        (f.away_user_id, f.away_goals, f.home_goals)) as s(user_id, mine, theirs)
      join users u on u.id = s.user_id
      where f.week_id = ${weekId}`,
  });
}
