import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { fantaAgents, fantaSeason, ROLES } from '../../test/fanta-fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { rulesForLeague } from '../points/scoring-rules.ts';
import { fantaStandings, readWeeksAhead } from './season-standings.ts';
import { forgetStandings } from './standings-cache.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const agents = fantaAgents(() => ctx, 'fc');
const { user, ok } = agents;
const db = () => ctx.database.db;

type Season = Awaited<ReturnType<typeof fantaSeason>>;

/**
 * A "Scontri diretti" Lega Fanta (so the calendar is part of every answer) with week 1 played: match A (T2
 * beats T1, T2's Mid series MVP) and match B (T3 beats T4, T3's ADC with more kills than T2's) saved, so week 1
 * is complete; week 2 ahead.
 */
async function playedSeason(): Promise<Season> {
  const s = await fantaSeason(() => ctx, agents, {
    format: 'h2h',
    h2h: { rule: 'points', bandStart: 60, bandStep: 10 },
  });
  await s.begin();
  await s.save(s.matchA, 2, 1, { mvp: s.p(2, 'Mid').id });
  await s.save(s.matchB, 3, 4, { kills: (p) => (p === s.p(3, 'ADC').id ? 6 : 2) });
  return s;
}

const read = (s: Season, who = s.owner, id = s.id) => ok(who, 'GET', `/api/fanta-leagues/${id}/standings`);

/** Week 2's match (T0–T1) begins half an hour ago and is saved, `kills` its players': week 2 is played. */
async function playWeek2(s: Season, kills = 2) {
  const { rows } = await db().execute<{ id: string }>(sql`
    update matches set date = now() - interval '30 minutes' where week_id = ${s.week2.id} returning id`);
  await s.save(rows[0]!.id, 0, 1, { kills: () => kills });
}

/** Each manager's points of the answer's week `weekId`, by user. */
const weekOf = (answer: Awaited<ReturnType<typeof read>>, weekId: string) => {
  const i = answer.weeks.findIndex((w: { id: string }) => w.id === weekId);
  return Object.fromEntries(
    answer.standings.map((r: { userId: string; weekPoints: number[] }) => [r.userId, r.weekPoints[i]]),
  );
};

/**
 * The kept standings (read twice: the second read is answered from the process's copy), then `change`, then
 * a read in the same process: it must show the change, i.e. differ from before and equal what a process
 * with nothing kept computes.
 */
async function showsChange(s: Season, change: () => Promise<unknown>) {
  const before = await read(s);
  expect(await read(s)).toEqual(before);
  await change();
  const after = await read(s);
  forgetStandings(db());
  expect(after).toEqual(await read(s));
  expect(after).not.toEqual(before);
  return after;
}

