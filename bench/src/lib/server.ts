import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { onCleanup } from './cleanup.ts';
import { assertLoopback } from './pg.ts';
import { sleep } from './stats.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(repoRoot, 'apps/server/src/server.ts');

export interface ServerHandle {
  baseUrl: string;
  pid: number;
  /** the server's own output (warnings and errors at LOG_LEVEL=warn), last lines kept */
  output(): string[];
  stop(): Promise<void>;
}

export const SERVER_NOTE =
  'app server: apps/server/src/server.ts in its own Node process (NODE_ENV=production, LOG_LEVEL=warn, SEED_DEMO=false, default pool of (2 × cores + 1) × 2 PostgreSQL connections), listening on 127.0.0.1';

async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const address = srv.address();
  srv.close();
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Starts the real server exactly as `npm start` runs it (server.ts: loadConfig, openDatabase, migrate,
 * buildApp, listen), in a separate Node process so that its event loop is not shared with the load
 * generator, and waits until /api/health answers.
 */
export interface ServerOptions {
  /** default 'warn'; at 'info' Fastify logs two lines per request (the server's own default level) */
  logLevel?: 'warn' | 'info';
  /** more environment for the server (its configuration variables) */
  env?: Record<string, string>;
}

export async function startServer(databaseUrl: string, options: ServerOptions = {}): Promise<ServerHandle> {
  const logLevel = options.logLevel ?? 'warn';
  assertLoopback(databaseUrl);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools)
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // BENCH_SERVER_ARGS="--trace-gc ...": more Node flags for the server; BENCH_SERVER_LOG=<file>: its output kept there
  const extraArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const logFile = process.env.BENCH_SERVER_LOG;
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, ...extraArgs, '--import', import.meta.resolve('tsx'), serverEntry],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'false',
        LOG_LEVEL: logLevel,
        HOST: '127.0.0.1',
        PORT: String(port),
        ...options.env,
      },
      // request logs go to /dev/null (as cheap as a log shipper can be); warnings and errors are kept
      stdio: ['ignore', logLevel === 'info' ? 'ignore' : 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  const keepLastLines = (chunk: Buffer) => {
    if (logFile) appendFileSync(logFile, chunk);
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) lines.push(line);
    }
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keepLastLines);
  child.stderr?.on('data', keepLastLines);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const stop = onCleanup(`server ${port}`, async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timeout = sleep(5000).then(() => 'timeout');
    if ((await Promise.race([once(child, 'exit'), timeout])) === 'timeout') child.kill('SIGKILL');
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`the server exited during start-up:\n${lines.join('\n')}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer /api/health within 60 s:\n${lines.join('\n')}`);
    }
    await sleep(100);
  }
  return { baseUrl, pid: child.pid!, output: () => [...lines], stop };
}
