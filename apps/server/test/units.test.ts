import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../src/modules/accounts/image.js';
import { hashPassword, verifyPassword } from '../src/modules/accounts/passwords.js';
import { generateOtp, hashOtp, otpMatches, randomReferralCode } from '../src/modules/accounts/codes.js';
import { loadConfig } from '../src/config.js';
import { PRODUCTION_PASSWORD_HASHING, TEST_PASSWORD_HASHING } from '../src/config/kernel-config.js';
import { repoRoot } from '../src/paths.js';
import path from 'node:path';
import os from 'node:os';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';

describe('image sniffing', () => {
  it('recognises PNG and JPEG by their bytes only', () => {
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0x89, 0x50]))).toBeNull();
  });
});

describe('passwords', () => {
  it('hashes with a per-user salt and verifies', async () => {
    const a = await hashPassword('s3cret-pass', PRODUCTION_PASSWORD_HASHING);
    const b = await hashPassword('s3cret-pass', PRODUCTION_PASSWORD_HASHING);
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('s3cret-pass', a)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', a)).toBe(false);
  });

  it('verifies a hash by the cost it names, whatever the cost of new ones', async () => {
    const cheap = await hashPassword('s3cret-pass', TEST_PASSWORD_HASHING);
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('s3cret-pass', cheap)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', cheap)).toBe(false);
  });

  it("costs production's N=16384 everywhere but under NODE_ENV=test", () => {
    expect(PRODUCTION_PASSWORD_HASHING).toEqual({ N: 16384, r: 8, p: 1 });
    expect(loadConfig({ JWT_SECRET: 'x' }).passwordHashing).toEqual(PRODUCTION_PASSWORD_HASHING);
    expect(loadConfig({ JWT_SECRET: 'x', NODE_ENV: 'production' }).passwordHashing).toEqual(PRODUCTION_PASSWORD_HASHING);
    expect(loadConfig({ JWT_SECRET: 'x', NODE_ENV: 'development' }).passwordHashing).toEqual(PRODUCTION_PASSWORD_HASHING);
    expect(loadConfig({ JWT_SECRET: 'x', NODE_ENV: 'test' }).passwordHashing).toEqual(TEST_PASSWORD_HASHING);
  });
});

describe('codes', () => {
  it('are six digits, stored as a peppered hash', () => {
    const code = generateOtp();
    expect(code).toMatch(/^\d{6}$/);
    const hash = hashOtp('pepper', code);
    expect(hash).not.toContain(code);
    expect(otpMatches('pepper', code, hash)).toBe(true);
    expect(otpMatches('other-pepper', code, hash)).toBe(false);
    expect(randomReferralCode()).toMatch(/^[A-Z0-9]{8}$/);
  });
});

describe('config', () => {
  it('defaults DATA_DIR and WEB_DIST to the repository root, whatever the cwd', () => {
    const cfg = loadConfig({ JWT_SECRET: 'x' });
    expect(cfg.dataDir).toBe(path.join(repoRoot, 'data'));
    expect(cfg.webDist).toBe(path.join(repoRoot, 'apps/web/dist'));
    expect(cfg.port).toBe(8080);
    expect(cfg.host).toBe('127.0.0.1');
  });

  it('generates the JWT secret once, private to the owner, and reuses it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'exch-cfg-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const file = path.join(dir, 'jwt-secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
      expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects malformed numbers', () => {
    expect(() => loadConfig({ JWT_SECRET: 'x', PORT: 'abc' })).toThrow(/PORT/);
  });

  it('reads the simulated chains’ block time, a second by default, and refuses one under 50 ms', () => {
    expect(loadConfig({ JWT_SECRET: 'x' }).simulatedBlockMs).toBe(1000);
    expect(loadConfig({ JWT_SECRET: 'x', SIMULATED_BLOCK_MS: '250' }).simulatedBlockMs).toBe(250);
    expect(() => loadConfig({ JWT_SECRET: 'x', SIMULATED_BLOCK_MS: '10' })).toThrow('SIMULATED_BLOCK_MS must be a whole number of milliseconds, 50 or more');
    expect(() => loadConfig({ JWT_SECRET: 'x', SIMULATED_BLOCK_MS: 'fast' })).toThrow(/SIMULATED_BLOCK_MS/);
  });
});
