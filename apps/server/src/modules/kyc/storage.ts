import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Staging directories older than this are left by a crash and removed at start. */
const STALE_STAGING_MS = 60 * 60 * 1000;

/** One upload's files while it is checked: nothing of it is kept unless `commit` runs. */
export interface Staging {
  /** Writes one image and returns its file name. */
  write(name: string, bytes: Uint8Array): Promise<string>;
  remove(fileName: string): Promise<void>;
  /** Moves the staged files to the submission's own directory and returns their paths under the root. */
  commit(userId: string, submissionId: string): Promise<string[]>;
  discard(): Promise<void>;
}

/**
 * The identity documents, under DATA_DIR/kyc: never under the web root, served only by the operator
 * console's authenticated route to the roles that may see them, readable by the server's user only. A submission's images live in <userId>/<submissionId>/; an
 * upload is written to staging/ first and moved there in one rename once every check passed.
 */
export class KycStorage {
  private readonly staging: string;

  constructor(readonly root: string) {
    this.staging = path.join(root, 'staging');
  }

  /** Removes what a crash left in staging; the directories are made by the first upload. */
  async open(nowMs = Date.now()): Promise<void> {
    const entries = await readdir(this.staging).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    for (const entry of entries) {
      const dir = path.join(this.staging, entry);
      const { mtimeMs } = await stat(dir);
      if (nowMs - mtimeMs > STALE_STAGING_MS) await rm(dir, { recursive: true, force: true });
    }
  }

  async stage(): Promise<Staging> {
    const dir = path.join(this.staging, randomUUID());
    // DATA_DIR/kyc and its staging directory too, private to the server's user.
    await mkdir(this.staging, { recursive: true, mode: 0o700 });
    await mkdir(dir, { mode: 0o700 });
    const names: string[] = [];
    let open = true;
    return {
      write: async (name, bytes) => {
        await writeFile(path.join(dir, name), bytes, { mode: 0o600, flag: 'wx' });
        names.push(name);
        return name;
      },
      remove: async (name) => {
        await rm(path.join(dir, name), { force: true });
        names.splice(names.indexOf(name), 1);
      },
      commit: async (userId, submissionId) => {
        const userDir = path.join(this.root, userId);
        await mkdir(userDir, { recursive: true, mode: 0o700 });
        await rename(dir, path.join(userDir, submissionId));
        open = false;
        return names.map((name) => path.join(userId, submissionId, name));
      },
      discard: async () => {
        if (open) await rm(dir, { recursive: true, force: true });
        open = false;
      },
    };
  }

  /** A committed document's bytes and type, by the path `commit` answered; null when it is gone. */
  async read(stored: string): Promise<{ type: 'image/png' | 'image/jpeg'; bytes: Buffer } | null> {
    const full = path.resolve(this.root, stored);
    // The path comes from the database, yet a document is only ever read from under the root.
    if (!full.startsWith(`${path.resolve(this.root)}${path.sep}`)) return null;
    const bytes = await readFile(full).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    return bytes && { type: full.endsWith('.png') ? 'image/png' : 'image/jpeg', bytes };
  }

  /** Removes a committed submission's directory (its database row did not commit). */
  async removeSubmission(userId: string, submissionId: string): Promise<void> {
    await rm(path.join(this.root, userId, submissionId), { recursive: true, force: true });
  }
}
