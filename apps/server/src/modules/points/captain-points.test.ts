import { captainBonus, DEFAULT_SCORING_RULES, type ScoringRules } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../db/client.ts';
import { randomPointsLeague, replaceSeriesMvp, rng } from '../../test/random-league.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { withMatchPoints } from '../season/index.ts';
import { captainBonusQuery } from './captain-points.ts';
import { pointsFold, settlePoints } from './points-fold.ts';
import { contributionQuery, recomputeWeeks } from './roster-points.ts';
import { saveRules } from './scoring-rules.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const t = await openTestDatabase();
  db = t.database.db;
  drop = t.drop;
});
afterAll(() => drop());

const DEFAULT_INLINE_MAX = pointsFold.inlineMax;

/**
 * A random league (week-points.test.ts's, with rosters that never trade too) whose rosters chose captains and
 * vices at random, for random weeks.
 */
async function leagueWithCaptains(seed: number) {
  const league = await randomPointsLeague(db, seed, { steadyRosters: 4 });
  const r = rng(seed ^ 0x2545f491);
  const { rows: rosterRows } = await db.execute<{ id: string }>(
    sql`select id from rosters where league_id = ${league.leagueId} order by seq`,
  );
  for (const { id } of rosterRows) {
    for (const weekId of league.weekIds) {
      if (r.next() < 0.45) continue;
      const captain = r.pick(league.playerIds);
      let vice: string | null = r.pick(league.playerIds);
      if (vice === captain || r.next() < 0.2) vice = null;
      await db.execute(sql`
        insert into roster_captains (roster_id, week_id, league_id, captain_player_id, vice_player_id)
        values (${id}, ${weekId}, ${league.leagueId}, ${captain}, ${vice})`);
    }
  }
  return league;
}

type Row = { roster_id: string; week_id: string; points: string };
const key = (rows: Row[]) =>
  rows
    .filter((x) => Math.abs(Number(x.points)) >= 0.005)
    .map((x) => `${x.roster_id}|${x.week_id}|${Number(x.points).toFixed(2)}`)
    .sort();

/**
 * The captain's bonus computed in JavaScript from the raw rows, with the core's rule: the reference the SQL
 * is checked against.
 */
async function referenceBonus(leagueId: string, rules: ScoringRules): Promise<Row[]> {
  const weeks = (
    await db.execute<{ id: string; week_number: number }>(
      sql`select id, week_number from weeks where league_id = ${leagueId}`,
    )
  ).rows;
  const matches = (
    await db.execute<{ id: string; week_id: string; date: Date | string; completed: boolean }>(
      sql`select id, week_id, date, completed from matches where league_id = ${leagueId}`,
    )
  ).rows.map((m) => ({ ...m, at: new Date(m.date).getTime() }));
  const stats = (
    await db.execute<{ match_id: string; player_id: string; points: string | null }>(sql`
      select s.match_id, s.player_id, s.points from player_stats s join matches m on m.id = s.match_id
      where m.league_id = ${leagueId}`)
  ).rows;
  const mvps = (
    await db.execute<{ match_id: string; player_id: string }>(sql`
      select sm.match_id, sm.player_id from series_mvp sm join matches m on m.id = sm.match_id where m.league_id = ${leagueId}`)
  ).rows;
  const holdings = (
    await db.execute<{
      roster_id: string;
      player_id: string;
      acquired_at: string;
      released_at: string | null;
    }>(sql`
      select roster_id, player_id, acquired_at, released_at from roster_players where league_id = ${leagueId}`)
  ).rows;
  const choices = (
    await db.execute<{ roster_id: string; week_number: number; captain: string; vice: string | null }>(sql`
      select c.roster_id, w.week_number, c.captain_player_id as captain, c.vice_player_id as vice
      from roster_captains c join weeks w on w.id = c.week_id where c.league_id = ${leagueId}`)
  ).rows;
  const out: Row[] = [];
  const rosters = [...new Set(choices.map((c) => c.roster_id))];
  for (const rosterId of rosters) {
    for (const week of weeks) {
      const choice = choices
        .filter((c) => c.roster_id === rosterId && c.week_number <= week.week_number)
        .sort((a, b) => b.week_number - a.week_number)[0];
      if (!choice) continue;
      const weekMatches = matches.filter((m) => m.week_id === week.id);
      const complete = weekMatches.length > 0 && weekMatches.every((m) => m.completed);
      const of = (playerId: string | null) => {
        if (playerId === null) return null;
        let played = false;
        let cents = 0;
        for (const m of weekMatches) {
          if (!m.completed) continue;
          // per holding that covers the match, as the engine counts (a test league may overlap two)
          const held = holdings.filter(
            (h) =>
              h.roster_id === rosterId &&
              h.player_id === playerId &&
              new Date(h.acquired_at).getTime() <= m.at &&
              (h.released_at === null || new Date(h.released_at).getTime() > m.at),
          ).length;
          const rows = stats.filter((s) => s.match_id === m.id && s.player_id === playerId);
          if (held === 0 || rows.length === 0) continue;
          played = true;
          cents += held * rows.reduce((sum, s) => sum + Math.round(Number(s.points ?? 0) * 100), 0);
          if (mvps.some((x) => x.match_id === m.id && x.player_id === playerId))
            cents += held * Math.round(rules.seriesMvpPoints * 100);
        }
        return { played, points: cents / 100 };
      };
      const bonus = captainBonus(
        { captain: of(choice.captain), vice: of(choice.vice), weekComplete: complete },
        rules,
      );
      if (bonus) out.push({ roster_id: rosterId, week_id: week.id, points: String(bonus.bonus) });
    }
  }
  return out;
}

