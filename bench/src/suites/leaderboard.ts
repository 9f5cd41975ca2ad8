import { pointsVersion } from '@fantarift/server/src/modules/leaderboard/index.ts';
import { lockPointsLog, packedChanges, pointsFold } from '@fantarift/server/src/modules/points/index.ts';
import { createLeague } from '@fantarift/server/src/seed/factories.ts';
import { sql } from 'drizzle-orm';
import { cpuSampler, fmtCpu } from '../lib/cpu.ts';
import { sessionCookie } from '../lib/fixtures.ts';
import {
  filledUsername,
  fillLeague,
  getPage,
  type LeaderboardBody,
  serverTimingMs,
} from '../lib/leaderboard-world.ts';
import { runLoad } from '../lib/load.ts';
import { rssMiB } from '../lib/process.ts';
import { startSavingProcess } from '../lib/saving-process.ts';
import { fmtLatency, round, sleep, summarize, timed } from '../lib/stats.ts';
import type { Metric, Suite, SuiteContext } from './types.ts';

const SIZES = [100_000, 1_000_000];
const QUICK_SIZES = [20_000, 200_000];
const TARGET_P99_MS = 20;
const TARGET_AFTER_CHANGE_MS = 100;
const TARGET_RSS_MIB = 1024;
/** the share of a league's rosters a match save moves (a BO3's ten players are held by about 2/3 of them) */
const CHANGED_SHARE = 0.67;

/**
 * `rosters` users with a roster each in one league, generated set-based. Points are 0..1000 in steps of
 * 0.5 (2,001 distinct totals, ~50 rosters on each: many ties). Every roster also gets its two
 * StartingBalance ledger rows, so the tables have the sizes a real league of this size would have.
 */
async function leaderboardWorld(ctx: SuiteContext, rosters: number) {
  const league = await createLeague(ctx.db, { name: `Bench Leaderboard ${rosters}`, type: 'LEC', teams: [] });
  const prefix = `lb${rosters}`;
  const generateMs = await fillLeague(ctx.db, league.id, rosters, prefix);
  // the user at the very bottom: the last username among the rosters with 0 points
  const bottomName = filledUsername(prefix, rosters, rosters);
  const middleName = filledUsername(prefix, rosters, Math.floor(rosters / 2));
  await ctx.db.execute(sql`update rosters set total_points = 0 where username = ${bottomName}`);
  // VACUUM ANALYZE as autovacuum would have by then
  const analyze = await timed(() => ctx.db.execute('vacuum analyze users, rosters, transactions'));
  const { rows } = await ctx.db.execute<{ id: string; username: string }>(
    sql`select id, username from users where username in (${middleName}, ${bottomName})`,
  );
  const idOf = (name: string) => rows.find((r) => r.username === name)!.id;
  return {
    leagueId: league.id,
    generateMs,
    analyzeMs: analyze.ms,
    viewer: {
      username: middleName,
      userId: idOf(middleName),
      cookie: await sessionCookie(ctx.db, idOf(middleName)),
    },
    bottom: {
      username: bottomName,
      userId: idOf(bottomName),
      cookie: await sessionCookie(ctx.db, idOf(bottomName)),
    },
  };
}

/** Times one SQL statement run directly (no HTTP), to attribute the server's time to its queries. */
async function queryTimes(ctx: SuiteContext, runs: number, query: ReturnType<typeof sql>) {
  await ctx.db.execute(query);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await timed(() => ctx.db.execute(query))).ms);
  return summarize(samples);
}

/**
 * What a match save does to the totals, without the statistics: in one transaction, about 2/3 of the
 * league's rosters gain 0..20 points and one ledger event logs the change (packed, as the app logs it).
 */
