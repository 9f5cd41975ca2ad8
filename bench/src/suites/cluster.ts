import { championCost } from '@fantarift/core';
import { champions } from '@fantarift/server/src/db/schema.ts';
import { settlePoints } from '@fantarift/server/src/modules/points/index.ts';
import { sql } from 'drizzle-orm';
import { type CpuSplit, cpuSampler, fmtCpu, perOp } from '../lib/cpu.ts';
import { mapLimit, sessionCookie } from '../lib/fixtures.ts';
import { fillLeague, getPage, type LeaderboardBody } from '../lib/leaderboard-world.ts';
import { type LoadResult, loadLine, pacedLoad, runLoads } from '../lib/load.ts';
import { type ScoringWorld, scoringWorld } from '../lib/scoring-world.ts';
import type { ServerHandle } from '../lib/server.ts';
import { subscribe } from '../lib/sse.ts';
import { fmtLatency, type LatencySummary, round, sleep, summarize } from '../lib/stats.ts';
import {
  ledgerCheck,
  resetHoldings,
  type TradeWorld,
  tradeRequests,
  tradeWorld,
} from '../lib/trade-world.ts';
import { bo3Payload } from './scoring.ts';
import type { Metric, Suite, SuiteContext } from './types.ts';

/** trade clients in all, split evenly over the instances */
const CLIENTS = 100;
/** rosters of the league whose leaderboard is read; the first HOLDERS hold players (a match save moves them) */
const ROSTERS = 100_000;
const HOLDERS = 2_000;
/** leaderboard reads per second during the trade runs, over all instances (paced, like users refreshing) */
const READS_PER_S = 40;
/** their connections, over all instances: enough that a read slowed by the trades does not delay the next one */
const READ_CONNECTIONS = 20;
/** issue 3's target for the first page */
const TARGET_P99_MS = 20;
/** saves through one instance, each checked on the other (A→B, B→A, …) */
const ROUNDS = 3;
/** how long a stale page or a missing event is waited for before the check fails */
const PATIENCE_MS = 5000;
/** the race: champions of these tiers (cost 1, 2, 3; 14 Burro Coin in all, 8 to spend, at most 8 held) */
const RACE_CHAMPION_TIERS = [1, 1, 1, 1, 1, 1, 1, 2, 2, 3];
/** the race: players each user tries to buy at once (at most 5 held, 15 Panda Coin to spend) */
const RACE_PLAYERS = 7;

interface ClusterWorld {
  trades: TradeWorld;
  championIds: string[];
  scoring: ScoringWorld;
  leagueId: string;
  /** a match of the week, played and not entered yet: its saves move the holders' points */
  matchId: string;
  viewer: { username: string; cookie: string };
  adminCookie: string;
  generateS: number;
}

async function clusterWorld(ctx: SuiteContext): Promise<ClusterWorld> {
  const t0 = performance.now();
  // a league of HOLDERS rosters holding players and champions, one week, one scored match …
  const scoring = await scoringWorld(ctx.db, {
    tag: 'cluster',
    rosters: HOLDERS,
    weeks: 1,
    matchesPerWeek: 1,
    swapShare: 0,
  });
  // … filled up to ROSTERS with rosters that hold nothing (points 0..1000, as in the leaderboard suite)
  await fillLeague(ctx.db, scoring.leagueId, ROSTERS - HOLDERS, 'cllb');
  const { rows: created } = await ctx.db.execute<{ id: string; team1: string }>(sql`
    insert into matches (league_id, week_id, team1, team2, date, match_day, match_format)
    select league_id, week_id, team2, team1, date + interval '3 hours', match_day, 3
    from matches where id = ${scoring.matchIds[0]!}
    returning id, team1`);
  const match = created[0]!;
  // the viewer holds a player of the match's first team: every save changes its total and position
  const { rows: holder } = await ctx.db.execute<{ user_id: string; username: string }>(sql`
    select r.user_id, r.username from rosters r
    join roster_players h on h.roster_id = r.id and h.released_at is null
    join players p on p.id = h.player_id
    where r.league_id = ${scoring.leagueId} and p.team = ${match.team1}
    order by r.username limit 1`);
  const viewer = holder[0]!;
  await ctx.db.execute('vacuum analyze users, rosters, transactions, roster_players');

  const trades = await tradeWorld(ctx.db, {
    league: 'Bench Cluster',
    userPrefix: 'cltrader_',
    clients: CLIENTS,
  });
  const championRows = await ctx.db
    .insert(champions)
    .values(
      RACE_CHAMPION_TIERS.map((tier, i) => ({
        name: `Cluster Champ ${i}`,
        tier,
        cost: championCost(tier),
        roles: ['Top'],
      })),
    )
    .returning({ id: champions.id });
  return {
    trades,
    championIds: championRows.map((c) => c.id),
    scoring,
    leagueId: scoring.leagueId,
    matchId: match.id,
    viewer: { username: viewer.username, cookie: await sessionCookie(ctx.db, viewer.user_id) },
    adminCookie: await sessionCookie(ctx.db, scoring.adminUserId),
    generateS: (performance.now() - t0) / 1000,
  };
}

