import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, lockDataDir } from '../src/db/data-dir-lock.js';

describe('the embedded database’s data directory lock', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'exch-lock-'));
  const dir = path.join(root, 'pglite');
  afterEach(() => rmSync(`${dir}.lock`, { force: true }));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a second opener while the first one lives, and frees the directory on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it('takes over the lock of a process that is gone (a killed server)', () => {
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(`${dir}.lock`, String(gone));
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('leaves alone a lock that another process took since', () => {
    const release = lockDataDir(dir);
    writeFileSync(`${dir}.lock`, '1');
    release();
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe('1');
  });
});