/** What the week rows must be: the spec's points (contributionQuery) plus the captain's bonus. */
async function expectedWeeks(leagueId: string, rules: ScoringRules) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<Row>(sql`
      select roster_id, week_id, round(sum(points), 2)::text as points from (
        select roster_id, week_id, round(points, 2) as points from (${contributionQuery(leagueId, rules, sql`true`)}) c
        union all
        select roster_id, week_id, points from (${captainBonusQuery(
          leagueId,
          rules,
          sql`array(select id from weeks where league_id = ${leagueId})`,
        )}) b
      ) x group by roster_id, week_id`);
    return key(rows);
  });
}

const storedWeeks = async (leagueId: string) =>
  key(
    (
      await db.execute<Row>(sql`
        select w.roster_id, w.week_id, w.points::text from roster_week_points w
        join rosters r on r.id = w.roster_id where r.league_id = ${leagueId}`)
    ).rows,
  );

const totalsConsistent = async (leagueId: string) => {
  const { rows } = await db.execute<{ ok: boolean }>(sql`
    select bool_and(r.total_points = r.points_adjustment
      + coalesce((select sum(points) from roster_week_points w where w.roster_id = r.id), 0)) as ok
    from rosters r where r.league_id = ${leagueId}`);
  expect(rows[0]!.ok).toBe(true);
};

const multiplierArb = fc.constantFrom<1.5 | 2>(1.5, 2);

