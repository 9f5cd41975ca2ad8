import http from 'node:http';
import { MESSAGES } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import { type CpuSplit, cpuSampler, fmtCpu } from '../lib/cpu.ts';
import { mapLimit, sessionCookie } from '../lib/fixtures.ts';
import { fillLeague } from '../lib/leaderboard-world.ts';
import { type ScoringWorld, scoringWorld } from '../lib/scoring-world.ts';
import { fmtLatency, type LatencySummary, round, sleep, summarize } from '../lib/stats.ts';
import { ledgerCheck } from '../lib/trade-world.ts';
import { bo3Payload } from './scoring.ts';
import type { Metric, Suite, SuiteContext } from './types.ts';

/** the league's rosters; the first HOLDERS hold players and champions, so the match save moves them */
const ROSTERS = 100_000;
const HOLDERS = 20_000;
/** the participants at the deadline, each on a roster of its own that holds nothing at the start */
const CLIENTS = 1_000;
const SECONDS = 60;
/** the admin closes the market at this second, then saves a BO3's statistics */
const CLOSE_AT_S = 45;
const SAVE_AT_S = 50;
/** a participant's visit: 2 to 4 trades, then the leaderboard and the roster, with a person's pauses between */
const TRADES_PER_VISIT: [number, number] = [2, 4];
/** the participants arrive over this share of the run, the last ones just before its end */
const ARRIVALS_SHARE = 0.95;
const THINK_MS: [number, number] = [300, 1200];
const TARGET_P99_MS = 250;

type Kind = 'trade' | 'leaderboard' | 'roster';

interface RushWorld {
  scoring: ScoringWorld;
  leagueId: string;
  /** played and not entered yet: the save at SAVE_AT_S moves the holders' points */
  matchId: string;
  clients: { userId: string; cookie: string; playerId: string }[];
  adminCookie: string;
  generateS: number;
}

async function rushWorld(ctx: SuiteContext, quick: boolean): Promise<RushWorld> {
  const t0 = performance.now();
  const rosters = quick ? 20_000 : ROSTERS;
  const holders = quick ? 2_000 : HOLDERS;
  const clients = quick ? 200 : CLIENTS;
  const scoring = await scoringWorld(ctx.db, {
    tag: 'rush',
    rosters: holders,
    weeks: 1,
    matchesPerWeek: 1,
    swapShare: 0,
  });
  await fillLeague(ctx.db, scoring.leagueId, rosters - holders, 'rush');
  // a market that is open, in an active league, as in the minutes before a deadline
  await ctx.db.execute(
    sql`update leagues set market_open = true, status = 'Active' where id = ${scoring.leagueId}`,
  );
  const { rows: created } = await ctx.db.execute<{ id: string }>(sql`
    insert into matches (league_id, week_id, team1, team2, date, match_day, match_format)
    select league_id, week_id, team2, team1, date + interval '3 hours', match_day, 3
    from matches where id = ${scoring.matchIds[0]!}
    returning id`);
  // the traders: rosters that hold nothing yet (15 Panda Coin each), one player each to buy and sell
  const { rows: traders } = await ctx.db.execute<{ user_id: string }>(sql`
    select r.user_id from rosters r
    where r.league_id = ${scoring.leagueId} and r.player_count = 0 and r.champion_count = 0
    order by r.username limit ${clients}`);
  const cookies = await mapLimit(traders, 8, (t) => sessionCookie(ctx.db, t.user_id));
  await ctx.db.execute('vacuum analyze users, rosters, transactions, roster_players, sessions');
  return {
    scoring,
    leagueId: scoring.leagueId,
    matchId: created[0]!.id,
    clients: traders.map((t, i) => ({
      userId: t.user_id,
      cookie: cookies[i]!,
      playerId: scoring.players[i % scoring.players.length]!.id,
    })),
    adminCookie: await sessionCookie(ctx.db, scoring.adminUserId),
    generateS: (performance.now() - t0) / 1000,
  };
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function requester(baseUrl: string, connections: number) {
  const base = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const send = (method: string, path: string, cookie: string, body?: string) =>
    new Promise<Answer>((resolve) => {
      const start = performance.now();
      const headers: Record<string, string> = { cookie };
      if (body) headers['content-type'] = 'application/json';
      const r = http.request(
        { host: base.hostname, port: base.port, path, method, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              ms: performance.now() - start,
            }),
          );
        },
      );
      r.on('error', (err) => resolve({ status: 0, body: String(err), ms: performance.now() - start }));
      r.end(body);
    });
  return { send, close: () => agent.destroy() };
}

