import { type LeagueStatus, nextMarketBlockStart, ROSTER_LIMITS } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { planEvent } from './enqueue.ts';

const HOUR = 3_600_000;

/** The reminders before a deadline: how long before it each is sent. */
export const REMINDER_LEADS = {
  market_block_2h: 2 * HOUR,
  week_lock_24h: 24 * HOUR,
  week_lock_1h: HOUR,
  auction_start_1h: HOUR,
} as const;

/**
 * Writes the reminders whose moment has come: each deadline is read from the data as it is now, so a
 * deadline an admin moves moves its reminders (the event's key carries the deadline's instant: a moved one
 * is a new event, and a reminder for the old instant that was not sent yet expires at it). A server that
 * was down catches up on start, as long as the deadline itself has not passed. Returns the messages written.
 */
export async function planReminders(db: Database, now: Date, onChunk?: () => void): Promise<number> {
  return (
    (await planMarketBlocks(db, now, onChunk)) +
    (await planWeekLocks(db, now, onChunk)) +
    (await planAuctionStarts(db, now, onChunk))
  );
}

async function planMarketBlocks(db: Database, now: Date, onChunk?: () => void): Promise<number> {
  const rows = await db.execute<{
    id: string;
    name: string;
    status: LeagueStatus;
    market_block_timezone: string;
    market_block_start_time: string;
    market_block_end_time: string;
  }>(sql`
    select id, name, status, market_block_timezone, market_block_start_time, market_block_end_time
    from leagues where status <> 'Completed' and market_block_start_time is not null`);
  let written = 0;
  for (const league of rows.rows) {
    const start = nextMarketBlockStart(
      {
        timezone: league.market_block_timezone,
        startTime: league.market_block_start_time,
        endTime: league.market_block_end_time,
      },
      now,
    );
    if (!start || start.getTime() - REMINDER_LEADS.market_block_2h > now.getTime()) continue;
    const target = `${league.id}:${start.toISOString()}`;
    const payload = {
      leagueId: league.id,
      leagueName: league.name,
      at: start.toISOString(),
      timezone: league.market_block_timezone,
    };
    written += await planEvent(
      db,
      {
        kind: 'market_block_2h',
        target,
        expiresAt: start,
        dueAt: now,
        recipients: sql`select r.user_id, ${JSON.stringify(payload)}::jsonb from rosters r where r.league_id = ${league.id}`,
      },
      { onChunk },
    );
  }
  return written;
}

/**
 * A Lega Fanta's auction with a start time (issue 31), not started yet, starting within the hour: its managers
 * are told. The owner starts it by hand, so the time is the one announced; one he moves is a new event (the
 * target carries it) and the old one's unsent messages expire at the old time.
 */
async function planAuctionStarts(db: Database, now: Date, onChunk?: () => void): Promise<number> {
  const horizon = new Date(now.getTime() + REMINDER_LEADS.auction_start_1h);
  const auctions = await db.execute<{ id: string; name: string; starts_at: Date | string }>(sql`
    select id, name, starts_at from fanta_leagues
    where status = 'setup' and starts_at > ${now.toISOString()}::timestamptz
      and starts_at <= ${horizon.toISOString()}::timestamptz`);
  let written = 0;
  for (const auction of auctions.rows) {
    const startsAt = new Date(auction.starts_at);
    const target = `${auction.id}:${startsAt.toISOString()}`;
    const payload = {
      legaName: auction.name,
      at: startsAt.toISOString(),
      url: `/leghe-fanta/${auction.id}/asta`,
    };
    written += await planEvent(
      db,
      {
        kind: 'auction_start_1h',
        target,
        expiresAt: startsAt,
        dueAt: now,
        recipients: sql`select m.user_id, ${JSON.stringify(payload)}::jsonb from fanta_league_members m
          where m.fanta_league_id = ${auction.id}`,
      },
      { onChunk },
    );
  }
  return written;
}

/**
 * A week locks at its first match's start (packages/core captain.ts). Its reminders go only to the rosters
 * that miss something then: fewer players than the roster holds, or no captain chosen for the week (or an
 * earlier one, still in force) in a league whose captain option is on. The Lega Fanta line-up is added by
 * its feature (docs/notifications.md).
 */
async function planWeekLocks(db: Database, now: Date, onChunk?: () => void): Promise<number> {
  const horizon = new Date(now.getTime() + REMINDER_LEADS.week_lock_24h);
  const weeks = await db.execute<{
    week_id: string;
    league_id: string;
    league_name: string;
    week_name: string;
    week_number: number;
    locks_at: Date | string;
  }>(sql`
    select w.id as week_id, w.league_id, l.name as league_name, w.name as week_name, w.week_number,
      min(m.date) as locks_at
    from weeks w
    join leagues l on l.id = w.league_id and l.status <> 'Completed'
    join matches m on m.week_id = w.id
    where not w.is_closed
    group by w.id, l.name
    having min(m.date) > ${now.toISOString()}::timestamptz and min(m.date) <= ${horizon.toISOString()}::timestamptz`);
  let written = 0;
  for (const week of weeks.rows) {
    const locksAt = new Date(week.locks_at);
    for (const kind of ['week_lock_24h', 'week_lock_1h'] as const) {
      if (locksAt.getTime() - REMINDER_LEADS[kind] > now.getTime()) continue;
      // the 24-hour reminder of a week that was less than 24 h away when it was made is not sent beside the 1-hour one
      if (kind === 'week_lock_24h' && locksAt.getTime() - REMINDER_LEADS.week_lock_1h <= now.getTime())
        continue;
      const target = `${week.week_id}:${locksAt.toISOString()}`;
      written += await planEvent(
        db,
        {
          kind,
          target,
          expiresAt: locksAt,
          dueAt: now,
          recipients: sql`
            with rules as (
              select coalesce(
                (select captain_multiplier from scoring_rules where league_id = ${week.league_id}),
                (select captain_multiplier from scoring_rules where league_id is null), 1) <> 1 as captain_on
            ),
            missing as (
              select r.user_id,
                array_remove(array[
                  case when r.player_count < ${ROSTER_LIMITS.players} then 'roster' end,
                  case when (select captain_on from rules) and not exists (
                    select 1 from roster_captains rc join weeks cw on cw.id = rc.week_id
                    where rc.roster_id = r.id and cw.week_number <= ${week.week_number}
                  ) then 'captain' end
                ], null) as missing
              from rosters r where r.league_id = ${week.league_id}
            )
            select user_id, jsonb_build_object('leagueId', ${week.league_id}::text, 'leagueName', ${week.league_name}::text,
              'weekName', ${week.week_name}::text, 'at', ${locksAt.toISOString()}::text, 'missing', to_jsonb(missing))
            from missing where cardinality(missing) > 0`,
        },
        { onChunk },
      );
    }
  }
  return written;
}
