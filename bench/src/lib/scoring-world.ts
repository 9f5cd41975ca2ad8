import { championCost } from '@fantarift/core';
import type { Database } from '@fantarift/server/src/db/client.ts';
import { champions, players } from '@fantarift/server/src/db/schema.ts';
import { rulesForLeague, scoreMatch } from '@fantarift/server/src/modules/points/index.ts';
import { createLeague } from '@fantarift/server/src/seed/factories.ts';
import { type SQL, sql } from 'drizzle-orm';

const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
const DEFAULT_TEAMS = 10;
const CHAMPIONS = 60;
/** Monday of week 1; the season runs `weeks` weeks from here. */
const SEASON_START = Date.UTC(2026, 0, 5);

export interface ScoringWorldOptions {
  /** distinguishes this world's names from another one's in the same database */
  tag: string;
  rosters: number;
  weeks: number;
  matchesPerWeek: number;
  /** share of player and of champion slots sold and replaced mid-season */
  swapShare: number;
  /** teams of 5 players (default 10): a Lega Fanta's squads need a pool bigger than one roster's */
  teams?: number;
}

export interface ScoringWorld {
  leagueId: string;
  tag: string;
  teams: string[];
  weekIds: string[];
  matchIds: string[];
  players: { id: string; team: string; role: string; teamIdx: number; roleIdx: number }[];
  champions: string[];
  adminUserId: string;
  counts: { playerHoldings: number; championHoldings: number; stats: number };
  generateMs: number;
  scoreMs: number;
}

const values = (rows: SQL[]) => sql.join(rows, sql`, `);

/**
 * A league of `rosters` rosters, generated set-based: 10 teams (or `teams`) of 5 players (one per role), 60
 * champions (tiers 1–6), each roster holding one player per role and 8 distinct champions. Most
 * holdings are bought 1–30 days before the season and never sold; `swapShare` of the player slots and
 * of the first champion slot are sold at a random moment of the season and replaced at that moment by
 * another team's player / another champion. The season: `weeks` weeks × `matchesPerWeek` BO3 matches
 * (2 or 3 games), stats for both teams in every game (each player picks from his own pool of 8
 * champions), team objectives, a series MVP from the winners; game points are then stored by the
 * server's scoreMatch. No roster week points exist yet (a cold league).
 */
