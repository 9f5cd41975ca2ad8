// the server's Fastify type augmentations (request.user, …): audit.ts, imported below, needs them to typecheck
import type {} from '@fantarift/server/src/app.ts';
import type { Database } from '@fantarift/server/src/db/client.ts';
import type { AuditActor } from '@fantarift/server/src/lib/audit.ts';
import { settlePoints } from '@fantarift/server/src/modules/points/index.ts';
import type { SaveMatchStatsInput } from '@fantarift/server/src/modules/season/index.ts';
import { recalculate, saveMatchStats } from '@fantarift/server/src/modules/season/index.ts';
import { sql } from 'drizzle-orm';
import { peakRssMiB, resetPeakRss, rssMiB } from '../lib/process.ts';
import { dropScoringWorld, type ScoringWorld, scoringWorld } from '../lib/scoring-world.ts';
import { round, summarize, timed } from '../lib/stats.ts';
import type { Metric, Suite, SuiteContext } from './types.ts';

const WEEKS = 20;
const MATCHES_PER_WEEK = 10;
const TARGET_RECALC_S = 30;
const TARGET_SAVE_S = 2;
/** issue 16's targets at a million rosters */
const TARGET_RECALC_1M_S = 120;
const TARGET_SAVE_1M_S = 3;
const SAVES = 3;

/** A real BO3 payload (2-1, both teams, champions, objectives, series MVP) for `match`; `variant` changes the stats. */
export async function bo3Payload(
  db: Database,
  w: Pick<ScoringWorld, 'players' | 'champions'>,
  matchId: string,
  variant: number,
): Promise<SaveMatchStatsInput> {
  const { rows } = await db.execute<{ team1: string; team2: string }>(
    sql`select team1, team2 from matches where id = ${matchId}`,
  );
  const { team1, team2 } = rows[0]!;
  const side = (team: string) => w.players.filter((p) => p.team === team);
  const game = (g: number, winner: string) => ({
    gameNumber: g,
    winner,
    players: [...side(team1), ...side(team2)].map((p, i) => ({
      playerId: p.id,
      championId: w.champions[((p.teamIdx * 5 + p.roleIdx) * 7 + ((g + variant) % 8)) % w.champions.length]!,
      kills: (i + g + variant) % 7,
      deaths: (i + variant) % 5,
      assists: (i * 3 + g) % 11,
      cs: p.role === 'Support' ? 40 : 180 + ((i * 17 + variant * 5) % 120),
      doubleKills: (i + variant) % 4 === 0 ? 1 : 0,
      tripleKills: 0,
      quadraKills: 0,
      pentaKills: 0,
      jungleSteals: p.role === 'Jungle' && g === 2 ? 1 : 0,
      mvp: p.team === winner && p.roleIdx === g % 5,
    })),
    objectives: [
      {
        teamName: winner,
        dragons: 3,
        barons: 1,
        elders: 0,
        heralds: 1,
        towers: 9,
        larvas: 2,
        firstBlood: true,
        firstDrake: true,
        firstBaron: true,
        firstHerald: true,
        firstElder: false,
        firstTower: true,
        athakan: true,
      },
      {
        teamName: winner === team1 ? team2 : team1,
        dragons: 1,
        barons: 0,
        elders: 0,
        heralds: 0,
        towers: 3,
        larvas: 1,
        firstBlood: false,
        firstDrake: false,
        firstBaron: false,
        firstHerald: false,
        firstElder: false,
        firstTower: false,
        athakan: false,
      },
    ],
  });
  const mvp = side(team1)[variant % 5]!;
  return {
    gamesPlayed: 3,
    winner: team1,
    games: [game(1, team1), game(2, team2), game(3, team1)],
    seriesMvpPlayerId: mvp.id,
  };
}

const sizeLabel = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);