describe('the weekly captain in the points engine', () => {
  it('the set-based bonus equals the core rule applied to every roster and week', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        multiplierArb,
        fc.boolean(),
        async (seed, multiplier, vice) => {
          const { leagueId } = await leagueWithCaptains(seed);
          const rules = { ...DEFAULT_SCORING_RULES, captainMultiplier: multiplier, viceCaptainEnabled: vice };
          const sqlRows = await db.transaction(
            async (tx) =>
              (
                await tx.execute<Row>(
                  sql`select roster_id, week_id, points::text from (${captainBonusQuery(
                    leagueId,
                    rules,
                    sql`array(select id from weeks where league_id = ${leagueId})`,
                  )}) b`,
                )
              ).rows,
          );
          expect(key(sqlRows)).toEqual(key(await referenceBonus(leagueId, rules)));
        },
      ),
      {
        numRuns: 12,
        examples: [
          [21, 1.5, false],
          [711774542, 1.5, false],
        ],
      },
    );
  }, 120_000);

  it('a recalculation stores the spec points plus the bonus (both paths); with the option off, the spec points alone', async () => {
    const { leagueId, weekIds } = await leagueWithCaptains(99);
    for (const rules of [
      { ...DEFAULT_SCORING_RULES, captainMultiplier: 2 as const },
      { ...DEFAULT_SCORING_RULES, captainMultiplier: 1.5 as const, viceCaptainEnabled: false },
      // series MVP points not in whole cents: the per-match path
      { ...DEFAULT_SCORING_RULES, captainMultiplier: 2 as const, seriesMvpPoints: 7.125 },
      DEFAULT_SCORING_RULES,
    ]) {
      await db.transaction((tx) => recomputeWeeks(tx, leagueId, rules, weekIds));
      expect(await storedWeeks(leagueId)).toEqual(await expectedWeeks(leagueId, rules));
      await totalsConsistent(leagueId);
    }
    // off: exactly the spec's points
    const spec = await db.transaction(
      async (tx) =>
        (
          await tx.execute<Row>(sql`
            select roster_id, week_id, round(points, 2)::text as points from (${contributionQuery(leagueId, DEFAULT_SCORING_RULES, sql`true`)}) c`)
        ).rows,
    );
    expect(await storedWeeks(leagueId)).toEqual(key(spec));
  }, 60_000);

  it.each([
    ['inline', DEFAULT_INLINE_MAX],
    ['pending', 0],
  ])(
    'match changes (%s) leave the week rows and totals of a recalculation from scratch',
    async (_mode, inlineMax) => {
      pointsFold.inlineMax = inlineMax;
      onTestFinished(() => {
        pointsFold.inlineMax = DEFAULT_INLINE_MAX;
      });
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          multiplierArb,
          async (seed, multiplier) => {
            const { leagueId, weekIds, matchIds, playerIds } = await leagueWithCaptains(seed);
            const rules: ScoringRules = { ...DEFAULT_SCORING_RULES, captainMultiplier: multiplier };
            await db.transaction((tx) => saveRules(tx, leagueId, rules));
            await db.transaction((tx) => recomputeWeeks(tx, leagueId, rules, weekIds));
            const r = rng(seed ^ 0x68e31da4);
            const live = [...matchIds];
            for (let step = 0; step < 6 && live.length > 0; step++) {
              const matchId = r.pick(live);
              const kind = r.int(5);
              await db.transaction((tx) =>
                withMatchPoints(tx, matchId, async () => {
                  if (kind === 0) {
                    await tx.execute(sql`
                    update player_stats set points = round((random() * 30 - 4)::numeric, 1)
                    where match_id = ${matchId} and random() < 0.6`);
                  } else if (kind === 1) {
                    // completing or reopening a match: a week's vices come in or go out
                    await tx.execute(sql`update matches set completed = not completed where id = ${matchId}`);
                  } else if (kind === 2) {
                    // a player's statistics removed from the match, or added
                    await tx.execute(sql`
                    delete from player_stats where id = (select id from player_stats where match_id = ${matchId} limit 1)`);
                  } else if (kind === 3) {
                    await replaceSeriesMvp(tx, matchId, r.pick(playerIds));
                  } else {
                    await tx.execute(sql`delete from matches where id = ${matchId}`);
                    live.splice(live.indexOf(matchId), 1);
                  }
                }),
              );
              await settlePoints(db, leagueId);
              expect(await storedWeeks(leagueId)).toEqual(await expectedWeeks(leagueId, rules));
              await totalsConsistent(leagueId);
            }
            // and a recalculation from scratch moves nothing
            expect(await db.transaction((tx) => recomputeWeeks(tx, leagueId, rules, weekIds))).toBe(0);
          },
        ),
        { numRuns: 6 },
      );
    },
    240_000,
  );
});

