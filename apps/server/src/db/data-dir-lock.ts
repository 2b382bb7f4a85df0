import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** Raised when another live process has the embedded database open. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database at ${dataDir} is open in process ${pid}: stop that process first (one process per data directory; ` +
        `if no such process uses it, remove ${dataDir}.lock)`,
    );
    this.name = 'DataDirInUse';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * PGlite opens a data directory without noticing that another process has it open, and two
 * writers corrupt it. `<dataDir>.lock` holds the owner's pid: a live owner (the server, while an
 * operator command or `ledger:check` starts) is refused, a dead one's lock (a killed server) is
 * taken over. Returns the release, which leaves a lock someone else took alone.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  const mine = String(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      return () => {
        if (ownerOf(file) === process.pid) unlinkSync(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = ownerOf(file);
    if (owner !== null && isAlive(owner)) throw new DataDirInUse(dataDir, owner);
    try {
      unlinkSync(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