async function pointsChange(ctx: SuiteContext, leagueId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await lockPointsLog(tx, leagueId);
    const { rows } = await tx.execute<{ n: number }>(sql`
      with d as (
        select id, floor(random() * 41) / 2 as delta from rosters
        where league_id = ${leagueId} and random() < ${CHANGED_SHARE}
      ),
      changed as (
        update rosters r set total_points = r.total_points + d.delta, updated_at = now()
        from d where r.id = d.id
        returning r.id, r.seq, d.delta
      )
      insert into roster_points_ledger (league_id, roster_ids, deltas, packed, reason)
      select ${leagueId}::uuid, array_agg(id), array_agg(delta), ${packedChanges(sql`changed`)}, 'bench'
      from changed
      returning cardinality(roster_ids) as n`);
    return Number(rows[0]?.n ?? 0);
  });
}

interface SizeResult {
  metrics: Metric[];
  notes: string[];
  details: Record<string, unknown>;
}

/**
 * Participants trading while a big match save commits and its fold writes the rosters' rows (each fold
 * slice locks its rosters), each a trade every 100 ms or so.
 */
const TRADERS = 10;
const TARGET_TRADE_WAIT_MS = 100;

async function tradersDuringSaves(ctx: SuiteContext, baseUrl: string, leagueId: string, rosters: number) {
  const { rows: player } = await ctx.db.execute<{ id: string }>(sql`
    insert into players (name, team, role, tier, cost) values ('Bench Trader ' || ${leagueId}, 'Free Agent', 'Top', 5, 1)
    returning id`);
  const names = Array.from({ length: TRADERS }, (_, i) =>
    filledUsername(`lb${rosters}`, rosters, 1 + Math.floor((i * rosters) / TRADERS)),
  );
  const { rows: users } = await ctx.db.execute<{ id: string }>(
    sql`select id from users where username in ${names}`,
  );
  const cookies = await Promise.all(users.map((u) => sessionCookie(ctx.db, u.id)));
  const url = (op: string) => `${baseUrl}/api/leagues/${leagueId}/players/${player[0]!.id}/${op}`;
  // one buy and sell each first, not timed: a server process's first trades are slower (docs/deadline-rush.md),
  // and they come before any save is sent
  for (const op of ['buy', 'sell']) {
    await Promise.all(
      cookies.map(async (cookie) => {
        const res = await fetch(url(op), { method: 'POST', headers: { cookie } });
        if (res.status !== 200)
          throw new Error(`the traders' warm-up ${op} answered ${res.status}: ${await res.text()}`);
      }),
    );
  }
  const latencies: number[] = [];
  /** each trade: when it was sent (ms after the traders started, and the clock's time), its time, the server's part */
  const trades: { at: number; wall: string; ms: number; serverMs: number }[] = [];
  const started = performance.now();
  let failed = 0;
  let stop = false;
  const loop = async (cookie: string) => {
    for (let op = 'buy'; !stop; op = op === 'buy' ? 'sell' : 'buy') {
      const t0 = performance.now();
      const wall = new Date().toISOString().slice(11, 23);
      const res = await fetch(url(op), { method: 'POST', headers: { cookie } });
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      trades.push({ at: t0 - started, wall, ms, serverMs: serverTimingMs(res) });
      if (res.status === 200) latencies.push(ms);
      else failed++;
      await sleep(100);
    }
  };
  const running = Promise.all(cookies.map(loop));
  return {
    async finish() {
      stop = true;
      await running;
      // the slowest, with the server's own time: a gap between the two is time before the server read the request
      const slowest = trades
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map(
          (t) =>
            `${round(t.ms, 1)} ms (server ${round(t.serverMs, 1)}) at +${round(t.at / 1000, 2)} s (${t.wall})`,
        );
      return { latency: summarize(latencies), failed, slowest };
    },
  };
}

const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