export async function scoringWorld(db: Database, o: ScoringWorldOptions): Promise<ScoringWorld> {
  const t0 = performance.now();
  const TEAMS = o.teams ?? DEFAULT_TEAMS;
  const teams = Array.from({ length: TEAMS }, (_, i) => `Sc${o.tag} Team ${i + 1}`);
  const league = await createLeague(db, { name: `Bench Scoring ${o.tag}`, type: 'LEC', teams });
  const L = sql`${league.id}::uuid`;
  const playerRows = await db
    .insert(players)
    .values(
      teams.flatMap((team, t) =>
        ROLES.map((role, r) => {
          const tier = ((t + r) % 5) + 1;
          return { name: `Sc${o.tag} ${t + 1} ${role}`, team, role, tier, cost: tier };
        }),
      ),
    )
    .returning({ id: players.id, team: players.team, role: players.role, cost: players.cost });
  const ps = playerRows.map((p) => ({
    ...p,
    teamIdx: teams.indexOf(p.team),
    roleIdx: ROLES.indexOf(p.role as (typeof ROLES)[number]),
  }));
  const champRows = await db
    .insert(champions)
    .values(
      Array.from({ length: CHAMPIONS }, (_, i) => {
        const tier = (i % 6) + 1;
        return { name: `ScChamp ${o.tag} ${i}`, tier, cost: championCost(tier), roles: ['Top'] };
      }),
    )
    .returning({ id: champions.id, cost: champions.cost });

  // lookup tables as VALUES lists: (team, role) → player, champion index → champion
  const playerMap = sql`(values ${values(ps.map((p) => sql`(${p.teamIdx}::int, ${p.roleIdx}::int, ${p.id}::uuid, ${p.cost}::int)`))}) as pl(t, r, id, cost)`;
  const champMap = sql`(values ${values(champRows.map((c, i) => sql`(${i}::int, ${c.id}::uuid, ${c.cost}::int)`))}) as ch(i, id, cost)`;
  const seasonStart = new Date(SEASON_START).toISOString();
  const seasonDays = o.weeks * 7;

  await db.execute(sql`
    insert into users (email, username, password_hash, email_confirmed_at)
    select 'sc' || ${o.tag} || '_' || g || '@bench.invalid', 'sc' || ${o.tag} || '_' || g, 'bench-no-login', now()
    from generate_series(1, ${o.rosters}) g`);
  await db.execute(sql`
    insert into rosters (user_id, league_id, username, panda_coin, burro_coin, player_count, champion_count, created_at)
    select u.id, ${L}, u.username, 0, 0, 5, 8, ${seasonStart}::timestamptz - interval '40 days'
    from users u where u.email like ${`sc${o.tag}\\_%@bench.invalid`}`);

  // the holdings in bulk, as a replica writes them (no per-row triggers: neither the foreign-key checks nor the
  // lineups' row triggers, which would take minutes at a million rosters); the lineups are then built once,
  // set-based, by the function the migration builds them with (migration 0016)
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    // players: one slot per role; a slot may be sold mid-season and replaced by another team's player
    await tx.execute(sql`
      with slot as materialized (
        select r.id as roster_id, k.r, floor(random() * ${TEAMS})::int as t1, 1 + floor(random() * ${TEAMS - 1})::int as dt,
               ${seasonStart}::timestamptz - (1 + random() * 29) * interval '1 day' as bought,
               case when random() < ${o.swapShare}
                 then ${seasonStart}::timestamptz + random() * ${seasonDays} * interval '1 day' end as swapped
        from rosters r cross join generate_series(0, 4) k(r)
        where r.league_id = ${L}
      )
      insert into roster_players (roster_id, league_id, player_id, price_paid, acquired_at, released_at)
      select s.roster_id, ${L}, pl.id, pl.cost, s.bought, s.swapped
      from slot s join ${playerMap} on pl.t = s.t1 and pl.r = s.r
      union all
      select s.roster_id, ${L}, pl.id, pl.cost, s.swapped, null
      from slot s join ${playerMap} on pl.t = (s.t1 + s.dt) % ${TEAMS} and pl.r = s.r
      where s.swapped is not null`);

    // champions: 8 distinct ones (a + j·stride mod 60); slot 0 may be swapped for a ninth one mid-season
    await tx.execute(sql`
      with pick as materialized (
        select r.id as roster_id, floor(random() * ${CHAMPIONS})::int as a,
               (array[7, 11, 13])[1 + floor(random() * 3)::int] as stride,
               ${seasonStart}::timestamptz - (1 + random() * 29) * interval '1 day' as bought,
               case when random() < ${o.swapShare}
                 then ${seasonStart}::timestamptz + random() * ${seasonDays} * interval '1 day' end as swapped
        from rosters r where r.league_id = ${L}
      )
      insert into roster_champions (roster_id, league_id, champion_id, price_paid, acquired_at, released_at)
      select p.roster_id, ${L}, ch.id, ch.cost, p.bought, case when j = 0 then p.swapped end
      from pick p cross join generate_series(0, 7) j
      join ${champMap} on ch.i = (p.a + j * p.stride) % ${CHAMPIONS}
      union all
      select p.roster_id, ${L}, ch.id, ch.cost, p.swapped, null
      from pick p join ${champMap} on ch.i = (p.a + 8 * p.stride) % ${CHAMPIONS}
      where p.swapped is not null`);
    await tx.execute(sql`set local session_replication_role = origin`);
    // statistics of the holdings just written (this transaction's own rows): without them the lineups' joins
    // are planned for empty tables, and the build ran for 40 minutes without finishing at 1M
    await tx.execute(sql`analyze roster_players, roster_champions`);
    await tx.execute(
      sql`select write_roster_lineups(array_agg(id), '-infinity') from rosters where league_id = ${L}`,
    );
  });

  // weeks and matches: every team plays about twice a week, at distinct times
  const weekRows = await db.execute<{ id: string; week_number: number }>(sql`
    insert into weeks (league_id, week_number, name, start_date, end_date)
    select ${L}, w, 'Settimana ' || w, (${seasonStart}::timestamptz + (w - 1) * interval '7 days')::date,
           (${seasonStart}::timestamptz + (w - 1) * interval '7 days' + interval '6 days')::date
    from generate_series(1, ${o.weeks}) w
    returning id, week_number`);
  const weekIds = weekRows.rows.sort((a, b) => a.week_number - b.week_number).map((w) => w.id);
  const teamList = sql`${sql.param(teams)}::text[]`;
  await db.execute(sql`
    insert into matches (league_id, week_id, team1, team2, date, match_day, match_format, completed, games_played, winner)
    select ${L}, w.id, t.team1, t.team2,
           ${seasonStart}::timestamptz + (w.week_number - 1) * interval '7 days' + (i % 5) * interval '1 day'
             + (15 + i / 5) * interval '1 hour',
           1 + i % 5, 3, true, g.games, case when g.team1_wins then t.team1 else t.team2 end
    from weeks w cross join generate_series(0, ${o.matchesPerWeek - 1}) i
    cross join lateral (select (${teamList})[1 + i % ${TEAMS}] as team1,
                               (${teamList})[1 + (i % ${TEAMS} + 1 + (w.week_number + i) % ${TEAMS - 1}) % ${TEAMS}] as team2) t
    cross join lateral (select 2 + floor(random() * 2 + 0 * i)::int as games, random() + 0 * i < 0.5 as team1_wins) g
    where w.league_id = ${L}`);
  const matchRows = await db.execute<{ id: string }>(
    sql`select id from matches where league_id = ${L} order by date`,
  );
  // games: a 2-0 goes to the winner; in a 2-1 the loser takes game 1 or 2
  await db.execute(sql`
    insert into match_games (match_id, game_number, winner)
    select m.id, g, case when m.games_played = 3 and g = lost then case when m.winner = m.team1 then m.team2 else m.team1 end
                         else m.winner end
    from (select m.*, 1 + floor(random() * 2)::int as lost from matches m where m.league_id = ${L}) m
    cross join generate_series(1, m.games_played) g`);
  const teamIdx = sql`array_position(${teamList}, `;
  await db.execute(sql`
    with pick as materialized (
      select mg.match_id, mg.game_number, mg.winner, side.team, pl.id as player_id, pl.r,
             ((pl.t * 5 + pl.r) * 7 + floor(random() * 8)::int) % ${CHAMPIONS} as champ
      from match_games mg join matches m on m.id = mg.match_id
      cross join lateral (values (m.team1), (m.team2)) side(team)
      join ${playerMap} on pl.t = ${teamIdx}side.team) - 1
      where m.league_id = ${L}
    )
    insert into player_stats (match_id, player_id, game_number, team_name, champion_id, kills, deaths, assists, cs,
                              double_kills, triple_kills, quadra_kills, penta_kills, jungle_steals, mvp)
    select p.match_id, p.player_id, p.game_number, p.team, ch.id,
           floor(random() * 9)::int, floor(random() * 7)::int, floor(random() * 13)::int,
           case when p.r = 4 then 20 + floor(random() * 40)::int else 150 + floor(random() * 200)::int end,
           (random() < 0.3)::int, (random() < 0.08)::int, (random() < 0.02)::int, (random() < 0.005)::int,
           case when p.r = 1 then (random() < 0.1)::int else 0 end,
           p.team = p.winner and p.r = p.game_number % 5
    from pick p join ${champMap} on ch.i = p.champ`);
  await db.execute(sql`
    insert into team_objectives (match_id, game_number, team_name, dragons, barons, elders, heralds, towers, larvas,
                                 first_blood, first_drake, first_baron, first_herald, first_elder, first_tower, athakan)
    select mg.match_id, mg.game_number, side.team,
           case when won then 2 + floor(random() * 3)::int else floor(random() * 2)::int end,
           case when won then 1 else 0 end, 0, case when won then 1 else 0 end,
           case when won then 7 + floor(random() * 4)::int else floor(random() * 4)::int end,
           floor(random() * 4)::int, won = (random() < 0.6), won, won, won, false, won, won
    from match_games mg join matches m on m.id = mg.match_id
    cross join lateral (values (m.team1, m.team1 = mg.winner), (m.team2, m.team2 = mg.winner)) side(team, won)
    where m.league_id = ${L}`);
  await db.execute(sql`
    with pick as materialized (
      select m.*, floor(random() * 5)::int as mvp_role from matches m where m.league_id = ${L}
    )
    insert into series_mvp (match_id, player_id, league_id, week_id, match_day)
    select m.id, pl.id, m.league_id, m.week_id, m.match_day
    from pick m join ${playerMap} on pl.t = ${teamIdx}m.winner) - 1 and pl.r = m.mvp_role`);
  const generateMs = performance.now() - t0;

  const t1 = performance.now();
  const rules = await rulesForLeague(db, league.id);
  for (const m of matchRows.rows) await scoreMatch(db, m.id, rules);
  const scoreMs = performance.now() - t1;
  await db.execute(
    'analyze users, rosters, roster_players, roster_champions, matches, match_games, player_stats, team_objectives, series_mvp, weeks',
  );

  const counts = (
    await db.execute<{ ph: number; chh: number; st: number }>(sql`
      select (select count(*)::int from roster_players where league_id = ${L}) as ph,
             (select count(*)::int from roster_champions where league_id = ${L}) as chh,
             (select count(*)::int from player_stats s join matches m on m.id = s.match_id where m.league_id = ${L}) as st`)
  ).rows[0]!;
  const admin = await db.execute<{ id: string }>(sql`
    insert into users (email, username, password_hash, is_admin, email_confirmed_at)
    values (${`scadmin${o.tag}@bench.invalid`}, ${`scadmin${o.tag}`}, 'bench-no-login', true, now()) returning id`);
  return {
    leagueId: league.id,
    tag: o.tag,
    teams,
    weekIds,
    matchIds: matchRows.rows.map((r) => r.id),
    players: ps.map(({ id, team, role, teamIdx, roleIdx }) => ({ id, team, role, teamIdx, roleIdx })),
    champions: champRows.map((c) => c.id),
    adminUserId: admin.rows[0]!.id,
    counts: { playerHoldings: counts.ph, championHoldings: counts.chh, stats: counts.st },
    generateMs,
    scoreMs,
  };
}

/** Removes everything the world created (the league cascades to rosters, holdings, weeks, matches, stats). */
export async function dropScoringWorld(db: Database, w: ScoringWorld): Promise<void> {
  await db.execute(sql`delete from leagues where id = ${w.leagueId}`);
  await db.execute(
    sql`delete from users where email like ${`sc${w.tag}\\_%@bench.invalid`} or email = ${`scadmin${w.tag}@bench.invalid`}`,
  );
  await db.execute(sql`delete from players where id = any(${sql.param(w.players.map((p) => p.id))}::uuid[])`);
  await db.execute(sql`delete from champions where id = any(${sql.param(w.champions)}::uuid[])`);
}
