import type { Database } from '@fantarift/server/src/db/client.ts';
import type { ServerHandle, ServerOptions } from '../lib/server.ts';

/** One printed figure. `pass` is set only for figures that have a target in an issue. */
export interface Metric {
  key: string;
  label: string;
  value: number;
  unit: string;
  target?: string;
  pass?: boolean;
}

export interface SuiteResult {
  metrics: Metric[];
  /** context that a reader needs to judge the figures (machine sharing, client counts, causes found) */
  notes: string[];
  /** anything else worth keeping in results/latest.json */
  details?: Record<string, unknown>;
}

export interface SuiteContext {
  /** the migrated, otherwise empty database `fantarift_bench` (each suite adds its own league and users) */
  benchUrl: string;
  /** a small pool on the bench database for set-up and checks (not the server's pool) */
  db: Database;
  /** shorter runs for developing a suite (`--quick`); the printed figures are then not the official ones */
  quick: boolean;
  /** starts the real server on the bench database in its own process; stop it before returning */
  startServer(options?: ServerOptions): Promise<ServerHandle>;
  log(message: string): void;
}

export interface Suite {
  name: string;
  /** the issue the figures answer, shown in the summary */
  issue: string;
  description: string;
  run(ctx: SuiteContext): Promise<SuiteResult>;
}
