import { once } from 'node:events';
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readGames } from '@fantarift/server/src/modules/imports/index.ts';
import { sql } from 'drizzle-orm';
import { onCleanup } from '../lib/cleanup.ts';
import { sessionCookie } from '../lib/fixtures.ts';
import { rssMiB } from '../lib/process.ts';
import { dropScoringWorld, scoringWorld } from '../lib/scoring-world.ts';
import { round, sleep, timed } from '../lib/stats.ts';
import type { Metric, Suite, SuiteContext } from './types.ts';

const TARGET_RSS_MB = 100;
const TARGET_IMPORT_S = 10;
const ROSTERS = 10_000;
const SOURCE = 'BENCHL';
const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
const POSITIONS = ['top', 'jng', 'mid', 'bot', 'sup'] as const;
/** Monday of the scoring world's week 1 (lib/scoring-world.ts), noon */
const SEASON_START = Date.UTC(2026, 0, 5, 12);
const HOUR = 3600 * 1000;

// the columns the import reads, then the rest of a 2025 file's ~160 (values are filler), in a shuffled order
const USED = [
  'gameid',
  'datacompleteness',
  'league',
  'date',
  'game',
  'participantid',
  'side',
  'position',
  'playername',
  'playerid',
  'teamname',
  'teamid',
  'champion',
  'result',
  'kills',
  'deaths',
  'assists',
  'total cs',
  'minionkills',
  'monsterkills',
  'doublekills',
  'triplekills',
  'quadrakills',
  'pentakills',
  'firstblood',
  'firstdragon',
  'firstbaron',
  'firstherald',
  'firsttower',
  'elementaldrakes',
  'dragons',
  'elders',
  'heralds',
  'barons',
  'towers',
  'void_grubs',
  'atakhans',
];
const FILLER = [
  'url',
  'year',
  'split',
  'playoffs',
  'patch',
  'ban1',
  'ban2',
  'ban3',
  'ban4',
  'ban5',
  'pick1',
  'pick2',
  'pick3',
  'pick4',
  'pick5',
  'gamelength',
  'teamkills',
  'teamdeaths',
  'firstbloodkill',
  'firstbloodassist',
  'firstbloodvictim',
  'team kpm',
  'ckpm',
  'opp_elementaldrakes',
  'infernals',
  'mountains',
  'clouds',
  'oceans',
  'chemtechs',
  'hextechs',
  'dragons (type unknown)',
  'opp_elders',
  'opp_heralds',
  'opp_void_grubs',
  'opp_barons',
  'opp_towers',
  'firstmidtower',
  'firsttothreetowers',
  'turretplates',
  'opp_turretplates',
  'inhibitors',
  'opp_inhibitors',
  'damagetochampions',
  'dpm',
  'damageshare',
  'damagetakenperminute',
  'damagemitigatedperminute',
  'wardsplaced',
  'wpm',
  'wardskilled',
  'wcpm',
  'controlwardsbought',
  'visionscore',
  'vspm',
  'totalgold',
  'earnedgold',
  'earned gpm',
  'earnedgoldshare',
  'goldspent',
  'gspd',
  'gpr',
  'monsterkillsownjungle',
  'monsterkillsenemyjungle',
  'cspm',
  'opp_atakhans',
  'feats',
  ...[10, 15, 20, 25].flatMap((t) =>
    [
      'goldat',
      'xpat',
      'csat',
      'opp_goldat',
      'opp_xpat',
      'opp_csat',
      'golddiffat',
      'xpdiffat',
      'csdiffat',
      'killsat',
      'assistsat',
      'deathsat',
      'opp_killsat',
      'opp_assistsat',
      'opp_deathsat',
    ].map((c) => `${c}${t}`),
  ),
];

interface GameSpec {
  date: number;
  league: string;
  number: number;
  blue: string;
  red: string;
  blueWins: boolean;
  /** the bench league's games use the world's player and champion names */
  bench: boolean;
}

/** A deterministic pseudo-random stream (the file is the same from run to run). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A full-year-size Oracle's Elixir file: `otherGames` games of 8 other leagues spread over the year and
 * the bench league's ≈300 games (BO1, BO3 2-1 and 2-0, BO5 3-1 series among the world's 10 teams), sorted
 * by date, 12 rows each, ~160 columns. Written line by line to a temporary file.
 */