describe("a big league's save reads the choices its lineups carry (migration 0031)", () => {
  /** Rosters whose carried choices differ from their two latest choices read afresh. */
  const staleLineups = async (leagueId: string) => {
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from roster_lineups l
      left join roster_captains_carried(array(select id from rosters where league_id = ${leagueId})) c
        on c.roster_id = l.roster_id
      where l.league_id = ${leagueId}
        and (l.captain_choices, l.captain_prior_week)
            is distinct from (int4send(l.roster_seq::int4) || c.choices, c.prior_week)`);
    return Number(rows[0]!.n);
  };

  it('choices changed, deleted, added and a week renumbered after the recalculation: the next saves still equal a recalculation from scratch', async () => {
    pointsFold.inlineMax = 0;
    onTestFinished(() => {
      pointsFold.inlineMax = DEFAULT_INLINE_MAX;
    });
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const { leagueId, weekIds, matchIds, playerIds } = await leagueWithCaptains(seed);
        const rules: ScoringRules = { ...DEFAULT_SCORING_RULES, captainMultiplier: 2 };
        await db.transaction((tx) => saveRules(tx, leagueId, rules));
        await db.transaction((tx) => recomputeWeeks(tx, leagueId, rules, weekIds));
        expect(await staleLineups(leagueId)).toBe(0);
        const r = rng(seed ^ 0x5bd1e995);
        // each roster's choices moved by every kind of write: captain and vice swapped or replaced, a choice
        // dropped, one added for a week without; then the first week numbered after the last
        const { rows: choices } = await db.execute<{ roster_id: string; week_id: string }>(sql`
          select roster_id, week_id from roster_captains where league_id = ${leagueId} order by roster_id, week_id`);
        for (const c of choices) {
          const kind = r.int(4);
          if (kind === 0) {
            await db.execute(sql`
              update roster_captains set captain_player_id = ${r.pick(playerIds)}, vice_player_id = null
              where roster_id = ${c.roster_id} and week_id = ${c.week_id}`);
          } else if (kind === 1) {
            await db.execute(sql`
              update roster_captains set captain_player_id = vice_player_id, vice_player_id = captain_player_id
              where roster_id = ${c.roster_id} and week_id = ${c.week_id} and vice_player_id is not null`);
          } else if (kind === 2) {
            await db.execute(
              sql`delete from roster_captains where roster_id = ${c.roster_id} and week_id = ${c.week_id}`,
            );
          }
        }
        const { rows: rosterRows } = await db.execute<{ id: string }>(
          sql`select id from rosters where league_id = ${leagueId}`,
        );
        for (const { id } of rosterRows) {
          await db.execute(sql`
            insert into roster_captains (roster_id, week_id, league_id, captain_player_id)
            values (${id}, ${r.pick(weekIds)}, ${leagueId}, ${r.pick(playerIds)}) on conflict do nothing`);
        }
        await db.execute(sql`update weeks set week_number = 9 where id = ${weekIds[0]!}`);
        expect(await staleLineups(leagueId)).toBe(0);
        await db.transaction((tx) => recomputeWeeks(tx, leagueId, rules, weekIds));
        for (let step = 0; step < 4; step++) {
          const matchId = r.pick(matchIds);
          const saved = await db.transaction((tx) =>
            withMatchPoints(tx, matchId, async () => {
              if (step === 3)
                await tx.execute(sql`update matches set completed = not completed where id = ${matchId}`);
              else
                await tx.execute(sql`
                  update player_stats set points = round((random() * 30 - 4)::numeric, 1) where match_id = ${matchId}`);
            }),
          );
          // the pass over the lineups, not the SQL path it falls back to, moved the points (a pending event)
          expect(saved.pending || saved.rostersUpdated === 0).toBe(true);
          await settlePoints(db, leagueId);
          expect(await storedWeeks(leagueId)).toEqual(await expectedWeeks(leagueId, rules));
          await totalsConsistent(leagueId);
        }
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});
