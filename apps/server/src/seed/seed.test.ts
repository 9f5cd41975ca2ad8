import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { recomputeWeeks, rulesForLeague } from '../modules/points/index.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { seedDemoData } from './seed.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('demo data', () => {
  it('loads once, with consistent rosters and ledgers', async () => {
    expect(await seedDemoData(database.db)).toBe(true);
    expect(await seedDemoData(database.db)).toBe(false);
    const q = async (query: ReturnType<typeof sql>) =>
      (await database.db.execute<Record<string, unknown>>(query)).rows;

    const [counts] = await q(sql`select
      (select count(*) from champions)::int as champions,
      (select count(*) from players)::int as players,
      (select count(*) from leagues)::int as leagues,
      (select count(*) from users where is_admin)::int as admins,
      (select count(*) from leagues where status = 'Active' and market_open)::int as open_active,
      (select count(*) from leagues where rules_required)::int as with_rules`);
    expect(counts).toMatchObject({ leagues: 5, admins: 1, open_active: 2, with_rules: 1 });
    expect(Number(counts!.champions)).toBeGreaterThanOrEqual(165);
    expect(Number(counts!.players)).toBeGreaterThanOrEqual(100);

    // every roster's balance equals its ledger, counters match holdings, limits hold
    const rosters = await q(sql`select r.id, r.panda_coin, r.burro_coin, r.player_count, r.champion_count,
        (select coalesce(sum(amount),0) from transactions t where t.roster_id = r.id and currency = 'PandaCoin')::int as pc_ledger,
        (select coalesce(sum(amount),0) from transactions t where t.roster_id = r.id and currency = 'BurroCoin')::int as bc_ledger,
        (select count(*) from roster_players h where h.roster_id = r.id and released_at is null)::int as held_players,
        (select count(*) from roster_champions h where h.roster_id = r.id and released_at is null)::int as held_champions
      from rosters r`);
    expect(rosters.length).toBe(9);
    for (const r of rosters) {
      expect(r.panda_coin).toBe(r.pc_ledger);
      expect(r.burro_coin).toBe(r.bc_ledger);
      expect(r.player_count).toBe(r.held_players);
      expect(r.champion_count).toBe(r.held_champions);
    }
    const full = rosters.filter((r) => r.player_count === 5);
    expect(full.length).toBeGreaterThanOrEqual(4);

    // week 1 was played: three completed series with statistics, and points on the LEC rosters
    const [season] = await q(sql`select
      (select count(*) from matches where completed)::int as completed,
      (select count(*) from player_stats where points is null)::int as unscored,
      (select count(*) from rosters where total_points > 0)::int as scoring_rosters,
      (select count(*) from roster_week_points)::int as week_rows`);
    expect(season).toMatchObject({ completed: 3, unscored: 0 });
    expect(Number(season!.scoring_rosters)).toBeGreaterThanOrEqual(4);
    expect(season!.week_rows).toBe(season!.scoring_rosters);

    // the LEC league plays with the captain ×2 and a vice; three participants chose theirs for week 1, and
    // their week points are what a recalculation with the captain gives
    const [captains] = await q(sql`select
      (select captain_multiplier::float from scoring_rules s join leagues l on l.id = s.league_id where l.type = 'LEC') as multiplier,
      (select vice_captain_enabled from scoring_rules s join leagues l on l.id = s.league_id where l.type = 'LEC') as vice,
      (select count(*) from roster_captains)::int as choices`);
    expect(captains).toEqual({ multiplier: 2, vice: true, choices: 3 });
    const { rows: lec } = await database.db.execute<{ id: string }>(
      sql`select id from leagues where type = 'LEC'`,
    );
    const before = await q(sql`select roster_id, week_id, points from roster_week_points order by 1, 2`);
    await database.db.transaction(async (tx) => {
      const weekIds = (
        await tx.execute<{ id: string }>(sql`select id from weeks where league_id = ${lec[0]!.id}`)
      ).rows;
      expect(
        await recomputeWeeks(
          tx,
          lec[0]!.id,
          await rulesForLeague(tx, lec[0]!.id),
          weekIds.map((w) => w.id),
        ),
      ).toBe(0);
    });
    expect(await q(sql`select roster_id, week_id, points from roster_week_points order by 1, 2`)).toEqual(
      before,
    );
    // the six LEC participants' head-to-head league, its calendar drawn: three match-ups a round
    const [h2h] = (await q(sql`select
      (select count(*) from private_league_members m join private_leagues p on p.id = m.private_league_id
        where p.format = 'h2h')::int as members,
      (select count(*) from h2h_fixtures)::int as fixtures,
      (select count(distinct round) from h2h_fixtures)::int as rounds`)) as {
      members: number;
      fixtures: number;
      rounds: number;
    }[];
    expect(h2h).toMatchObject({ members: 6 });
    expect(h2h!.rounds).toBeGreaterThan(0);
    expect(h2h!.fixtures).toBe(h2h!.rounds * 3);
  });
});