async function measureSize(ctx: SuiteContext, rosters: number): Promise<SizeResult> {
  const quick = ctx.quick;
  const sequential = quick ? 100 : 500;
  const concurrentSeconds = quick ? 3 : 8;
  const chains = quick ? 1 : 5;
  const changes = quick ? 3 : rosters >= 1_000_000 ? 6 : 10;
  const size = k(rosters);

  ctx.log(`leaderboard: generating ${rosters.toLocaleString('en')} users and rosters`);
  const w = await leaderboardWorld(ctx, rosters);
  ctx.log(
    `leaderboard: generated in ${round(w.generateMs / 1000, 1)} s, analyze ${round(w.analyzeMs / 1000, 1)} s`,
  );

  const server = await ctx.startServer();
  try {
    const base = `${server.baseUrl}/api/leagues/${w.leagueId}/leaderboard`;
    const rssIdle = rssMiB(server.pid);

    // correctness first: a wrong page would make the timings meaningless
    const cold = await getPage(base, w.viewer.cookie);
    const first = cold.body;
    if (
      first.entries.length !== 50 ||
      first.participantCount !== rosters ||
      first.entries[0]!.position !== 1
    ) {
      throw new Error(
        `unexpected first page: ${first.entries.length} entries, ${first.participantCount} participants`,
      );
    }
    const rssCached = rssMiB(server.pid);

    for (let i = 0; i < 50; i++) await getPage(base, w.viewer.cookie); // warm-up
    ctx.log(`leaderboard ${size}: first page, ${sequential} sequential requests`);
    const cpu = cpuSampler(server.pid);
    const seq: number[] = [];
    for (let i = 0; i < sequential; i++) seq.push((await getPage(base, w.viewer.cookie)).ms);
    const cpuSeq = cpu.stop();
    const firstPage = summarize(seq);

    const concurrent = await runLoad({
      url: base,
      connections: 10,
      durationS: concurrentSeconds,
      headers: { cookie: w.viewer.cookie },
    });

    // deep pages: follow nextCursor 20 times from the top (pages 2..21), a few times over
    const deep: number[] = [];
    let deepest: LeaderboardBody | null = null;
    for (let c = 0; c < chains; c++) {
      let cursor = first.nextCursor;
      for (let p = 2; p <= 21; p++) {
        if (!cursor) throw new Error(`no nextCursor before page ${p}`);
        const r = await getPage(`${base}?cursor=${encodeURIComponent(cursor)}`, w.viewer.cookie);
        deep.push(r.ms);
        cursor = r.body.nextCursor;
        deepest = r.body;
      }
    }
    const deepPages = summarize(deep);

    // `me` for the user at the very bottom: the position counts every roster above it
    const meRuns = quick ? 50 : 200;
    const expectBottom = async () => {
      const { rows } = await ctx.db.execute<{ pos: number }>(sql`
        select 1 + count(*)::int as pos from rosters r
        where r.league_id = ${w.leagueId}
          and r.total_points > (select total_points from rosters where user_id = ${w.bottom.userId})`);
      return Number(rows[0]!.pos);
    };
    const bottomFirst = (await getPage(base, w.bottom.cookie)).body;
    if (bottomFirst.me?.position !== (await expectBottom())) {
      throw new Error(`me.position ${bottomFirst.me?.position} <> expected ${await expectBottom()}`);
    }
    const meSamples: number[] = [];
    for (let i = 0; i < meRuns; i++) meSamples.push((await getPage(base, w.bottom.cookie)).ms);
    const meBottom = summarize(meSamples);

    // right after a points change that moves 2/3 of the league: the server patches its standings from
    // the ledger event (standings.ts) before answering; viewer mid-table and at the bottom alternately
    ctx.log(
      `leaderboard ${size}: ${changes} points changes of ${Math.round(CHANGED_SHARE * 100)} % of the rosters`,
    );
    const afterSamples: number[] = [];
    const afterServer: number[] = [];
    const afterParts: string[] = [];
    const writeMs: number[] = [];
    let moved = 0;
    for (let i = 0; i < changes; i++) {
      const t = await timed(() => pointsChange(ctx, w.leagueId));
      writeMs.push(t.ms);
      moved = t.value;
      const page = await getPage(base, i % 2 === 0 ? w.viewer.cookie : w.bottom.cookie);
      afterSamples.push(page.ms);
      afterServer.push(page.serverMs);
      afterParts.push(page.parts);
    }
    const afterChange = summarize(afterSamples);

    // right after a big match save as the app makes it: its points pending, the fold writing them meanwhile
    ctx.log(
      `leaderboard ${size}: ${changes} match saves left pending, each page asked for while its fold runs`,
    );
    const { rows: weekRows } = await ctx.db.execute<{ id: string }>(sql`
      insert into weeks (league_id, week_number, name, start_date, end_date)
      values (${w.leagueId}, 1, 'Settimana 1', current_date, current_date + 6) returning id`);
    const pendingSamples: number[] = [];
    const pendingServer: number[] = [];
    const pendingParts: string[] = [];
    const duringFold: number[] = [];
    const duringFoldServer: number[] = [];
    const foldMs: number[] = [];
    let pendingMoved = 0;
    // what a match save in a league this big does (points-fold.ts): the same kind of change committed
    // as one pending event, computed and packed outside the database, then folded into week rows and
    // totals, all by the saving instance (saving-process.ts), the page asked for as soon as it has committed
    const saver = startSavingProcess(ctx.benchUrl);
    let traders: Awaited<ReturnType<typeof tradersDuringSaves>> | undefined;
    let tradesDuringSaves:
      | { latency: ReturnType<typeof summarize>; failed: number; slowest: string[] }
      | undefined;
    try {
      await saver.fold(w.leagueId); // up and connected (nothing pending yet)
      for (let i = 0; i < changes; i++) {
        const change = await saver.save(w.leagueId, weekRows[0]!.id, CHANGED_SHARE);
        pendingMoved = change.moved;
        const page = await getPage(base, i % 2 === 0 ? w.viewer.cookie : w.bottom.cookie);
        pendingSamples.push(page.ms);
        pendingServer.push(page.serverMs);
        pendingParts.push(page.parts);
        // and one while the fold writes its week rows (its first statement, seconds at 1M)
        await sleep(pointsFold.startAfterMs + 1000);
        const during = await getPage(base, i % 2 === 0 ? w.bottom.cookie : w.viewer.cookie);
        duringFold.push(during.ms);
        duringFoldServer.push(during.serverMs);
        foldMs.push(await change.fold);
      }
      // then participants trading through one more such save and its whole fold, pages left alone
      traders = await tradersDuringSaves(ctx, server.baseUrl, w.leagueId, rosters);
      await sleep(500);
      const saving = performance.now();
      const saved = await saver.save(w.leagueId, weekRows[0]!.id, CHANGED_SHARE);
      const committed = performance.now() - saving;
      const folded = await saved.fold;
      ctx.log(
        `leaderboard ${size}: the traders' save committed at +${round(0.5 + committed / 1000, 2)} s, its fold took ${round(folded / 1000, 2)} s`,
      );
      tradesDuringSaves = await traders.finish();
    } finally {
      await traders?.finish();
      saver.stop();
    }
    ctx.log(
      `leaderboard ${size}: ${TRADERS} participants trading while a save commits and folds: ${fmtLatency(tradesDuringSaves!.latency)}, refused ${tradesDuringSaves!.failed}; slowest ${tradesDuringSaves!.slowest.join(', ')}`,
    );
    const afterPending = summarize(pendingSamples);
    const whileFolding = summarize(duringFold);
    // …and still right: the bottom user's position and the top total against the table
    const afterBottom = (await getPage(base, w.bottom.cookie)).body;
    const { rows: top } = await ctx.db.execute<{ max: string }>(
      sql`select max(total_points)::text as max from rosters where league_id = ${w.leagueId}`,
    );
    const afterTop = (await getPage(base, w.viewer.cookie)).body.entries[0]!.totalPoints;
    if (afterBottom.me?.position !== (await expectBottom()) || afterTop !== Number(top[0]!.max)) {
      throw new Error(
        `after the changes: me ${afterBottom.me?.position} <> ${await expectBottom()} or top ${afterTop} <> ${top[0]!.max}`,
      );
    }
    const rssAfter = rssMiB(server.pid);
    const { rows: versionRows } = await ctx.db.execute<{ v: string }>(
      sql`select ${pointsVersion(w.leagueId)} as v`,
    );
    const versionMs = await queryTimes(ctx, 50, sql`select ${pointsVersion(w.leagueId)} as v`);

    const label = (what: string) => `${what} (${size} rosters)`;
    const metrics: Metric[] = [
      {
        key: `leaderboard_${size}_first_p50_ms`,
        label: label('first page p50'),
        value: round(firstPage.p50, 2),
        unit: 'ms',
      },
      {
        key: `leaderboard_${size}_first_p99_ms`,
        label: label('first page p99'),
        value: round(firstPage.p99, 2),
        unit: 'ms',
        target: `< ${TARGET_P99_MS} ms`,
        pass: firstPage.p99 < TARGET_P99_MS,
      },
      {
        key: `leaderboard_${size}_first_c10_p99_ms`,
        label: label('first page p99, 10 concurrent'),
        value: round(concurrent.latency.p99, 2),
        unit: 'ms',
      },
      {
        key: `leaderboard_${size}_deep_p99_ms`,
        label: label('pages 2-21 via cursor p99'),
        value: round(deepPages.p99, 2),
        unit: 'ms',
        target: `< ${TARGET_P99_MS} ms`,
        pass: deepPages.p99 < TARGET_P99_MS,
      },
      {
        key: `leaderboard_${size}_me_bottom_p99_ms`,
        label: label('own position at the bottom p99'),
        value: round(meBottom.p99, 2),
        unit: 'ms',
        target: `< ${TARGET_P99_MS} ms`,
        pass: meBottom.p99 < TARGET_P99_MS,
      },
      {
        key: `leaderboard_${size}_trade_during_save_max_ms`,
        label: label(`trade while a big match save commits and folds (${TRADERS} traders), max`),
        value: round(tradesDuringSaves!.latency.max, 1),
        unit: 'ms',
        target: `< ${TARGET_TRADE_WAIT_MS} ms, none refused`,
        pass: tradesDuringSaves!.latency.max < TARGET_TRADE_WAIT_MS && tradesDuringSaves!.failed === 0,
      },
      {
        key: `leaderboard_${size}_after_change_max_ms`,
        label: label(
          `first page right after a points change (${Math.round(CHANGED_SHARE * 100)} % moved), max`,
        ),
        value: round(afterChange.max, 1),
        unit: 'ms',
        target: `< ${TARGET_AFTER_CHANGE_MS} ms`,
        pass: afterChange.max < TARGET_AFTER_CHANGE_MS,
      },
      {
        key: `leaderboard_${size}_after_pending_save_max_ms`,
        label: label('first page right after a big match save, its points pending, max'),
        value: round(afterPending.max, 1),
        unit: 'ms',
        target: `< ${TARGET_AFTER_CHANGE_MS} ms`,
        pass: afterPending.max < TARGET_AFTER_CHANGE_MS,
      },
      {
        key: `leaderboard_${size}_while_folding_max_ms`,
        label: label('first page while a big match save is being folded, max'),
        value: round(whileFolding.max, 1),
        unit: 'ms',
      },
      {
        key: `leaderboard_${size}_rss_mib`,
        label: label('server RSS with the league cached'),
        value: round(Math.max(rssCached, rssAfter), 0),
        unit: 'MiB',
        target: `< ${TARGET_RSS_MIB} MiB`,
        pass: Math.max(rssCached, rssAfter) < TARGET_RSS_MIB,
      },
    ];
    const notes = [
      `${size}: ${rosters.toLocaleString('en')} users + rosters in one league (plus 2 ledger rows each), generated set-based in ${round(w.generateMs / 1000, 1)} s; total_points 0..1000 step 0.5 (many ties); VACUUM ANALYZE before timing`,
      `${size}: the very first page (the standings read from the table, once per process) ${round(cold.ms, 0)} ms; server RSS ${round(rssIdle, 0)} MiB idle, ${round(rssCached, 0)} MiB with the league cached, ${round(rssAfter, 0)} MiB after the changes`,
      `${size}: first page, ${sequential} sequential requests after 50 warm-up, viewer ${w.viewer.username} (mid-table, with own position): ${fmtLatency(firstPage)}; cpu ${fmtCpu(cpuSeq)}`,
      `${size}: first page, 10 concurrent clients: ${round(concurrent.okPerSecond, 0)} pages/s, ${fmtLatency(concurrent.latency)}, non-2xx ${concurrent.non2xx}`,
      `${size}: deep pages (nextCursor followed from the top to page 21, ${chains}×): ${fmtLatency(deepPages)}; page 21 starts at position ${deepest!.entries[0]!.position}`,
      `${size}: own position at the bottom (${w.bottom.username}, position ${bottomFirst.me.position} of ${rosters}): ${fmtLatency(meBottom)}`,
      `${size}: first page right after a points change (${changes}×: ${moved.toLocaleString('en')} rosters moved by one ledger event, written by the bench in ${round(summarize(writeMs).p50 / 1000, 2)} s p50; the server patches its standings from the event): ${fmtLatency(afterChange)}, in order ${afterSamples.map((ms) => round(ms, 1)).join(' / ')} ms (the server's own part, its Server-Timing: ${afterServer.map((ms) => round(ms, 1)).join(' / ')} ms, of which first statements + standings and page + rows and position: ${afterParts.join(' / ')} ms); positions and top total checked against the table afterwards`,
      `${size}: first page right after a big match save (${changes}×: ${pendingMoved.toLocaleString('en')} rosters moved by one pending event, packed and committed by another process as the saving instance does it, the page asked for as soon as it has committed; the fold, run by that process as the saving instance runs it, starting ${pointsFold.startAfterMs} ms after the commit, wrote the week rows and totals in ${fmtLatency(summarize(foldMs))}, that wait included): ${fmtLatency(afterPending)}, in order ${pendingSamples.map((ms) => round(ms, 1)).join(' / ')} ms (the server's own part, its Server-Timing: ${pendingServer.map((ms) => round(ms, 1)).join(' / ')} ms, of which first statements + standings and page + rows and position: ${pendingParts.join(' / ')} ms)`,
      `${size}: first page while that fold writes (asked ${pointsFold.startAfterMs + 1000} ms after the commit, the other viewer; no target of its own, the standings already count the event): ${fmtLatency(whileFolding)}, in order ${duringFold.map((ms) => round(ms, 1)).join(' / ')} ms (server ${duringFoldServer.map((ms) => round(ms, 1)).join(' / ')} ms)`,
      `${size}: the points version alone (direct, no HTTP): ${fmtLatency(versionMs)}; version ${versionRows[0]!.v}`,
    ];
    return {
      metrics,
      notes,
      details: {
        rosters,
        firstPage,
        firstPageCpu: cpuSeq,
        concurrent,
        deepPages,
        meBottom,
        afterChange,
        afterPending,
        whileFolding,
        foldMs,
        rssIdle,
        rssCached,
        rssAfter,
      },
    };
  } finally {
    await server.stop();
  }
}

export const leaderboardSuite: Suite = {
  name: 'leaderboard',
  issue: '#16',
  description: `GET /api/leagues/:id/leaderboard on leagues of ${SIZES.map(k).join(' and ')} rosters, and right after a points change`,
  async run(ctx) {
    const metrics: Metric[] = [];
    const notes: string[] = [];
    const details: Record<string, unknown> = {};
    for (const rosters of ctx.quick ? QUICK_SIZES : SIZES) {
      const r = await measureSize(ctx, rosters);
      metrics.push(...r.metrics);
      notes.push(...r.notes);
      details[k(rosters)] = r.details;
    }
    return { metrics, notes, details };
  },
};
