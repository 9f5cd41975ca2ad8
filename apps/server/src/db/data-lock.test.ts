import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-lock.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fantarift-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const lockFile = () => path.join(dir, LOCK_FILE);
const deadPid = () => {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
};

describe('data folder lock', () => {
  it('lets one process in and tells the second which process holds it', () => {
    const release = lockDataDir(dir, 'npm start');
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({
      pid: process.pid,
      command: 'npm start',
    });
    let error: unknown;
    try {
      lockDataDir(dir, 'npm run admin');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`processo ${process.pid} (npm start`);
    release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over a lock whose process is gone, or that cannot be read', () => {
    const pid = deadPid();
    writeFileSync(
      lockFile(),
      JSON.stringify({ pid, startedAt: '2026-01-01T00:00:00Z', command: 'old', hostname: hostname() }),
    );
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid);
    release();
    writeFileSync(lockFile(), 'not json');
    lockDataDir(dir)();
  });

  it('keeps a lock from another machine sharing the folder', () => {
    writeFileSync(
      lockFile(),
      JSON.stringify({
        pid: deadPid(),
        startedAt: '2026-01-01T00:00:00Z',
        command: 'x',
        hostname: 'other-host',
      }),
    );
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('a release never removes a lock someone else took', () => {
    const release = lockDataDir(dir);
    writeFileSync(lockFile(), JSON.stringify({ pid: 1, startedAt: 'x', command: 'y', hostname: hostname() }));
    release();
    expect(existsSync(lockFile())).toBe(true);
  });

  it('the embedded database and the admin command refuse a folder in use, changing nothing', async () => {
    const release = lockDataDir(dir, 'npm start');
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, NODE_ENV: 'development' };
      delete env.DATABASE_URL;
      const admin = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(import.meta.dirname, '../cli/admin.ts'),
          'demote',
          'admin@fantarift.local',
        ],
        { env, encoding: 'utf8', timeout: 60_000 },
      );
      expect(admin.status).toBe(1);
      expect(admin.stderr).toContain(`processo ${process.pid} (npm start`);
      expect(admin.stderr).toContain('Nessuna modifica fatta. Ferma il server');
      expect(admin.stdout).not.toContain('non è più amministratore');
      expect(existsSync(path.join(dir, 'pglite'))).toBe(true); // created, but never opened
    } finally {
      release();
    }
  });
});