interface RushRun {
  latencies: Record<Kind, number[]>;
  /** answers by kind and status */
  statuses: Record<Kind, Record<string, number>>;
  /** trades refused with the spec's message for a closed market, and with anything else (4xx) */
  refusedClosed: number;
  refusedOther: string[];
  serverErrors: string[];
  close: { ms: number; answeredAt: number; status: number };
  save: { ms: number; status: number; body: string };
  cpu: CpuSplit;
  seconds: number;
}

const THINK = () => THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]);

/**
 * CLIENTS participants arriving over SECONDS, one visit each: a few trades (a buy, a sell, a buy of its player:
 * whatever it holds, the next trade is the other one), then the leaderboard and the roster, a person's pause
 * between requests. The admin closes the market at CLOSE_AT_S and saves a BO3 at SAVE_AT_S.
 */
async function rush(ctx: SuiteContext, w: RushWorld, baseUrl: string, seconds: number, serverPid: number) {
  const client = requester(baseUrl, w.clients.length + 4);
  const latencies: Record<Kind, number[]> = { trade: [], leaderboard: [], roster: [] };
  const statuses: Record<Kind, Record<string, number>> = { trade: {}, leaderboard: {}, roster: {} };
  let refusedClosed = 0;
  const refusedOther: string[] = [];
  const serverErrors: string[] = [];
  const count = (kind: Kind, a: Answer, what: string) => {
    statuses[kind][a.status] = (statuses[kind][a.status] ?? 0) + 1;
    if (a.status >= 200 && a.status < 300) latencies[kind].push(a.ms);
    else if (a.status === 0 || a.status >= 500)
      serverErrors.push(`${what}: ${a.status} ${a.body.slice(0, 200)}`);
  };
  const start = performance.now();
  const cpu = cpuSampler(serverPid);
  const closeAt = start + (CLOSE_AT_S / SECONDS) * seconds * 1000;
  const saveAt = start + (SAVE_AT_S / SECONDS) * seconds * 1000;
  const savePayload = JSON.stringify(await bo3Payload(ctx.db, w.scoring, w.matchId, 0));

  const admin = (async () => {
    await sleep(closeAt - performance.now());
    const c = await client.send(
      'PUT',
      `/api/admin/leagues/${w.leagueId}/market`,
      w.adminCookie,
      JSON.stringify({ open: false }),
    );
    const close = { ms: c.ms, answeredAt: Date.now(), status: c.status };
    ctx.log(
      `  second ${round((performance.now() - start) / 1000, 1)}: market closed (${c.status}, ${round(c.ms, 1)} ms)`,
    );
    await sleep(saveAt - performance.now());
    const s = await client.send(
      'PUT',
      `/api/admin/matches/${w.matchId}/statistics`,
      w.adminCookie,
      savePayload,
    );
    ctx.log(
      `  second ${round((performance.now() - start) / 1000, 1)}: BO3 saved (${s.status}, ${round(s.ms, 1)} ms)`,
    );
    return { close, save: { ms: s.ms, status: s.status, body: s.body.slice(0, 300) } };
  })();

  await Promise.all(
    w.clients.map(async (c, i) => {
      // the participants arrive one after the other over the minute, as people open the app before a deadline
      await sleep(((i + Math.random()) / w.clients.length) * ARRIVALS_SHARE * seconds * 1000);
      let holds = false;
      const trade = `/api/leagues/${w.leagueId}/players/${c.playerId}`;
      for (let k = 0; k < TRADES_PER_VISIT[0] + (i % (TRADES_PER_VISIT[1] - TRADES_PER_VISIT[0] + 1)); k++) {
        const a = await client.send('POST', `${trade}/${holds ? 'sell' : 'buy'}`, c.cookie);
        count('trade', a, holds ? 'sell' : 'buy');
        if (a.status === 200) holds = !holds;
        else if (a.status === 409 && JSON.parse(a.body).message === MESSAGES.market.playersClosed)
          refusedClosed++;
        else if (a.status > 0 && a.status < 500) refusedOther.push(`${a.status} ${a.body.slice(0, 160)}`);
        await sleep(THINK());
      }
      count(
        'leaderboard',
        await client.send('GET', `/api/leagues/${w.leagueId}/leaderboard`, c.cookie),
        'leaderboard',
      );
      await sleep(THINK());
      count('roster', await client.send('GET', `/api/leagues/${w.leagueId}/my-roster`, c.cookie), 'roster');
    }),
  );
  // the admin's close and save come at their second whatever the participants do
  const { close, save } = await admin;
  const run: RushRun = {
    latencies,
    statuses,
    refusedClosed,
    refusedOther,
    serverErrors,
    close,
    save,
    cpu: cpu.stop(),
    seconds: (performance.now() - start) / 1000,
  };
  client.close();
  return run;
}

