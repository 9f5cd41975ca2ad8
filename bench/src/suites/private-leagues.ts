import { createLeague } from '@fantarift/server/src/seed/factories.ts';
import { sql } from 'drizzle-orm';
import { cpuSampler, fmtCpu } from '../lib/cpu.ts';
import { sessionCookie } from '../lib/fixtures.ts';
import { getPage } from '../lib/leaderboard-world.ts';
import { fmtLatency, round, summarize, timed } from '../lib/stats.ts';
import type { Suite, SuiteContext } from './types.ts';

const ROSTERS = 100_000;
const MEMBERS = 10_000;
const TARGET_P99_MS = 20;

interface Body {
  participantCount: number;
  entries: { position: number; rosterId: string; totalPoints: number }[];
  nextCursor: string | null;
  me: { position: number; totalPoints: number } | null;
}

/**
 * An official league of 100,000 rosters (points 0..1000 in steps of 0.5: many ties) and one private
 * league of 10,000 of them (every 10th username), generated set-based.
 */
async function world(ctx: SuiteContext) {
  const league = await createLeague(ctx.db, { name: 'Bench Private Leagues', type: 'LEC', teams: [] });
  const pad = String(ROSTERS).length;
  const t = await timed(async () => {
    await ctx.db.execute(sql`
      insert into users (email, username, password_hash, email_confirmed_at)
      select 'pv' || g || '@bench.invalid', 'pv_' || lpad(g::text, ${pad}, '0'), 'bench-no-login', now()
      from generate_series(1, ${ROSTERS}) g`);
    await ctx.db.execute(sql`
      insert into rosters (user_id, league_id, username, panda_coin, burro_coin, total_points)
      select u.id, ${league.id}, u.username, 15, 8, floor(random() * 2001) / 2
      from users u where u.username like 'pv\\_%'`);
    const owner = `pv_${'10'.padStart(pad, '0')}`;
    await ctx.db.execute(sql`
      insert into private_leagues (league_id, owner_user_id, owner_roster_id, name, invite_code, member_count, members_version)
      select r.league_id, r.user_id, r.id, 'Bench amici', 'BENCHCODE2', ${MEMBERS}, 1
      from rosters r where r.username = ${owner}`);
    await ctx.db.execute(sql`
      insert into private_league_members (private_league_id, roster_id, user_id)
      select p.id, r.id, r.user_id from rosters r cross join private_leagues p
      where r.league_id = ${league.id} and p.invite_code = 'BENCHCODE2'
        and right(r.username, ${pad})::int % ${ROSTERS / MEMBERS} = 0`);
  });
  const analyze = await timed(() =>
    ctx.db.execute('vacuum analyze users, rosters, private_leagues, private_league_members'),
  );
  const { rows } = await ctx.db.execute<{ id: string; user_id: string; username: string }>(sql`
    select p.id, m.user_id, r.username from private_leagues p
    join private_league_members m on m.private_league_id = p.id
    join rosters r on r.id = m.roster_id
    where p.invite_code = 'BENCHCODE2'
    order by r.total_points desc, r.username, r.id`);
  if (rows.length !== MEMBERS) throw new Error(`${rows.length} members, expected ${MEMBERS}`);
  const middle = rows[Math.floor(MEMBERS / 2)]!;
  const bottom = rows[MEMBERS - 1]!;
  return {
    leagueId: league.id,
    privateLeagueId: rows[0]!.id,
    expectedOrder: rows.map((r) => r.username),
    generateMs: t.ms,
    analyzeMs: analyze.ms,
    viewer: { username: middle.username, cookie: await sessionCookie(ctx.db, middle.user_id) },
    bottom: { username: bottom.username, cookie: await sessionCookie(ctx.db, bottom.user_id) },
  };
}