const leaderboardPath = (w: ClusterWorld) => `/api/leagues/${w.leagueId}/leaderboard`;

interface MixedRun {
  instances: number;
  trades: LoadResult;
  /** the paced leaderboard reads, one result per instance */
  reads: LoadResult[];
  cpu: CpuSplit;
  /** server cores of each instance */
  serverCores: (number | null)[];
}

/** The mixed runs of one configuration (1 or 2 instances), their latency samples pooled. */
interface Config {
  instances: number;
  runs: MixedRun[];
  tradeSamples: number[];
  readSamples: number[];
}

const tradesPerS = (c: Config) =>
  c.runs.reduce((n, r) => n + r.trades.ok, 0) / c.runs.reduce((n, r) => n + r.trades.seconds, 0);
const meanOf = (c: Config, f: (r: MixedRun) => number | null) =>
  c.runs.reduce((n, r) => n + (f(r) ?? Number.NaN), 0) / c.runs.length;

/**
 * CLIENTS closed-loop trade clients split evenly over `servers` (client i is user i wherever it sends),
 * and READS_PER_S paced leaderboard reads split the same way, for `seconds`.
 */
async function mixedRun(
  w: ClusterWorld,
  servers: ServerHandle[],
  all: ServerHandle[],
  seconds: number,
  pool?: Config,
): Promise<MixedRun> {
  const share = CLIENTS / servers.length;
  const cpu = cpuSampler(all.map((s) => s.pid));
  const each = all.map((s) => cpuSampler(s.pid));
  const [trades, ...reads] = await Promise.all([
    runLoads(
      servers.map((s, k) => ({
        url: s.baseUrl,
        connections: share,
        durationS: seconds,
        requestsFor: tradeRequests(w.trades, k * share),
        samples: pool?.tradeSamples,
      })),
    ),
    ...servers.map((s) =>
      pacedLoad({
        url: s.baseUrl,
        connections: READ_CONNECTIONS / servers.length,
        rate: READS_PER_S / servers.length,
        durationS: seconds,
        samples: pool?.readSamples,
        requestsFor: () => [
          { method: 'GET' as const, path: leaderboardPath(w), headers: { cookie: w.viewer.cookie } },
        ],
      }),
    ),
  ]);
  return {
    instances: servers.length,
    trades,
    reads,
    cpu: cpu.stop(),
    serverCores: each.map((c) => c.stop().serverCores),
  };
}

/**
 * Every user at once tries to buy RACE_PLAYERS players and every race champion, the requests alternating
 * between the instances: more than the limits and the coins allow, so the two processes race on each
 * roster. Returns the answers by status and error code.
 */
async function race(w: ClusterWorld, servers: ServerHandle[]): Promise<Record<string, number>> {
  const codes: Record<string, number> = {};
  const { leagueId, playerIds, users } = w.trades;
  await mapLimit(users, 10, async (u, i) => {
    const items = [
      ...Array.from(
        { length: RACE_PLAYERS },
        (_, j) => `players/${playerIds[(i + j * 7) % playerIds.length]}`,
      ),
      ...w.championIds.map((id) => `champions/${id}`),
    ];
    await Promise.all(
      items.map(async (item, j) => {
        const server = servers[j % servers.length]!;
        const res = await fetch(`${server.baseUrl}/api/leagues/${leagueId}/${item}/buy`, {
          method: 'POST',
          headers: { cookie: u.cookie },
        });
        const body = (await res.json().catch(() => ({}))) as { code?: string };
        const key = res.status === 200 ? '200' : `${res.status} ${body.code ?? ''}`.trim();
        codes[key] = (codes[key] ?? 0) + 1;
      }),
    );
  });
  return codes;
}

