import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * The embedded database (PGlite) is one process's files: a second process that opens the same folder
 * corrupts it, and its writes are lost (`npm run admin -- demote` printed success while the server kept
 * its own copy). So the folder carries a lock file naming its owner; a lock whose process is gone is
 * taken over.
 */
export const LOCK_FILE = 'fantarift.lock';

export interface LockOwner {
  pid: number;
  startedAt: string;
  command: string;
  hostname: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `Il database in ${dir} è già in uso dal processo ${owner.pid} (${owner.command}, avviato il ${owner.startedAt}).\n` +
        'Un solo processo alla volta può aprire il database integrato: ferma quel processo (Ctrl+C nel suo ' +
        'terminale) e riprova. Se quel processo non esiste più, cancella il file ' +
        `${path.join(dir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): { raw: string; owner: LockOwner | undefined } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const owner = JSON.parse(raw) as LockOwner;
    return { raw, owner: Number.isInteger(owner.pid) ? owner : undefined };
  } catch {
    return { raw, owner: undefined };
  }
}

/** Takes the folder's lock or throws {@link DataDirLockedError}; returns the function that releases it. */
export function lockDataDir(dir: string, command = process.argv.slice(1).join(' ')): () => void {
  const file = path.join(dir, LOCK_FILE);
  const mine: LockOwner = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    command,
    hostname: hostname(),
  };
  const content = JSON.stringify(mine);
  // written aside, then linked into place: link fails if a lock exists, so two starters cannot both win
  const asideFile = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(asideFile, content);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(asideFile, file);
        return () => {
          const current = readOwner(file);
          if (current?.raw === content) unlinkSync(file);
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const existing = readOwner(file);
      if (!existing) continue; // released meanwhile
      const { owner } = existing;
      if (owner && (owner.hostname !== mine.hostname || isAlive(owner.pid))) {
        throw new DataDirLockedError(dir, owner);
      }
      // stale (its process is gone) or unreadable: move it aside, checking it is still the one we judged
      const aside = `${file}.stale.${randomBytes(4).toString('hex')}`;
      try {
        renameSync(file, aside);
      } catch {
        continue;
      }
      if (readFileSync(aside, 'utf8') !== existing.raw) {
        // someone took it over in between: theirs is live, put it back
        renameSync(aside, file);
        continue;
      }
      unlinkSync(aside);
    }
    const owner = readOwner(file)?.owner;
    throw new DataDirLockedError(dir, owner ?? { pid: 0, startedAt: '?', command: '?', hostname: '?' });
  } finally {
    unlinkSync(asideFile);
  }
}