export async function writeFile(
  file: string,
  teams: string[],
  tag: string,
  otherGames: number,
  benchGames: number,
) {
  const random = rng(13);
  // the bench league's stats come from their own stream: the same in the whole file and in its games alone
  const statsRandom = rng(7);
  const games: GameSpec[] = [];
  const patterns = [[true], [true, false, true], [true], [true, true], [true], [true, false, true, true]];
  for (let k = 0, n = 0; n < benchGames; k++) {
    const t1 = k % 10;
    const t2 = (t1 + 1 + (k % 9)) % 10;
    const pattern = patterns[k % patterns.length]!;
    pattern.forEach((t1Wins, g) => {
      games.push({
        date: SEASON_START + k * 18 * HOUR + g * HOUR,
        league: SOURCE,
        number: g + 1,
        blue: g % 2 === 0 ? teams[t1]! : teams[t2]!,
        red: g % 2 === 0 ? teams[t2]! : teams[t1]!,
        blueWins: g % 2 === 0 ? t1Wins : !t1Wins,
        bench: true,
      });
    });
    n += pattern.length;
  }
  const leagues = ['LCK', 'LPL', 'LEC', 'LTA N', 'LTA S', 'PCS', 'VCS', 'LJL'];
  const yearStart = Date.UTC(2026, 0, 1);
  for (let i = 0; i < otherGames; i++) {
    const league = leagues[i % leagues.length]!;
    const a = Math.floor(random() * 10);
    const b = (a + 1 + Math.floor(random() * 9)) % 10;
    games.push({
      date: yearStart + Math.floor(random() * 360 * 24) * HOUR,
      league,
      number: 1,
      blue: `${league} Team ${a}`,
      red: `${league} Team ${b}`,
      blueWins: random() < 0.5,
      bench: false,
    });
  }
  games.sort((x, y) => x.date - y.date);

  const header = [...USED, ...FILLER].sort(() => random() - 0.5);
  const at = new Map(header.map((c, i) => [c, i]));
  const filler = new Set(FILLER);
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await write(header.join(','));
  let rows = 0;
  for (const [i, g] of games.entries()) {
    const gameId = `${g.bench ? 'BENCH' : 'OTHER'}_${i}`;
    const date = new Date(g.date).toISOString().replace('T', ' ').slice(0, 19);
    const row = (values: Record<string, string | number>) => {
      const cells = header.map((c) => (filler.has(c) ? String(Math.floor(random() * 3000) / 10) : ''));
      for (const [k, v] of Object.entries(values)) cells[at.get(k)!] = String(v);
      return cells.join(',');
    };
    const base = { gameid: gameId, datacompleteness: 'complete', league: g.league, date, game: g.number };
    for (const [side, team, won] of [
      ['Blue', g.blue, g.blueWins],
      ['Red', g.red, !g.blueWins],
    ] as const) {
      const teamIdx = Number(team.split(' ').at(-1)) - (g.bench ? 1 : 0);
      for (let r = 0; r < 5; r++) {
        const name = g.bench ? `Sc${tag} ${teamIdx + 1} ${ROLES[r]}` : `${team} P${r}`;
        const r8 = g.bench ? statsRandom : random;
        const kills = Math.floor(r8() * 8);
        await write(
          row({
            ...base,
            participantid: side === 'Blue' ? r + 1 : r + 6,
            side,
            position: POSITIONS[r]!,
            playername: name,
            playerid: `oe:player:${g.bench ? tag : ''}${name.replace(/\s/g, '')}`,
            teamname: team,
            teamid: `oe:team:${team.replace(/\s/g, '')}`,
            champion: g.bench ? `ScChamp ${tag} ${(teamIdx * 5 + r * 7 + g.number) % 60}` : `Champ${r}`,
            result: won ? 1 : 0,
            kills,
            deaths: Math.floor(r8() * 6),
            assists: Math.floor(r8() * 12),
            'total cs': r === 4 ? 40 : 150 + Math.floor(r8() * 200),
            doublekills: kills > 4 ? 1 : 0,
            triplekills: kills > 6 ? 1 : 0,
            quadrakills: 0,
            pentakills: 0,
          }),
        );
      }
      await write(
        row({
          ...base,
          participantid: side === 'Blue' ? 100 : 200,
          side,
          position: 'team',
          teamname: team,
          teamid: `oe:team:${team.replace(/\s/g, '')}`,
          result: won ? 1 : 0,
          firstblood: won ? 1 : 0,
          firstdragon: won ? 1 : 0,
          firstbaron: won ? 1 : 0,
          firstherald: won ? 1 : 0,
          firsttower: won ? 1 : 0,
          elementaldrakes: won ? 3 : 1,
          dragons: won ? 3 : 1,
          elders: 0,
          heralds: won ? 1 : 0,
          barons: won ? 1 : 0,
          towers: won ? 9 : 3,
          void_grubs: won ? 4 : 2,
          atakhans: won ? 1 : 0,
        }),
      );
      rows += 6;
    }
  }
  out.end();
  await once(out, 'finish');
  return { rows, games: games.length, benchGames: games.filter((g) => g.bench).length };
}