interface Truth {
  total: number;
  position: number;
  top: { username: string; totalPoints: number; position: number }[];
}

/**
 * What the leaderboard must show now, read from the database once every pending match change is written
 * (in this league of 100,000 rosters a save leaves its points pending, and pages add them until the fold
 * has written them: the table alone would lag the page).
 */
async function truth(ctx: SuiteContext, w: ClusterWorld): Promise<Truth> {
  await settlePoints(ctx.db, w.leagueId);
  const { rows: me } = await ctx.db.execute<{ total: string; position: number }>(sql`
    select m.total_points as total,
           1 + (select count(*)::int from rosters r where r.league_id = ${w.leagueId} and r.total_points > m.total_points) as position
    from rosters m where m.league_id = ${w.leagueId} and m.username = ${w.viewer.username}`);
  const { rows: top } = await ctx.db.execute<{ username: string; total: string; position: number }>(sql`
    select username, total_points as total, rank() over (order by total_points desc)::int as position
    from rosters where league_id = ${w.leagueId}
    order by total_points desc, username, id limit 50`);
  return {
    total: Number(me[0]!.total),
    position: Number(me[0]!.position),
    top: top.map((r) => ({
      username: r.username,
      totalPoints: Number(r.total),
      position: Number(r.position),
    })),
  };
}

const shows = (page: LeaderboardBody, t: Truth) =>
  page.me?.totalPoints === t.total &&
  page.me.position === t.position &&
  page.entries.length === t.top.length &&
  page.entries.every(
    (e, i) =>
      e.username === t.top[i]!.username &&
      e.totalPoints === t.top[i]!.totalPoints &&
      e.position === t.top[i]!.position,
  );

interface VisibilityRound {
  writer: string;
  reader: string;
  /** the save through the writer, request to answer */
  saveMs: number;
  /** the viewer's total before and after */
  before: number;
  after: number;
  /** the reader's first page after the save's answer showed it */
  nextPageShows: boolean;
  /** from the writer's answer to the reader's page that showed the save (the next page when it did) */
  visibleAfterMs: number;
  /** from sending the save to its live event on the reader's / writer's stream (null: never came) */
  readerEventMs: number | null;
  writerEventMs: number | null;
}

/** performance.now() of every chunk of a stream that names the match */
function eventLog(server: ServerHandle, w: ClusterWorld) {
  const arrivals: number[] = [];
  const port = Number(new URL(server.baseUrl).port);
  const socket = subscribe(port, `/api/leagues/${w.leagueId}/events`, w.viewer.cookie, (chunk, now) => {
    if (chunk.includes(`"matchId":"${w.matchId}"`) && chunk.includes('event: points')) arrivals.push(now);
  });
  return { arrivals, socket };
}

async function waitFor(arrivals: number[], since: number): Promise<number | null> {
  const deadline = performance.now() + PATIENCE_MS;
  for (;;) {
    const at = arrivals.find((t) => t >= since);
    if (at !== undefined) return at - since;
    if (performance.now() > deadline) return null;
    await sleep(5);
  }
}

/**
 * A match save through one instance (the admin API, as the admin screen sends it), then the other
 * instance's very next leaderboard page: its ranking cache must see the new points version. Both
 * instances' live streams must get the save's event (NOTIFY → each instance's LISTEN connection).
 */