describe('Lega Fanta standings kept per process', () => {
  it("moves with every input of the official league: statistics, series MVP, matches, weeks, scoring rules, players' roles", async () => {
    const s = await playedSeason();
    const L = s.world.league.id;
    // the kept answer's JSON is the same bytes, with the same type, as the answer computed
    const raw = () => agents.call(s.owner, 'GET', `/api/fanta-leagues/${s.id}/standings`);
    forgetStandings(db());
    const computed = await raw();
    const kept = await raw();
    expect(kept.body).toBe(computed.body);
    expect(kept.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(computed.headers['content-type']).toBe('application/json; charset=utf-8');
    const first = await read(s);
    expect(first.weeks).toHaveLength(1);
    expect(first.h2h.rounds.length).toBeGreaterThan(0);

    // a game's stored points (as a rescoring writes them)
    await showsChange(s, () =>
      db().execute(
        sql`update player_stats set points = points + 7 where match_id = ${s.matchA} and player_id = ${s.p(1, 'Mid').id}`,
      ),
    );
    // the series MVP taken away, then given to another player
    await showsChange(s, () => db().execute(sql`delete from series_mvp where match_id = ${s.matchA}`));
    await showsChange(s, () =>
      db().execute(sql`
        insert into series_mvp (match_id, player_id, league_id, week_id)
        values (${s.matchA}, ${s.p(2, 'Top').id}, ${L}, ${s.week1.id})`),
    );
    // the series MVP's points in the league's own rules (made, then changed), then in the global rules it
    // falls back to (saved twice: the second save updates the row)
    const rules = await rulesForLeague(db(), L);
    const mvpPoints = (url: string, seriesMvpPoints: number) =>
      showsChange(s, () => ok(s.admin, 'PUT', url, { ...rules, seriesMvpPoints }));
    await mvpPoints(`/api/admin/scoring-rules/league/${L}`, rules.seriesMvpPoints + 3);
    await mvpPoints(`/api/admin/scoring-rules/league/${L}`, rules.seriesMvpPoints + 4);
    await showsChange(s, () => db().execute(sql`delete from scoring_rules where league_id = ${L}`));
    await mvpPoints('/api/admin/scoring-rules', rules.seriesMvpPoints + 5);
    await mvpPoints('/api/admin/scoring-rules', rules.seriesMvpPoints + 6);
    // a match no longer completed: week 1 is not complete, its points leave
    await showsChange(s, () =>
      db().execute(sql`update matches set completed = false where id = ${s.matchB}`),
    );
    await showsChange(s, () => db().execute(sql`update matches set completed = true where id = ${s.matchB}`));
    // a match moved before the auction's end: week 1 no longer counts
    const moved = await showsChange(s, () =>
      db().execute(sql`update matches set date = now() - interval '3 days' where id = ${s.matchA}`),
    );
    expect(moved.weeks).toEqual([]);
    await showsChange(s, () =>
      db().execute(sql`update matches set date = now() - interval '2 hours' where id = ${s.matchA}`),
    );
    // a match moved to week 2 (both weeks move: week 1 loses its points, week 2 locks with them), and back
    await showsChange(s, () =>
      db().execute(sql`update matches set week_id = ${s.week2.id} where id = ${s.matchB}`),
    );
    await showsChange(s, () =>
      db().execute(sql`update matches set week_id = ${s.week1.id} where id = ${s.matchB}`),
    );
    // a week renamed, and a new week (a round to be played in the calendar)
    await showsChange(s, () => db().execute(sql`update weeks set name = 'Prima' where id = ${s.week1.id}`));
    await showsChange(s, () =>
      db().execute(sql`
        insert into weeks (league_id, week_number, name, start_date, end_date)
        values (${L}, 3, 'Settimana 3', current_date + 20, current_date + 26)`),
    );
    // a role: T1's Top as a Mid leaves the owner's Top without a substitute who played
    await showsChange(s, () =>
      db().execute(sql`update players set role = 'Mid' where id = ${s.p(1, 'Top').id}`),
    );
  });

  it('moves with every input of the Lega Fanta: its settings, members, names, history and line-ups; a non-member still gets 404', async () => {
    const s = await playedSeason();
    const id = (t: number, r: (typeof ROLES)[number]) => s.p(t, r).id;
    // the settings: the result rule, then the format
    await showsChange(s, () =>
      db().execute(sql`update fanta_leagues set h2h_rule = 'bands' where id = ${s.id}`),
    );
    await showsChange(s, () =>
      db().execute(sql`update fanta_leagues set format = 'classic', h2h_rule = null where id = ${s.id}`),
    );
    // a line-up for the locked week (as one saved before its lock): T3's ADC starts instead of T2's, captain
    // T2's Mid; then the captain option on, then the captain taken off the line-up
    await showsChange(s, () =>
      db().execute(sql`
        insert into fanta_lineups (fanta_league_id, user_id, week_id, starters, bench, captain_player_id)
        values (${s.id}, ${s.other.userId}, ${s.week1.id},
          ${sql.param([...ROLES.filter((r) => r !== 'ADC').map((r) => id(2, r)), id(3, 'ADC')])}::uuid[],
          ${sql.param([id(2, 'ADC'), ...ROLES.filter((r) => r !== 'ADC').map((r) => id(3, r))])}::uuid[],
          ${id(2, 'Mid')})`),
    );
    await showsChange(s, () =>
      db().execute(sql`update fanta_leagues set captain_multiplier = 2 where id = ${s.id}`),
    );
    await showsChange(s, () =>
      db().execute(sql`update fanta_lineups set captain_player_id = null where fanta_league_id = ${s.id}`),
    );
    // a release before the lock: the player was not in the squad that week
    await showsChange(s, () =>
      db().execute(sql`
        insert into fanta_history (fanta_league_id, kind, player_id, user_id, price, credits_change, at)
        values (${s.id}, 'release', ${id(1, 'Top')}, ${s.owner.userId}, 1, 0, now() - interval '1 day' + interval '1 minute')`),
    );
    // a member's new name
    await showsChange(s, () =>
      db().execute(
        sql`update users set username = ${`fc_renamed_${Date.now() % 100000}`} where id = ${s.other.userId}`,
      ),
    );
    // a new member, then the member gone
    const third = await user();
    await showsChange(s, () =>
      db().execute(sql`
        insert into fanta_league_members (fanta_league_id, user_id, turn_pos) values (${s.id}, ${third.userId}, 2)`),
    );
    expect((await read(s, third)).standings).toHaveLength(3);
    await showsChange(s, () =>
      db().execute(
        sql`delete from fanta_league_members where fanta_league_id = ${s.id} and user_id = ${third.userId}`,
      ),
    );
    // the member gone and a stranger: the same 404 as before, the answer kept or not
    for (const who of [third, await user()]) {
      const res = await agents.call(who, 'GET', `/api/fanta-leagues/${s.id}/standings`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'FANTA_LEAGUE_NOT_FOUND' });
    }
    // the auction's end after week 1's matches: no week of the season yet
    const late = await showsChange(s, () =>
      db().execute(sql`update fanta_leagues set auction_ended_at = now() where id = ${s.id}`),
    );
    expect(late.weeks).toEqual([]);
  });

  it("reads again only the week a save moves: the other weeks' data is kept under their own versions", async () => {
    const s = await playedSeason();
    await playWeek2(s);
    const before = await read(s);
    expect(before.weeks.map((w: { id: string }) => w.id)).toEqual([s.week1.id, s.week2.id]);
    // week 1's points change with the triggers off (as if its version had not moved)
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update player_stats set points = points + 50 where match_id = ${s.matchA}`);
    });
    // a correction of week 2: week 2 is read again, week 1's kept data answers for week 1
    await playWeek2(s, 7);
    const after = await read(s);
    expect(weekOf(after, s.week2.id)).not.toEqual(weekOf(before, s.week2.id));
    expect(weekOf(after, s.week1.id)).toEqual(weekOf(before, s.week1.id));
    // week 1's version moves: its change shows, as a process with nothing kept computes it
    await db().execute(
      sql`update week_season_versions set version = version + 1 where week_id = ${s.week1.id}`,
    );
    const bumped = await read(s);
    expect(weekOf(bumped, s.week1.id)).not.toEqual(weekOf(before, s.week1.id));
    expect(weekOf(bumped, s.week2.id)).toEqual(weekOf(after, s.week2.id));
    forgetStandings(db());
    expect(bumped).toEqual(await read(s));
  });

  it("keeps the scoring rules under the official league's version: a save reads its week again, not the rules", async () => {
    const s = await playedSeason();
    const L = s.world.league.id;
    const rules = await rulesForLeague(db(), L);
    await ok(s.admin, 'PUT', `/api/admin/scoring-rules/league/${L}`, { ...rules, seriesMvpPoints: 5 });
    const before = await read(s);
    // the series MVP's points change with the triggers off (as if the league's version had not moved)
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update scoring_rules set series_mvp_points = 25 where league_id = ${L}`);
    });
    // week 2 played, its series MVP the owner's Mid: week 2 is read again, with the kept rules
    const { rows } = await db().execute<{ id: string }>(sql`
      update matches set date = now() - interval '30 minutes' where week_id = ${s.week2.id} returning id`);
    await s.save(rows[0]!.id, 0, 1, { mvp: s.p(0, 'Mid').id });
    const saved = await read(s);
    expect(saved.weeks).toHaveLength(2);
    expect(weekOf(saved, s.week1.id)).toEqual(weekOf(before, s.week1.id));
    // the league's version moves: both weeks read the new rules, as a process with nothing kept computes them
    await db().execute(sql`update league_season_versions set version = version + 1 where league_id = ${L}`);
    const bumped = await read(s);
    expect(weekOf(bumped, s.week1.id)).not.toEqual(weekOf(saved, s.week1.id));
    const owner = (a: typeof saved) => weekOf(a, s.week2.id)[s.owner.userId] as number;
    expect(owner(bumped)).toBeCloseTo(owner(saved) + 20, 6);
    forgetStandings(db());
    expect(bumped).toEqual(await read(s));
  });

  it("reads a moved week ahead of the process's first read after the league's event", async () => {
    const s = await playedSeason();
    const before = await read(s);
    // week 2 saved: its event has this process read week 2 ahead (the call waits for that reading)
    await playWeek2(s);
    await readWeeksAhead(db(), s.world.league.id);
    // week 2's points then change with the triggers off: the first read answers with the week read ahead
    await db().transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        update player_stats set points = points + 50
        where match_id in (select id from matches where week_id = ${s.week2.id})`);
    });
    const after = await read(s);
    expect(weekOf(after, s.week1.id)).toEqual(weekOf(before, s.week1.id));
    forgetStandings(db());
    const fresh = await read(s);
    expect(weekOf(fresh, s.week2.id)).not.toEqual(weekOf(after, s.week2.id));
    expect(weekOf(fresh, s.week1.id)).toEqual(weekOf(after, s.week1.id));
  });

  it('shares the official league weeks between the Leghe Fanta on it, each counting its own weeks', async () => {
    const s = await playedSeason();
    // a copy of the Lega Fanta (members, history) whose auction ended after week 1 began: week 1 is not its
    const copy = randomUUID();
    await db().execute(sql`
      insert into fanta_leagues select (jsonb_populate_record(null::fanta_leagues, to_jsonb(f) || jsonb_build_object(
        'id', ${copy}::uuid, 'invite_code', f.invite_code || 'c',
        'auction_ended_at', now() - interval '90 minutes'))).* from fanta_leagues f where f.id = ${s.id}`);
    await db().execute(sql`
      insert into fanta_league_members select (jsonb_populate_record(null::fanta_league_members,
        to_jsonb(m) || jsonb_build_object('fanta_league_id', ${copy}::uuid))).*
      from fanta_league_members m where m.fanta_league_id = ${s.id}`);
    await db().execute(sql`
      insert into fanta_history select (jsonb_populate_record(null::fanta_history, to_jsonb(h) ||
        jsonb_build_object('id', nextval(pg_get_serial_sequence('fanta_history', 'id')), 'fanta_league_id', ${copy}::uuid))).*
      from fanta_history h where h.fanta_league_id = ${s.id} order by h.id`);
    expect((await read(s)).weeks).toHaveLength(1);
    expect((await read(s, s.owner, copy)).weeks).toEqual([]);
    // week 2 played: both move, from the same week data, each with its own weeks of the season
    await playWeek2(s);
    const mine = await read(s);
    const theirs = await read(s, s.owner, copy);
    expect(mine.weeks.map((w: { id: string }) => w.id)).toEqual([s.week1.id, s.week2.id]);
    expect(theirs.weeks.map((w: { id: string }) => w.id)).toEqual([s.week2.id]);
    expect(weekOf(theirs, s.week2.id)).toEqual(weekOf(mine, s.week2.id));
    forgetStandings(db());
    expect(await read(s, s.owner, copy)).toEqual(theirs);
    expect(await read(s)).toEqual(mine);
  });

  it("moves by itself when a week locks (the database's clock), with nothing written", async () => {
    const s = await playedSeason();
    // week 2's match starts in a moment
    const { rows } = await db().execute<{ at: string }>(sql`
      update matches set date = clock_timestamp() + interval '400 milliseconds'
      where week_id = ${s.week2.id} returning date::text as at`);
    const before = await read(s);
    expect(before.weeks.map((w: { id: string }) => w.id)).toEqual([s.week1.id]);
    expect(await read(s)).toEqual(before);
    // the clock passes the lock (waited for on the database's clock itself)
    await expect
      .poll(
        async () =>
          (
            await db().execute<{ past: boolean }>(
              sql`select clock_timestamp() >= ${rows[0]!.at}::timestamptz as past`,
            )
          ).rows[0]!.past,
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true);
    const after = await read(s);
    expect(after.weeks.map((w: { id: string }) => w.id)).toEqual([s.week1.id, s.week2.id]);
    expect(after.h2h.rounds.find((r: { weekId: string }) => r.weekId === s.week2.id).status).toBe('live');
    forgetStandings(db());
    expect(after).toEqual(await read(s));
  });

  it('keeps one copy a server: a save through one instance reaches the other, which kept its own', async () => {
    const s = await playedSeason();
    // a second instance's database handle on the same database (its own kept standings)
    const client = (ctx.database.db as unknown as { $client: unknown }).$client;
    const other: Database =
      ctx.database.kind === 'pglite'
        ? openPglite(client as PGlite).db
        : (drizzleNodePg({ client: client as pg.Pool, schema }) as unknown as Database);
    const before = await fantaStandings(other, s.owner.userId, s.id);
    expect(await fantaStandings(other, s.owner.userId, s.id)).toBe(before);
    // the correction is saved through the first instance's API
    await s.save(s.matchA, 2, 1, { mvp: s.p(2, 'Mid').id, kills: (p) => (p === s.p(1, 'Mid').id ? 9 : 2) });
    const after = await fantaStandings(other, s.owner.userId, s.id);
    expect(after).not.toEqual(before);
    forgetStandings(other);
    expect(after).toEqual(await fantaStandings(other, s.owner.userId, s.id));
  });
});