/**
 * The traders' rosters against their ledger (balances = ledger sums, counters = open holdings, the limits, no
 * negative balance), and the trades executed after the market's close had committed (ledger rows written
 * later than the close's answer): both must be 0.
 */
async function invariants(ctx: SuiteContext, w: RushWorld, closedAt: number) {
  const ledger = await ledgerCheck(
    ctx.db,
    w,
    w.clients.map((c) => c.userId),
  );
  const { rows } = await ctx.db.execute<{ late: number }>(sql`
    select count(*)::int as late from transactions
    where league_id = ${w.leagueId} and type in ('BuyPlayer', 'SellPlayer')
      and timestamp > ${new Date(closedAt).toISOString()}::timestamptz`);
  return { ...ledger, late: rows[0]!.late };
}

const ms2 = (v: number) => round(v, 1);

export const rushSuite: Suite = {
  name: 'rush',
  issue: '#28',
  description: `the deadline: ${CLIENTS.toLocaleString('en')} participants of a ${(ROSTERS / 1000).toFixed(0)}k-roster league trade, read the leaderboard and their roster for ${SECONDS} s; the market closes at second ${CLOSE_AT_S}, a BO3 is saved at ${SAVE_AT_S}`,
  async run(ctx) {
    const seconds = ctx.quick ? 20 : SECONDS;
    ctx.log('rush: generating the league');
    const w = await rushWorld(ctx, ctx.quick);
    ctx.log(
      `rush: generated in ${round(w.generateS, 1)} s; ${w.clients.length} participants for ${seconds} s`,
    );
    const server = await ctx.startServer();
    let run: RushRun;
    try {
      await ctx.db.execute('checkpoint');
      run = await rush(ctx, w, server.baseUrl, seconds, server.pid);
    } finally {
      await server.stop();
    }
    const check = await invariants(ctx, w, run.close.answeredAt);
    const s = Object.fromEntries(
      (Object.keys(run.latencies) as Kind[]).map((k) => [k, summarize(run.latencies[k])]),
    ) as Record<Kind, LatencySummary>;
    for (const k of Object.keys(s) as Kind[])
      ctx.log(`  ${k}: ${fmtLatency(s[k])}; answers ${JSON.stringify(run.statuses[k])}`);
    ctx.log(`  cpu: ${fmtCpu(run.cpu)}`);
    ctx.log(
      `  refused with "${MESSAGES.market.playersClosed}": ${run.refusedClosed}; otherwise refused: ${run.refusedOther.length}; server errors: ${run.serverErrors.length}`,
    );
    ctx.log(
      `  invariants: ${check.violations} bad of ${check.rosters} rosters; trades after the close: ${check.late}`,
    );
    const requests = Object.values(run.statuses).reduce(
      (n, byStatus) => n + Object.values(byStatus).reduce((a, b) => a + b, 0),
      0,
    );
    const metrics: Metric[] = [
      {
        key: 'rush_requests_per_s',
        label: 'requests answered per second',
        value: round(requests / run.seconds, 0),
        unit: '/s',
      },
      { key: 'rush_trades', label: 'trades executed', value: check.trades, unit: '' },
      ...(Object.keys(s) as Kind[]).map(
        (k): Metric => ({
          key: `rush_${k}_p99_ms`,
          label: `${k} p99`,
          value: ms2(s[k].p99),
          unit: 'ms',
          target: `< ${TARGET_P99_MS} ms`,
          pass: s[k].p99 < TARGET_P99_MS,
        }),
      ),
      {
        key: 'rush_close_ms',
        label: 'market close (admin)',
        value: ms2(run.close.ms),
        unit: 'ms',
        target: '200',
        pass: run.close.status === 200,
      },
      {
        key: 'rush_save_ms',
        label: 'BO3 save (admin)',
        value: ms2(run.save.ms),
        unit: 'ms',
        target: 'answers 200',
        pass: run.save.status === 200,
      },
      {
        key: 'rush_refused_closed',
        label: 'trades refused: market closed',
        value: run.refusedClosed,
        unit: '',
      },
      {
        key: 'rush_trades_after_close',
        label: 'trades executed after the close committed',
        value: check.late,
        unit: '',
        target: '0',
        pass: check.late === 0,
      },
      {
        key: 'rush_invariant_violations',
        label: 'rosters breaking an invariant',
        value: check.violations,
        unit: '',
        target: '0',
        pass: check.violations === 0,
      },
      {
        key: 'rush_server_errors',
        label: 'server errors (5xx, dropped connections)',
        value: run.serverErrors.length,
        unit: '',
        target: '0',
        pass: run.serverErrors.length === 0,
      },
    ];
    return {
      metrics,
      notes: [
        `data: a league of ${(w.clients.length === CLIENTS ? ROSTERS : 20_000).toLocaleString('en')} rosters (the first ones hold one player per role and 8 champions, the rest nothing), one week with a BO3 played and not entered; ${w.clients.length} participants on rosters that hold nothing, each with its session and a player to buy and sell; generated in ${round(w.generateS, 1)} s`,
        `load: the participants arrive one after the other over the first ${Math.round(ARRIVALS_SHARE * 100)} % of the run; each makes one visit: ${TRADES_PER_VISIT[0]}–${TRADES_PER_VISIT[1]} trades (buy or sell its player, whichever it can), the leaderboard's first page, its roster (GET my-roster), ${THINK_MS[0]}–${THINK_MS[1]} ms between requests; latencies of the 2xx answers, from the request to the last byte`,
        `the admin: PUT /api/admin/leagues/:id/market {open:false} at second ${round((CLOSE_AT_S * seconds) / SECONDS, 1)}, PUT /api/admin/matches/:id/statistics at second ${round((SAVE_AT_S * seconds) / SECONDS, 1)}`,
        `cpu: ${fmtCpu(run.cpu)}`,
        ...(run.refusedOther.length > 0
          ? [`other refusals (first 5): ${run.refusedOther.slice(0, 5).join(' | ')}`]
          : []),
        ...(run.serverErrors.length > 0
          ? [`server errors (first 5): ${run.serverErrors.slice(0, 5).join(' | ')}`]
          : []),
        ...(run.save.status !== 200 ? [`the save answered ${run.save.status}: ${run.save.body}`] : []),
      ],
      details: { statuses: run.statuses, latency: s, close: run.close, save: run.save, check },
    };
  },
};