async function visibility(ctx: SuiteContext, w: ClusterWorld, servers: ServerHandle[]) {
  const names = ['A', 'B'];
  const logs = servers.map((s) => eventLog(s, w));
  const sockets = await Promise.all(logs.map((l) => l.socket));
  const rounds: VisibilityRound[] = [];
  try {
    for (let k = 0; k < ROUNDS; k++) {
      const writer = servers[k % 2]!;
      const reader = servers[(k + 1) % 2]!;
      const readerUrl = `${reader.baseUrl}${leaderboardPath(w)}`;
      // the reader holds the ranking of the current version (its cache is warm)
      const before = (await getPage(readerUrl, w.viewer.cookie)).body;
      const payload = JSON.stringify(await bo3Payload(ctx.db, w.scoring, w.matchId, k));
      const t0 = performance.now();
      const res = await fetch(`${writer.baseUrl}/api/admin/matches/${w.matchId}/statistics`, {
        method: 'PUT',
        headers: { cookie: w.adminCookie, 'content-type': 'application/json' },
        body: payload,
      });
      const text = await res.text();
      const t1 = performance.now();
      if (res.status !== 200) throw new Error(`the save answered ${res.status}: ${text.slice(0, 300)}`);
      const next = (await getPage(readerUrl, w.viewer.cookie)).body;
      let visibleAt = performance.now();
      const expected = await truth(ctx, w);
      const nextPageShows = shows(next, expected);
      // a stale page: how long until the reader catches up (a failure either way)
      let page = next;
      while (!shows(page, expected) && performance.now() - t1 < PATIENCE_MS) {
        await sleep(50);
        page = (await getPage(readerUrl, w.viewer.cookie)).body;
        visibleAt = performance.now();
      }
      const [readerEventMs, writerEventMs] = await Promise.all([
        waitFor(logs[(k + 1) % 2]!.arrivals, t0),
        waitFor(logs[k % 2]!.arrivals, t0),
      ]);
      const round: VisibilityRound = {
        writer: names[k % 2]!,
        reader: names[(k + 1) % 2]!,
        saveMs: t1 - t0,
        before: before.me?.totalPoints ?? Number.NaN,
        after: expected.total,
        nextPageShows: nextPageShows && before.me?.totalPoints !== expected.total,
        visibleAfterMs: shows(page, expected) ? visibleAt - t1 : Number.POSITIVE_INFINITY,
        readerEventMs,
        writerEventMs,
      };
      rounds.push(round);
      ctx.log(
        `save through ${round.writer} (${round.saveMs.toFixed(0)} ms; viewer ${round.before} → ${round.after} points): ${round.reader}'s next page ${round.nextPageShows ? 'shows it' : 'DOES NOT show it'} (${round.visibleAfterMs.toFixed(1)} ms after the answer); event on ${round.reader} ${round.readerEventMs?.toFixed(1) ?? 'never'} ms, on ${round.writer} ${round.writerEventMs?.toFixed(1) ?? 'never'} ms after sending`,
      );
    }
  } finally {
    for (const s of sockets) s.destroy();
  }
  return rounds;
}

const statusTotal = (codes: Record<string, number>, test: (status: number) => boolean) =>
  Object.entries(codes).reduce((n, [key, count]) => n + (test(Number.parseInt(key, 10)) ? count : 0), 0);

const ms2 = (v: number) => round(v, 2);

/** throughput, p50 and p99 of the trades of one configuration's runs */
const tradeMetrics = (c: Config, what: string): Metric[] => {
  const n = c.instances;
  const summary = summarize(c.tradeSamples);
  const latency = (p: 'p50' | 'p99') => ({
    key: `cluster_trade_${n}_${p}_ms`,
    label: `trade ${p}, ${n} instance${n > 1 ? 's' : ''}`,
    value: ms2(summary[p]),
    unit: 'ms',
  });
  return [
    {
      key: `cluster_trades_${n}_per_s`,
      label: `trades/s, ${what}`,
      value: round(tradesPerS(c), 1),
      unit: '/s',
    },
    latency('p50'),
    latency('p99'),
  ];
};

/** the idle first page's p99 on one instance, against issue 3's target */
const firstPageMetric = (instance: 'a' | 'b', s: LatencySummary): Metric => ({
  key: `cluster_leaderboard_${instance}_p99_ms`,
  label: `first page p99 on ${instance.toUpperCase()} (${(ROSTERS / 1000).toFixed(0)}k rosters)`,
  value: ms2(s.p99),
  unit: 'ms',
  target: `< ${TARGET_P99_MS} ms`,
  pass: s.p99 < TARGET_P99_MS,
});

