import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { BENCH_DATABASE, PGBENCH_DATABASE } from './pg.ts';
import { round } from './stats.ts';

/**
 * CPU time split between the app server, PostgreSQL and this process (the load generator), read from
 * /proc (Linux only; elsewhere the figures are null). Clock ticks are 1/100 s on Linux.
 */
const TICKS_PER_SECOND = 100;

function readStat(pid: number): { comm: string; self: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    // fields after "pid (comm)": state=0 ... utime=11 stime=12
    const f = text
      .slice(close + 2)
      .split(' ')
      .map(Number);
    return { comm, self: f[11]! + f[12]! };
  } catch {
    return null;
  }
}

/** The databases whose backends count as "postgres" (other sessions may use the same server). */
const OUR_DATABASES = [BENCH_DATABASE, PGBENCH_DATABASE];
const CLIENT_BACKEND = /\d+\.\d+\.\d+\.\d+\(\d+\)|\[local\]|::1?\(\d+\)/;

/**
 * CPU ticks of the PostgreSQL processes that work for us: the backends connected to our databases (their
 * process title names the database) and the shared auxiliary processes (checkpointer, WAL writer…).
 * Backends of other databases on the same server are left out. A backend that exits before the second
 * sample loses its ticks, so sample while the connections are still open.
 */
function postgresTicks(): Map<number, number> | null {
  const ticks = new Map<number, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const s = readStat(Number(entry));
      if (s?.comm !== 'postgres') continue;
      let title: string;
      try {
        title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        continue; // exited meanwhile
      }
      if (CLIENT_BACKEND.test(title) && !OUR_DATABASES.some((db) => title.includes(` ${db} `))) continue;
      ticks.set(Number(entry), s.self);
    }
  } catch {
    return null;
  }
  return ticks.size > 0 ? ticks : null;
}

/** Ticks used between two samples by the processes alive at the second (new ones counted from zero). */
function ticksSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, t] of after) total += Math.max(0, t - (before.get(pid) ?? 0));
  return total;
}

function machineTicks(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const v = line.trim().split(/\s+/).slice(1).map(Number);
    const total = v.reduce((a, b) => a + b, 0);
    const idle = (v[3] ?? 0) + (v[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

export interface CpuSplit {
  /** cores used on average over the interval (1.0 = one core fully busy) */
  serverCores: number | null;
  postgresCores: number | null;
  loadGeneratorCores: number;
  /** busy share of the whole machine, 0..100 */
  machineBusyPct: number | null;
  /** cores used by everything else on the machine (other sessions' work, their databases, pgbench, the kernel) */
  otherCores: number | null;
}

/** The cpu ticks of the app server processes, or null when one of them cannot be read. */
function serverTicks(pids: number[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const s = readStat(pid);
    if (!s) return null;
    total += s.self;
  }
  return pids.length > 0 ? total : null;
}

/**
 * Starts measuring; `stop()` returns the average cores used by each party since the start. With several
 * server processes (`serverPid` a list), `serverCores` is their sum.
 */
export function cpuSampler(serverPid?: number | number[]) {
  const pids = serverPid === undefined ? [] : [serverPid].flat();
  const start = {
    wall: performance.now(),
    server: serverTicks(pids),
    postgres: postgresTicks(),
    self: process.cpuUsage(),
    machine: machineTicks(),
  };
  return {
    stop(): CpuSplit {
      const seconds = (performance.now() - start.wall) / 1000;
      const server = serverTicks(pids);
      const postgres = postgresTicks();
      const self = process.cpuUsage(start.self);
      const machine = machineTicks();
      const cores = (ticks: number) => ticks / TICKS_PER_SECOND / seconds;
      const serverCores = server !== null && start.server !== null ? cores(server - start.server) : null;
      const postgresCores =
        postgres !== null && start.postgres !== null ? cores(ticksSince(start.postgres, postgres)) : null;
      const loadGeneratorCores = (self.user + self.system) / 1e6 / seconds;
      const machineBusyPct =
        machine && start.machine
          ? (100 * (machine.busy - start.machine.busy)) / Math.max(1, machine.total - start.machine.total)
          : null;
      const otherCores =
        machineBusyPct === null
          ? null
          : Math.max(
              0,
              (machineBusyPct / 100) * os.cpus().length -
                (serverCores ?? 0) -
                (postgresCores ?? 0) -
                loadGeneratorCores,
            );
      return { serverCores, postgresCores, loadGeneratorCores, machineBusyPct, otherCores };
    },
  };
}

export const fmtCpu = (c: CpuSplit) =>
  [
    `server ${c.serverCores?.toFixed(2) ?? 'n/a'} cores`,
    `postgres ${c.postgresCores?.toFixed(2) ?? 'n/a'} cores`,
    `load generator ${c.loadGeneratorCores.toFixed(2)} cores`,
    `other processes ${c.otherCores?.toFixed(2) ?? 'n/a'} cores`,
    `machine ${c.machineBusyPct?.toFixed(0) ?? 'n/a'}% busy`,
  ].join(', ');

/** milliseconds of cpu per operation, from average cores used and operations per second */
export const cpuMs = (cores: number | null, perSecond: number) =>
  cores === null || perSecond <= 0 ? 'n/a' : round((1000 * cores) / perSecond, 2).toString();

export const perOp = (c: CpuSplit, perSecond: number) =>
  `server ${cpuMs(c.serverCores, perSecond)} ms + postgres ${cpuMs(c.postgresCores, perSecond)} ms cpu per request`;

/**
 * How busy the machine is before we start, and with what: the bench shares the machine with whatever
 * else runs on it, and a busy machine depresses every figure. Samples every process for `seconds`.
 */
export async function backgroundLoad(seconds: number): Promise<{ busyPct: number | null; top: string[] }> {
  const snapshot = () => {
    const m = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const s = readStat(Number(entry));
      if (s) m.set(Number(entry), s.self);
    }
    return m;
  };
  try {
    const machine0 = machineTicks();
    const before = snapshot();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const after = snapshot();
    const machine1 = machineTicks();
    const busyPct =
      machine0 && machine1
        ? (100 * (machine1.busy - machine0.busy)) / Math.max(1, machine1.total - machine0.total)
        : null;
    const top = [...after.entries()]
      .map(([pid, ticks]) => ({
        pid,
        cores: (ticks - (before.get(pid) ?? ticks)) / TICKS_PER_SECOND / seconds,
      }))
      .filter((p) => p.cores >= 0.05 && p.pid !== process.pid)
      .sort((a, b) => b.cores - a.cores)
      .slice(0, 5)
      .map((p) => `${commandLine(p.pid)} (${p.cores.toFixed(2)} cores)`);
    return { busyPct, top };
  } catch {
    return { busyPct: null, top: [] };
  }
}

function commandLine(pid: number): string {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    return cmd.length > 90 ? `${cmd.slice(0, 90)}…` : cmd || `pid ${pid}`;
  } catch {
    return `pid ${pid}`;
  }
}