/** POSTs the file to the import route as a stream; samples the server's RSS every 20 ms meanwhile. */
async function upload(
  baseUrl: string,
  pid: number,
  cookie: string,
  file: string,
  route: string,
  query: Record<string, string>,
) {
  let peak = rssMiB(pid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const now = rssMiB(pid);
      if (Number.isNaN(now)) return;
      peak = Math.max(peak, now);
      await sleep(20);
    }
  })();
  const url = new URL(`${baseUrl}${route}?${new URLSearchParams(query)}`);
  const t0 = performance.now();
  const body = await new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'text/csv', 'content-length': statSync(file).size, cookie },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    req.on('error', reject);
    createReadStream(file).pipe(req);
  }).finally(() => {
    sampling = false;
  });
  const seconds = (performance.now() - t0) / 1000;
  await sampler;
  if (body.status !== 200)
    throw new Error(`import answered ${body.status}: ${JSON.stringify(body.json).slice(0, 500)}`);
  return {
    seconds,
    peakMb: peak,
    summary: body.json as { counts: Record<string, number>; series: { status: string }[] },
  };
}

export const importSuite: Suite = {
  name: 'import',
  issue: '#13',
  description: `Oracle's Elixir import: parse a ≈120,000-row ≈90 MB file, server RSS while streaming it, import ≈300 games into a league of ${ROSTERS.toLocaleString('en')} rosters`,
  async run(ctx: SuiteContext) {
    const otherGames = ctx.quick ? 2_000 : 9_700;
    const file = path.join(tmpdir(), `fantarift-bench-oe-${process.pid}.csv`);
    const leagueFile = path.join(tmpdir(), `fantarift-bench-oe-${process.pid}-league.csv`);
    const removeFile = onCleanup('import csv', async () => {
      rmSync(file, { force: true });
      rmSync(leagueFile, { force: true });
    });
    ctx.log(`import: generating the league (${ROSTERS} rosters, set-based)`);
    const w = await scoringWorld(ctx.db, {
      tag: 'imp',
      rosters: ROSTERS,
      weeks: 30,
      matchesPerWeek: 0,
      swapShare: 0.1,
    });
    try {
      const gen = await timed(() => writeFile(file, w.teams, w.tag, otherGames, 300));
      const size = statSync(file).size;
      // the same league's games alone (the same generator and seed: the same games and stats)
      await writeFile(leagueFile, w.teams, w.tag, 0, 300);
      ctx.log(
        `import: file of ${gen.value.rows.toLocaleString('en')} rows (${gen.value.games} games, ${gen.value.benchGames} of ${SOURCE}), ${round(size / 1e6, 1)} MB, written in ${round(gen.ms / 1000, 1)} s`,
      );

      // the parse alone, in this process: the server's streaming reader, one game at a time
      let parsedGames = 0;
      const parse = await timed(() => readGames(createReadStream(file), () => void parsedGames++));
      const rowsPerS = parse.value.rows / (parse.ms / 1000);
      ctx.log(
        `import: parse ${round(parse.ms / 1000, 2)} s, ${Math.round(rowsPerS).toLocaleString('en')} rows/s`,
      );

      const server = await ctx.startServer();
      try {
        const admin = await ctx.db.execute<{ id: string }>(
          sql`select id from users where email = 'scadminimp@bench.invalid'`,
        );
        const cookie = await sessionCookie(ctx.db, admin.rows[0]!.id);
        await sleep(2000);
        const idle = rssMiB(server.pid);
        const route = `/api/admin/leagues/${w.leagueId}/import/oracles-elixir`;
        const dry = await upload(server.baseUrl, server.pid, cookie, file, route, { source: SOURCE });
        ctx.log(
          `import: dry run ${round(dry.seconds, 2)} s, server RSS idle ${round(idle, 0)} MB, peak ${round(dry.peakMb, 0)} MB`,
        );
        // the import proper: the league's 300 games (its own 3,600 rows, so the time is not the big file's parse)
        const real = await upload(server.baseUrl, server.pid, cookie, leagueFile, route, {
          source: SOURCE,
          dryRun: 'false',
        });
        ctx.log(`import: import ${round(real.seconds, 2)} s, counts ${JSON.stringify(real.summary.counts)}`);
        const again = await upload(server.baseUrl, server.pid, cookie, file, route, {
          source: SOURCE,
          dryRun: 'false',
        });
        const unchanged = again.summary.series.filter((s) => s.status === 'unchanged').length;
        ctx.log(
          `import: same file again ${round(again.seconds, 2)} s, ${unchanged}/${again.summary.series.length} unchanged`,
        );
        const growth = Math.max(dry.peakMb, real.peakMb, again.peakMb) - idle;

        const metrics: Metric[] = [
          {
            key: 'import_parse_rows_per_s',
            label: 'parse (csv-parse stream, per game)',
            value: Math.round(rowsPerS),
            unit: 'rows/s',
          },
          {
            key: 'import_rss_growth_mb',
            label: `server peak RSS over idle, ${round(size / 1e6, 0)} MB file`,
            value: round(growth, 1),
            unit: 'MB',
            target: `< ${TARGET_RSS_MB} MB`,
            pass: growth < TARGET_RSS_MB,
          },
          {
            key: 'import_300_games_s',
            label: `import ${gen.value.benchGames} games into ${ROSTERS / 1000}k rosters`,
            value: round(real.seconds, 2),
            unit: 's',
            target: `< ${TARGET_IMPORT_S} s`,
            pass: real.seconds < TARGET_IMPORT_S,
          },
          {
            key: 'import_dry_run_s',
            label: 'dry run of the same file',
            value: round(dry.seconds, 2),
            unit: 's',
          },
          {
            key: 'import_again_s',
            label: 'same file again (all unchanged)',
            value: round(again.seconds, 2),
            unit: 's',
          },
        ];
        return {
          metrics,
          notes: [
            `file: ${gen.value.rows.toLocaleString('en')} rows, ${round(size / 1e6, 1)} MB, ${[...USED, ...FILLER].length} columns, ${gen.value.games.toLocaleString('en')} games of 9 leagues sorted by date; ${SOURCE} holds ${gen.value.benchGames} games in BO1, BO3 (2-1, 2-0) and BO5 (3-1) series among the world's 10 teams`,
            `import: ${JSON.stringify(real.summary.counts)}, from a file of the league's games alone (over HTTP on 127.0.0.1, parse included); the whole ${round(size / 1e6, 0)} MB file takes longer because of its parse (see rows/s; the dry run is the parse plus the plan), and importing it afterwards found ${unchanged} of ${again.summary.series.length} series unchanged and wrote nothing`,
            `server RSS: idle ${round(idle, 0)} MB after start, peaks ${round(dry.peakMb, 0)} / ${round(real.peakMb, 0)} / ${round(again.peakMb, 0)} MB (dry run / import / again), sampled every 20 ms from /proc`,
            'the league: 10,000 rosters, each holding one player per role and 8 champions (lib/scoring-world.ts), 30 empty weeks from 2026-01-05; the statistics of every series are written and scored by scoreMatch, then the points engine recomputes the weeks concerned (recomputeWeeks, set-based; an import of at most 5 matches moves them match by match with withMatchPoints, as a statistics save), all in one transaction',
            'the machine is shared with other processes: see the background load note',
          ],
          details: {
            rows: gen.value.rows,
            bytes: size,
            idleMb: idle,
            dry,
            real: { ...real, summary: real.summary.counts },
            again: again.seconds,
          },
        };
      } catch (err) {
        ctx.log(`import: failed; the server's last output:\n${server.output().slice(-30).join('\n')}`);
        throw err;
      } finally {
        await server.stop();
      }
    } finally {
      await removeFile();
      ctx.log('import: dropping the league');
      await ctx.db.execute(sql`delete from players where oe_player_id is not null and team like ${'Scimp%'}`);
      await dropScoringWorld(ctx.db, w);
    }
  },
};