export const privateLeaguesSuite: Suite = {
  name: 'private-leagues',
  issue: '#15',
  description: `GET /api/private-leagues/:id/leaderboard: ${MEMBERS.toLocaleString('en')} members in a league of ${ROSTERS.toLocaleString('en')} rosters`,
  async run(ctx) {
    const runs = ctx.quick ? 100 : 500;
    ctx.log('private-leagues: generating the official league and the private league');
    const w = await world(ctx);
    ctx.log(`private-leagues: generated in ${round(w.generateMs / 1000, 1)} s`);
    const server = await ctx.startServer();
    try {
      const base = `${server.baseUrl}/api/private-leagues/${w.privateLeagueId}/leaderboard`;

      // correctness first: the first page is the official order restricted to the members
      const first = (await getPage<Body>(base, w.viewer.cookie)).body;
      const { rows: names } = await ctx.db.execute<{ id: string; username: string }>(
        sql`select id, username from rosters where id = any(${sql.param(first.entries.map((e) => e.rosterId))}::uuid[])`,
      );
      const nameOf = new Map(names.map((r) => [r.id, r.username]));
      const got = first.entries.map((e) => nameOf.get(e.rosterId));
      if (
        first.participantCount !== MEMBERS ||
        first.entries.length !== 50 ||
        got.join() !== w.expectedOrder.slice(0, 50).join() ||
        first.entries[0]!.position !== 1
      ) {
        throw new Error(
          `unexpected first page: ${first.entries.length} entries, ${first.participantCount} members`,
        );
      }

      for (let i = 0; i < 50; i++) await getPage<Body>(base, w.viewer.cookie); // warm-up
      ctx.log(`private-leagues: first page, ${runs} sequential requests`);
      const cpu = cpuSampler(server.pid);
      const seq: number[] = [];
      for (let i = 0; i < runs; i++) seq.push((await getPage<Body>(base, w.viewer.cookie)).ms);
      const cpuSeq = cpu.stop();
      const firstPage = summarize(seq);
      ctx.log(`first page: ${fmtLatency(firstPage)}`);

      // own position of the member at the very bottom (the first page carries `me`)
      const bottomFirst = (await getPage<Body>(base, w.bottom.cookie)).body;
      if (bottomFirst.me?.position === undefined || bottomFirst.me.position < MEMBERS - 200) {
        throw new Error(`bottom member at position ${bottomFirst.me?.position}`);
      }
      const meSamples: number[] = [];
      for (let i = 0; i < runs; i++) meSamples.push((await getPage<Body>(base, w.bottom.cookie)).ms);
      const meBottom = summarize(meSamples);
      ctx.log(`own position at the bottom: ${fmtLatency(meBottom)}`);

      // after a change of the totals (a new points version): the official ranking and the members' are rebuilt
      const { rows: someRoster } = await ctx.db.execute<{ id: string }>(
        sql`select id from rosters where league_id = ${w.leagueId} limit 1`,
      );
      const cold: number[] = [];
      for (let i = 0; i < (ctx.quick ? 10 : 30); i++) {
        await ctx.db.execute(sql`
          insert into roster_point_adjustments (roster_id, league_id, delta, reason)
          values (${someRoster[0]!.id}, ${w.leagueId}, 0, 'bench')`);
        cold.push((await getPage<Body>(base, w.viewer.cookie)).ms);
      }
      const afterChange = summarize(cold);

      const passFirst = firstPage.p99 < TARGET_P99_MS;
      const passMe = meBottom.p99 < TARGET_P99_MS;
      return {
        metrics: [
          {
            key: 'private_first_p50_ms',
            label: 'private first page p50 (10k of 100k)',
            value: round(firstPage.p50, 2),
            unit: 'ms',
          },
          {
            key: 'private_first_p99_ms',
            label: 'private first page p99 (10k of 100k)',
            value: round(firstPage.p99, 2),
            unit: 'ms',
            target: `< ${TARGET_P99_MS} ms`,
            pass: passFirst,
          },
          {
            key: 'private_me_bottom_p99_ms',
            label: 'private own position (bottom) p99',
            value: round(meBottom.p99, 2),
            unit: 'ms',
            target: `< ${TARGET_P99_MS} ms`,
            pass: passMe,
          },
          {
            key: 'private_after_change_p99_ms',
            label: 'private first page p99 right after a points change',
            value: round(afterChange.p99, 2),
            unit: 'ms',
          },
        ],
        notes: [
          `data: ${ROSTERS.toLocaleString('en')} rosters in one official league (points 0..1000 step 0.5, many ties) and one private league of ${MEMBERS.toLocaleString('en')} of them (every 10th), generated set-based in ${round(w.generateMs / 1000, 1)} s; VACUUM ANALYZE before timing`,
          `first page (50 rows with the viewer's own position and the week's points), ${runs} sequential requests after 50 warm-up, viewer ${w.viewer.username} (mid-table): ${fmtLatency(firstPage)}; cpu ${fmtCpu(cpuSeq)}`,
          `own position of the member at the bottom (${w.bottom.username}, position ${bottomFirst.me.position} of ${MEMBERS}): ${fmtLatency(meBottom)}`,
          `the private ranking is the official one (built once per points version, leaderboard.ts) filtered to the members and kept per members version; first page right after a points change (both rebuilt): ${fmtLatency(afterChange)}`,
        ],
        details: { rosters: ROSTERS, members: MEMBERS, firstPage, meBottom, afterChange, cpu: cpuSeq },
      };
    } finally {
      await server.stop();
    }
  },
};
