import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { onCleanup, runCleanup } from './lib/cleanup.ts';
import { backgroundLoad } from './lib/cpu.ts';
import {
  adminUrl,
  BENCH_DATABASE,
  dropDatabase,
  openBenchDatabase,
  recreateDatabase,
  type ServerFacts,
  serverFacts,
} from './lib/pg.ts';
import { SERVER_NOTE, startServer } from './lib/server.ts';
import { round, sleep } from './lib/stats.ts';
import { SUITES } from './suites/index.ts';
import type { Metric, SuiteResult } from './suites/types.ts';

const USAGE = `usage: npm run bench [-w bench -- [--only trades,leaderboard] [--quick] [--list]]
  --only NAMES  run only these suites (comma-separated); or set BENCH_ONLY
  --quick       short runs for developing a suite (figures are not the official ones); or BENCH_QUICK=1
  --list        list the suites and exit
  env BENCH_DATABASE_URL  admin connection (default postgres://postgres@127.0.0.1:5432/postgres), used only
                          to create and drop the databases fantarift_bench and fantarift_pgbench`;

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (values.list) {
  for (const s of SUITES) console.log(`${s.name.padEnd(14)} ${s.issue.padEnd(4)} ${s.description}`);
  process.exit(0);
}

const onlyRaw = values.only ?? process.env.BENCH_ONLY;
const only = onlyRaw
  ? onlyRaw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : null;
const unknown = only?.filter((n) => !SUITES.some((s) => s.name === n)) ?? [];
if (unknown.length > 0) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; known: ${SUITES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const selected = only ? SUITES.filter((s) => only.includes(s.name)) : SUITES;
const quick = values.quick || process.env.BENCH_QUICK === '1';

/** the machine counts as quiet below this busy share; we wait at most QUIET_WAIT_S for it */
const QUIET_PCT = 15;
const QUIET_WAIT_S = 60;

const log = (m: string) => console.log(`  ${m}`);
const started = new Date();
const t0 = performance.now();
const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(0)} s`;

interface SuiteRecord {
  name: string;
  issue: string;
  description: string;
  seconds: number;
  error?: string;
  result?: SuiteResult;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping servers and dropping the bench databases…`);
    void runCleanup().finally(() => process.exit(130));
  });
}

function machineNotes(facts: ServerFacts): string[] {
  const cpus = os.cpus();
  return [
    `machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown cpu'}), ${round(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`,
    `PostgreSQL ${facts.version} on 127.0.0.1: max_connections ${facts.maxConnections}, shared_buffers ${facts.sharedBuffers}, synchronous_commit ${facts.synchronousCommit} (stock settings, not tuned)`,
    `the app server, PostgreSQL, pgbench and the load generator (autocannon, in this process) all share these ${cpus.length} cores: every figure is for the whole stack on one small machine, not for the server alone`,
    SERVER_NOTE,
  ];
}

function printSummary(records: SuiteRecord[]): void {
  const rows: string[][] = [['suite', 'figure', 'value', 'target', 'result']];
  for (const r of records) {
    if (r.error) rows.push([r.name, 'ERROR', r.error.split('\n')[0]!.slice(0, 60), '', 'ERROR']);
    for (const m of r.result?.metrics ?? []) {
      rows.push([
        r.name,
        m.label,
        `${m.value.toLocaleString('en')} ${m.unit}`,
        m.target ?? '',
        m.pass === undefined ? '' : m.pass ? 'PASS' : 'FAIL',
      ]);
    }
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => row[c]!.length)));
  const line = (row: string[]) => row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ');
  console.log(`\n${'='.repeat(20)} summary ${'='.repeat(20)}`);
  console.log(line(rows[0]!));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

async function main(): Promise<number> {
  console.log(
    `FantaRift bench — ${started.toISOString()}${quick ? ' (QUICK: short runs, not the official figures)' : ''}`,
  );
  console.log(`suites: ${selected.map((s) => s.name).join(', ')}`);
  const admin = adminUrl();

  const benchUrl = await recreateDatabase(BENCH_DATABASE);
  onCleanup(BENCH_DATABASE, () => dropDatabase(BENCH_DATABASE));
  const handle = openBenchDatabase(benchUrl, 4);
  onCleanup('bench pool', () => handle.close());
  await handle.migrate();
  const facts = await serverFacts(handle.db);
  const notes = machineNotes(facts);

  // A machine busy with other work depresses every figure: wait (bounded) for it to calm down, then say how busy it was.
  let background = await backgroundLoad(2);
  for (let waited = 0; (background.busyPct ?? 0) > QUIET_PCT && waited < QUIET_WAIT_S; waited += 12) {
    console.log(
      `  machine ${round(background.busyPct ?? 0, 0)}% busy before starting (${background.top.join('; ') || 'unknown'}); waiting up to ${QUIET_WAIT_S - waited} s more for < ${QUIET_PCT}%`,
    );
    await sleep(10_000);
    background = await backgroundLoad(2);
  }
  notes.push(
    `background load just before the suites: machine ${background.busyPct === null ? 'n/a' : `${round(background.busyPct, 0)}%`} busy${background.top.length ? ` (${background.top.join('; ')})` : ''}${(background.busyPct ?? 0) > QUIET_PCT ? ' — THE MACHINE WAS NOT QUIET: other processes compete for the cores and every figure below is depressed; see "other processes" in the cpu lines' : ''}`,
  );
  console.log('\nnotes:');
  for (const n of notes) console.log(`  - ${n}`);

  const records: SuiteRecord[] = [];
  for (const suite of selected) {
    if (interrupted) break;
    console.log(`\n== ${suite.name} (${suite.issue}) — ${suite.description}  [at ${elapsed()}]`);
    const s0 = performance.now();
    const record: SuiteRecord = {
      name: suite.name,
      issue: suite.issue,
      description: suite.description,
      seconds: 0,
    };
    try {
      record.result = await suite.run({
        benchUrl,
        db: handle.db,
        quick,
        startServer: (options) => startServer(benchUrl, options),
        log,
      });
      console.log('  notes:');
      for (const n of record.result.notes) console.log(`    - ${n}`);
    } catch (err) {
      record.error = (err as Error).stack ?? String(err);
      console.error(`  suite ${suite.name} failed: ${record.error}`);
    }
    record.seconds = round((performance.now() - s0) / 1000, 1);
    records.push(record);
  }

  await runCleanup();
  const totalSeconds = round((performance.now() - t0) / 1000, 1);
  printSummary(records);
  console.log(
    `\nbench took ${totalSeconds} s (${records.map((r) => `${r.name} ${r.seconds} s`).join(', ')})`,
  );

  const outDir = path.resolve(import.meta.dirname, '../results');
  mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, 'latest.json');
  const metrics: Metric[] = records.flatMap((r) => r.result?.metrics ?? []);
  writeFileSync(
    outFile,
    `${JSON.stringify(
      {
        startedAt: started.toISOString(),
        totalSeconds,
        quick,
        adminHost: new URL(admin).host,
        machine: {
          cpus: os.cpus().length,
          cpuModel: os.cpus()[0]?.model.trim(),
          totalMemBytes: os.totalmem(),
          node: process.version,
        },
        postgres: facts,
        notes,
        summary: Object.fromEntries(
          metrics.map((m) => [m.key, { value: m.value, unit: m.unit, target: m.target, pass: m.pass }]),
        ),
        suites: records,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`results written to ${path.relative(process.cwd(), outFile) || outFile}`);
  return records.some((r) => r.error) ? 1 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch(async (err) => {
    console.error(err);
    await runCleanup();
    process.exit(1);
  });