/** The targets a size is held to: issue 5's at 100k, issue 16's at 1M. */
function targetsOf(rosters: number): { recalcS: number; saveS: number } | null {
  if (rosters === 100_000) return { recalcS: TARGET_RECALC_S, saveS: TARGET_SAVE_S };
  if (rosters === 1_000_000) return { recalcS: TARGET_RECALC_1M_S, saveS: TARGET_SAVE_1M_S };
  return null;
}

interface SizeResult {
  rosters: number;
  generateS: number;
  coldS: number;
  /** this process's resident memory before the cold recalculation, and its peak during it (MiB) */
  coldRssMiB: { before: number; peak: number };
  warmS: number;
  coldUpdated: number;
  warmUpdated: number;
  resaveS: number[];
  firstSaveS: number;
  /** after each save (the corrections, then the first save): until its week rows and totals are written */
  foldS: number[];
  rostersPerSave: number;
  weekRows: number;
}

async function measureSize(ctx: SuiteContext, rosters: number): Promise<SizeResult> {
  const label = sizeLabel(rosters);
  ctx.log(`scoring ${label}: generating the league (set-based)`);
  const w = await scoringWorld(ctx.db, {
    tag: label,
    rosters,
    weeks: WEEKS,
    matchesPerWeek: MATCHES_PER_WEEK,
    swapShare: 0.1,
  });
  try {
    ctx.log(
      `scoring ${label}: ${w.counts.playerHoldings} player and ${w.counts.championHoldings} champion holdings, ${w.matchIds.length} matches, ${w.counts.stats} stat rows, generated in ${round(w.generateMs / 1000, 1)} s (+ scoring ${round(w.scoreMs / 1000, 1)} s)`,
    );
    const actor: AuditActor = { adminUserId: w.adminUserId, userAgent: 'fantarift-bench' };
    // a league in steady state, as a real one is when its admin recalculates: its tables vacuumed (the
    // holdings were bulk-inserted a moment ago) and nothing left of the previous size's league for
    // autovacuum to clean up while the timed run goes
    const settled = await timed(() =>
      ctx.db.execute(
        'vacuum analyze users, rosters, roster_players, roster_champions, player_stats, roster_week_points, roster_points_ledger, transactions',
      ),
    );
    ctx.log(`scoring ${label}: tables vacuumed in ${round(settled.ms / 1000, 1)} s`);
    resetPeakRss(process.pid);
    const before = rssMiB(process.pid);
    const cold = await timed(() => recalculate(ctx.db, actor, w.leagueId, { mode: 'full' }));
    const coldRssMiB = { before, peak: peakRssMiB(process.pid) };
    ctx.log(
      `scoring ${label}: full recalculation, cold: ${round(cold.ms / 1000, 2)} s, this process's memory ${round(before, 0)} MiB before, ${round(coldRssMiB.peak, 0)} MiB at most during it`,
    );
    await ctx.db.execute('vacuum analyze roster_week_points, rosters');
    const warm = await timed(() => recalculate(ctx.db, actor, w.leagueId, { mode: 'full' }));
    ctx.log(`scoring ${label}: full recalculation, warm: ${round(warm.ms / 1000, 2)} s`);
    const { rows: weekRows } = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from roster_week_points p join rosters r on r.id = p.roster_id where r.league_id = ${w.leagueId}`);

    // a correction of a completed match of the last week (its points leave and come back), a few times
    const matchId = w.matchIds.at(-1)!;
    const resave: number[] = [];
    // in a league past pointsFold.inlineMax the save commits a pending event and its week rows and totals are
    // written right after (the fold, started by the save): how long until every page reads them, after the save
    const fold: number[] = [];
    const folded = async () => {
      const t = await timed(() => settlePoints(ctx.db, w.leagueId));
      fold.push(t.ms / 1000);
    };
    let rostersPerSave = 0;
    for (let i = 1; i <= SAVES; i++) {
      const payload = await bo3Payload(ctx.db, w, matchId, i);
      const t = await timed(() => saveMatchStats(ctx.db, actor, matchId, payload));
      resave.push(t.ms / 1000);
      rostersPerSave = t.value.rostersUpdated;
      await folded();
    }
    // the first save of a new match (played, not yet entered)
    const { rows: created } = await ctx.db.execute<{ id: string }>(sql`
      insert into matches (league_id, week_id, team1, team2, date, match_day, match_format)
      select league_id, week_id, team2, team1, date + interval '3 hours', match_day, 3 from matches where id = ${matchId}
      returning id`);
    const firstPayload = await bo3Payload(ctx.db, w, created[0]!.id, 0);
    const first = await timed(async () => saveMatchStats(ctx.db, actor, created[0]!.id, firstPayload));
    await folded();
    ctx.log(
      `scoring ${label}: match save ${resave.map((s) => round(s, 2)).join(' / ')} s (correction), ${round(first.ms / 1000, 2)} s (first save), ${rostersPerSave} rosters updated; then written for every page in ${fold.map((s) => round(s, 2)).join(' / ')} s`,
    );
    return {
      rosters,
      generateS: w.generateMs / 1000,
      coldS: cold.ms / 1000,
      coldRssMiB,
      warmS: warm.ms / 1000,
      coldUpdated: cold.value.rostersUpdated,
      warmUpdated: warm.value.rostersUpdated,
      resaveS: resave,
      firstSaveS: first.ms / 1000,
      foldS: fold,
      rostersPerSave,
      weekRows: weekRows[0]!.n,
    };
  } finally {
    ctx.log(`scoring ${label}: dropping the league`);
    await dropScoringWorld(ctx.db, w);
  }
}

export const scoringSuite: Suite = {
  name: 'scoring',
  issue: '#5, #16',
  description: `full recalculation (cold, warm) and one BO3 save at 10,000, 100,000 and 1,000,000 rosters, ${WEEKS} weeks × ${MATCHES_PER_WEEK} matches`,
  async run(ctx) {
    const sizes = ctx.quick ? [10_000] : [10_000, 100_000, 1_000_000];
    const results: SizeResult[] = [];
    for (const n of sizes) results.push(await measureSize(ctx, n));

    const metrics: Metric[] = [];
    const notes: string[] = [];
    for (const r of results) {
      const k = sizeLabel(r.rosters);
      const save = Math.max(summarize(r.resaveS).p50, r.firstSaveS);
      const targets = targetsOf(r.rosters);
      metrics.push(
        {
          key: `scoring_recalc_cold_${k}_s`,
          label: `full recalculation cold (${k} rosters)`,
          value: round(r.coldS, 2),
          unit: 's',
          ...(targets ? { target: `< ${targets.recalcS} s`, pass: r.coldS < targets.recalcS } : {}),
        },
        {
          key: `scoring_recalc_cold_peak_rss_${k}_mib`,
          label: `full recalculation cold, the process's peak RSS (${k} rosters)`,
          value: round(r.coldRssMiB.peak, 0),
          unit: 'MiB',
        },
        {
          key: `scoring_recalc_warm_${k}_s`,
          label: `full recalculation warm (${k} rosters)`,
          value: round(r.warmS, 2),
          unit: 's',
          ...(targets ? { target: `< ${targets.recalcS} s`, pass: r.warmS < targets.recalcS } : {}),
        },
        {
          key: `scoring_match_save_${k}_s`,
          label: `one BO3 save + roster update (${k})`,
          value: round(save, 2),
          unit: 's',
          ...(targets ? { target: `< ${targets.saveS} s`, pass: save < targets.saveS } : {}),
        },
        {
          key: `scoring_match_save_written_${k}_s`,
          label: `same save, until its week rows and totals are written (${k})`,
          value: round(save + Math.max(...r.foldS), 2),
          unit: 's',
        },
      );
      notes.push(
        `${k} rosters: ${r.weekRows.toLocaleString('en')} roster week rows; cold recalculation ${round(r.coldS, 2)} s (${r.coldUpdated} totals changed; the recalculating process, this one, held ${round(r.coldRssMiB.before, 0)} MiB before it and ${round(r.coldRssMiB.peak, 0)} MiB at most during it), warm ${round(r.warmS, 2)} s (${r.warmUpdated} changed); match save: correction of a completed BO3 ${r.resaveS.map((s) => round(s, 2)).join(' / ')} s, first save of a new BO3 ${round(r.firstSaveS, 2)} s, ${r.rostersPerSave.toLocaleString('en')} rosters updated per save; week rows and totals written (the fold) ${r.foldS.map((s) => round(s, 2)).join(' / ')} s after each save returned (the figure is the larger of the correction median and the first save); league generated in ${round(r.generateS, 1)} s`,
      );
    }
    const ratio = (a: number, b: number) => round(a / b, 1);
    const saveOf = (r: SizeResult) => Math.max(summarize(r.resaveS).p50, r.firstSaveS);
    for (const [small, big] of results.slice(1).map((r, i) => [results[i]!, r] as const)) {
      const pair = `${sizeLabel(big.rosters)}/${sizeLabel(small.rosters)}`;
      const linear = big.rosters / small.rosters;
      metrics.push(
        {
          key: `scoring_linearity_recalc_cold_${sizeLabel(big.rosters)}`,
          label: `recalc cold ${pair} (linear: ~${linear})`,
          value: ratio(big.coldS, small.coldS),
          unit: '×',
        },
        {
          key: `scoring_linearity_save_${sizeLabel(big.rosters)}`,
          label: `match save ${pair} (linear: ~${linear})`,
          value: ratio(saveOf(big), saveOf(small)),
          unit: '×',
        },
      );
      notes.push(
        `linearity (${pair}, ${linear} = linear in rosters): cold recalculation ${ratio(big.coldS, small.coldS)}×, warm ${ratio(big.warmS, small.warmS)}×, match save ${ratio(saveOf(big), saveOf(small))}×`,
      );
    }
    notes.push(
      `data: per league 10 teams × 5 players, 60 champions (tiers 1-6); each roster holds one player per role and 8 champions, bought 1-30 days before the season; 10% of player slots and of one champion slot are sold and replaced at a random moment of the season; ${WEEKS} weeks × ${MATCHES_PER_WEEK} BO3 (2-0 or 2-1) with stats for both teams (each player picks from a pool of 8 champions), objectives and series MVP; game points stored by scoreMatch before timing`,
      'the recalculation is the admin "Ricalcola Punteggi" (full): validation, rescoring of every match, week points of every roster, only changed week rows and totals written, ledger rows for changed totals; it runs in-process against PostgreSQL (no HTTP), as does saveMatchStats',
      "a recalculation computes the points of each (player, match) and (player, champion, match) in PostgreSQL and each roster's week sums in the server, from the league's holdings read once as packed slot ranges (roster-week-sums.ts); a cold recalculation inserts one roster_week_points row per roster and week (2,000,000 at 100k), keyed (week, roster), without per-row foreign-key checks (cascades by statement triggers); a match save computes the change per player and champion of the match first, meets the holdings once (the holders of its players in a temporary table; the champions' holders streamed past the few facts), and writes week rows, totals and one points-ledger event in one statement; week rows and totals are in no index and their tables keep half of each page free, so both are updated in place (HOT, no index writes; the leaderboard orders totals in memory per points version)",
      "before timing, each size VACUUM ANALYZEs the tables the run reads and writes (as the leaderboard suite does): the holdings were bulk-inserted a moment before, and the previous size's league was just deleted; without it the 1M cold run raced autovacuum and first-touch work (132.8 s in the run of 2026-11-22 against 103.5 s on a fresh world by itself, same code)",
      'the machine is shared with other processes: see the background load note; figures vary by ±30% from run to run',
    );
    return { metrics, notes, details: { results } };
  },
};