export const clusterSuite: Suite = {
  name: 'cluster',
  issue: '#16',
  description: `two server processes on one database: ${CLIENTS} trade clients and leaderboard reads on both, invariants, a save seen across instances`,
  async run(ctx) {
    const quick = ctx.quick;
    const seconds = quick ? 4 : 8;
    const warmupSeconds = quick ? 1 : 3;
    const idleReads = quick ? 100 : 300;

    ctx.log(
      `cluster: generating a league of ${ROSTERS.toLocaleString('en')} rosters (${HOLDERS} holding players) and ${CLIENTS} traders`,
    );
    const w = await clusterWorld(ctx);
    ctx.log(`cluster: generated in ${round(w.generateS, 1)} s`);

    const a = await ctx.startServer();
    const servers: ServerHandle[] = [a];
    try {
      servers.push(await ctx.startServer());
      const check = async (label: string) => {
        await resetHoldings(ctx.db, a.baseUrl, w.trades);
        const c = await ledgerCheck(ctx.db, w.trades);
        ctx.log(
          `${label}: ${c.rosters} rosters, ledger ${c.ledger}, over a limit ${c.overLimit}, negative ${c.negative}`,
        );
        return { label, ...c };
      };

      ctx.log(`cluster: warm-up ${warmupSeconds} s on both`);
      await mixedRun(w, servers, servers, warmupSeconds);
      const checks = [await check('after the warm-up')];

      // 1, 2, 2, 1 instances: a machine that gets busier or quieter meanwhile weighs on both alike
      const configs = [1, 2].map(
        (instances): Config => ({ instances, runs: [], tradeSamples: [], readSamples: [] }),
      );
      const runs: MixedRun[] = [];
      for (const instances of quick ? [1, 2] : [1, 2, 2, 1]) {
        await ctx.db.execute('checkpoint');
        await sleep(1000);
        ctx.log(`cluster: trades and leaderboard reads on ${instances} instance(s) for ${seconds} s`);
        const config = configs[instances - 1]!;
        const r = await mixedRun(w, servers.slice(0, instances), servers, seconds, config);
        config.runs.push(r);
        runs.push(r);
        ctx.log(loadLine(`  trades, ${instances} instance(s)`, r.trades));
        r.reads.forEach((read, k) => {
          ctx.log(loadLine(`  leaderboard reads on ${k === 0 ? 'A' : 'B'}`, read));
        });
        ctx.log(`  cpu: ${fmtCpu(r.cpu)}`);
        checks.push(await check(`after ${instances} instance(s)`));
      }
      const [one, two] = configs as [Config, Config];

      ctx.log('cluster: race, every trader buys more than it may, through both instances at once');
      const raceCodes = await race(w, servers);
      const raceLedger = await ledgerCheck(ctx.db, w.trades);
      ctx.log(
        `  answers ${JSON.stringify(raceCodes)}; ledger ${raceLedger.ledger}, over a limit ${raceLedger.overLimit}, negative ${raceLedger.negative}`,
      );
      checks.push({ label: 'right after the race', ...raceLedger }, await check('after the race'));

      ctx.log(`cluster: leaderboard first page, ${idleReads} sequential requests on each, alternating`);
      const lb = servers.map((s) => `${s.baseUrl}${leaderboardPath(w)}`);
      for (let i = 0; i < 20; i++) for (const url of lb) await getPage(url, w.viewer.cookie);
      const idle: number[][] = [[], []];
      for (let i = 0; i < idleReads; i++) {
        for (const [k, url] of lb.entries()) idle[k]!.push((await getPage(url, w.viewer.cookie)).ms);
      }
      const [idleA, idleB] = idle.map(summarize) as [LatencySummary, LatencySummary];
      ctx.log(`  A: ${fmtLatency(idleA)}; B: ${fmtLatency(idleB)}`);

      ctx.log(`cluster: ${ROUNDS} match saves through one instance, read on the other`);
      const rounds = await visibility(ctx, w, servers);

      const serverErrors = servers.flatMap((s) => s.output().filter((l) => /"level":(50|60)/.test(l)));
      const fiveXx =
        statusTotal(raceCodes, (s) => s >= 500) +
        runs.reduce(
          (n, r) =>
            n + [r.trades, ...r.reads].reduce((m, l) => m + statusTotal(l.statusCodes, (s) => s >= 500), 0),
          0,
        );
      const ledgerBad = Math.max(...checks.map((c) => c.ledger));
      const limitBad = Math.max(...checks.map((c) => c.overLimit + c.negative));
      const visible = rounds.every((r) => r.nextPageShows);
      const worstVisible = Math.max(...rounds.map((r) => r.visibleAfterMs));
      const events = rounds.flatMap((r) => [r.readerEventMs, r.writerEventMs]);
      const delivered = events.every((e) => e !== null);
      // from the writer's answer (the event is published once the save has answered, so it is about 0)
      const worstEvent = Math.max(
        ...rounds.map((r) => (r.readerEventMs ?? Number.POSITIVE_INFINITY) - r.saveMs),
      );
      const scaling = tradesPerS(two) / tradesPerS(one);
      const readP99 = (c: Config) => summarize(c.readSamples).p99;
      const coreList = (r: MixedRun) =>
        r.serverCores.map((c, k) => `${k === 0 ? 'A' : 'B'} ${c?.toFixed(2) ?? 'n/a'}`).join(', ');

      const metrics: Metric[] = [
        ...tradeMetrics(one, `1 instance (${CLIENTS} clients)`),
        ...tradeMetrics(two, `2 instances (${CLIENTS / 2} + ${CLIENTS / 2} clients)`),
        {
          key: 'cluster_trades_2_vs_1',
          label: 'trades/s 2 instances ÷ 1 instance',
          value: round(scaling, 2),
          unit: '×',
        },
        firstPageMetric('a', idleA),
        firstPageMetric('b', idleB),
        {
          key: 'cluster_leaderboard_loaded_p99_ms',
          label: 'first page p99 during the 2-instance trades',
          value: ms2(readP99(two)),
          unit: 'ms',
        },
        {
          key: 'cluster_ledger_violations',
          label: 'rosters whose coins or counters ≠ ledger/holdings',
          value: ledgerBad,
          unit: 'rosters',
          target: '0',
          pass: ledgerBad === 0,
        },
        {
          key: 'cluster_limit_violations',
          label: 'rosters > 5 players, > 8 champions or < 0 coins',
          value: limitBad,
          unit: 'rosters',
          target: '0',
          pass: limitBad === 0,
        },
        {
          key: 'cluster_5xx',
          label: 'server errors (5xx) on both instances',
          value: fiveXx,
          unit: 'answers',
          target: '0',
          pass: fiveXx === 0,
        },
        {
          key: 'cluster_visibility_ms',
          label: "a save through one, the other's next page (worst)",
          value: ms2(worstVisible),
          unit: 'ms',
          target: 'shown on the next page',
          pass: visible,
        },
        {
          key: 'cluster_event_ms',
          label: "a save's live event on the other instance, after the answer (worst)",
          value: ms2(worstEvent),
          unit: 'ms',
          target: 'delivered on both',
          pass: delivered,
        },
      ];
      const runNote = (r: MixedRun) =>
        `${r.instances} instance(s): ${loadLine('trades', r.trades)}; leaderboard reads ${r.reads
          .map((x, k) => `on ${k === 0 ? 'A' : 'B'} ${fmtLatency(x.latency)}`)
          .join(
            ', ',
          )}; cpu ${fmtCpu(r.cpu)} (server cores by instance: ${coreList(r)}); ${perOp(r.cpu, r.trades.okPerSecond)}`;
      const notes = [
        `two app servers (A, B: the same apps/server/src/server.ts, each its own Node process with its own pool (DATABASE_POOL_SIZE, by default (2 × cores + 1) × 2 connections), its own leaderboard cache and its own LISTEN connection) on one PostgreSQL database`,
        `data: a league of ${ROSTERS.toLocaleString('en')} rosters (${HOLDERS} hold one player per role and 8 champions, the others hold nothing and have 0..1000 points) with one week and a played match not yet entered; a market league of ${CLIENTS} traders, each with its own roster and session; generated in ${round(w.generateS, 1)} s`,
        `mixed runs (${seconds} s each, after a ${warmupSeconds} s warm-up on both; instances ${runs.map((r) => r.instances).join(', ')}, each figure pools the runs of its configuration): ${CLIENTS} closed-loop trade clients (each its own user, alternating POST buy / POST sell of one player) all on A, or ${CLIENTS / 2} on A and ${CLIENTS / 2} on B; plus ${READS_PER_S} leaderboard first pages/s paced over ${READ_CONNECTIONS} connections (all on A, or half of each on each)`,
        ...runs.map(runNote),
        `cpu split, mean of the runs (cores): ${configs.map((c) => `${c.instances} instance(s): servers ${meanOf(c, (r) => r.cpu.serverCores).toFixed(2)}, postgres ${meanOf(c, (r) => r.cpu.postgresCores).toFixed(2)}, load generator ${meanOf(c, (r) => r.cpu.loadGeneratorCores).toFixed(2)}, other processes ${meanOf(c, (r) => r.cpu.otherCores).toFixed(2)}, machine ${meanOf(c, (r) => r.cpu.machineBusyPct).toFixed(0)}% busy`).join('; ')}`,
        `why two instances do not give more here: the machine has 2 cores for everything (the servers, PostgreSQL, the load generator and whatever else runs). One instance runs its JavaScript on one core and, with ${CLIENTS} clients, it and PostgreSQL already keep the machine busy; a second Node process can only take cpu from PostgreSQL, the load generator and the first one, and adds its own costs (a second event loop, a second pool: ${2 * 20} PostgreSQL backends instead of 20, more context switches on 2 cores). So 2 instances gave ${round(scaling, 2)}× the trades/s of 1; the figure shows that two instances stay correct together on one database, not how they would scale with cores to spare (for that, each instance needs a core of its own and PostgreSQL its own)`,
        `race: every trader sends at once ${RACE_PLAYERS} player buys and ${RACE_CHAMPION_TIERS.length} champion buys (more than 5 players / 8 champions and more than its 15 Panda Coin / 8 Burro Coin allow), alternating between A and B (10 traders at a time): answers ${JSON.stringify(raceCodes)}; the roster row lock holds across the processes`,
        `invariant checks (every roster of the market league: balances = ledger sums, counters = open holdings, ≤ 5 players, ≤ 8 champions, no negative balance): ${checks.map((c) => `${c.label}: ${c.violations} bad of ${c.rosters}`).join('; ')}`,
        `leaderboard first page, idle, ${idleReads} sequential requests on each instance (alternating, viewer ${w.viewer.username}): A ${fmtLatency(idleA)}; B ${fmtLatency(idleB)}; during the mixed runs (paced reads, latency from the scheduled time): 1 instance p99 ${ms2(readP99(one))} ms, 2 instances p99 ${ms2(readP99(two))} ms`,
        `cross-instance: ${ROUNDS} saves of one BO3's statistics (PUT /api/admin/matches/:id/statistics, admin session) alternately through A and B, each followed at once by the other instance's first page for a holder (its position and total, and the top 50, compared with the database): ${rounds
          .map(
            (r) =>
              `${r.writer}→${r.reader}: save ${r.saveMs.toFixed(0)} ms, points ${r.before} → ${r.after}, next page ${r.nextPageShows ? 'shows it' : 'STALE'} ${r.visibleAfterMs.toFixed(1)} ms after the answer (the ranking rebuilt on the new points version); event on ${r.reader} ${r.readerEventMs?.toFixed(1) ?? 'never'} ms, on ${r.writer} ${r.writerEventMs?.toFixed(1) ?? 'never'} ms after sending the save`,
          )
          .join('; ')}`,
      ];
      if (serverErrors.length > 0)
        notes.push(`servers logged ${serverErrors.length} errors; first: ${serverErrors[0]}`);
      return {
        metrics,
        notes,
        details: { runs, raceCodes, checks, idle: { a: idleA, b: idleB }, rounds },
      };
    } finally {
      for (const s of servers.reverse()) await s.stop();
    }
  },
};
