import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildSumTree, formatUnits, NegativeBalanceError, proofOf, rootOf, sha256Hex, sha256HexPortable, toUnits, verifyProof, webCryptoSha256Hex } from '../src/reserves/index.js';

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const fixtures = fileURLToPath(new URL('./fixtures/reserves/', import.meta.url));
const script = fileURLToPath(new URL('../../../tools/verify-reserves.mjs', import.meta.url));
const n = (c: string) => c.repeat(64);

describe('the Merkle sum tree', () => {
  const rows = [
    { userId: 'u1', nonce: n('a'), balances: ['1.5', '0'] },
    { userId: 'u2', nonce: n('b'), balances: ['0.25', '7'] },
    { userId: 'u3', nonce: n('c'), balances: ['0', '0.000000000000000001'] },
  ];

  it('hashes and sums a small tree as docs/reserves.md spells it', () => {
    const tree = buildSumTree('s1', ['BTC', 'USDT'], rows);
    const id = (u: string, nonce: string) => sha(`nexa-por/id|s1|${u}|${nonce}`);
    const leaf = (u: string, nonce: string, b: string) => sha(`nexa-por/leaf|${id(u, nonce)}|${nonce}|${b}`);
    const l1 = leaf('u1', n('a'), '1.500000000000000000|0.000000000000000000');
    const l2 = leaf('u2', n('b'), '0.250000000000000000|7.000000000000000000');
    const l3 = leaf('u3', n('c'), '0.000000000000000000|0.000000000000000001');
    const n12 = sha(`nexa-por/node|${l1}|${l2}|1.750000000000000000|7.000000000000000000`);
    const n3p = sha(`nexa-por/node|${l3}|${sha('nexa-por/pad|0')}|0.000000000000000000|0.000000000000000001`);
    const root = sha(`nexa-por/node|${n12}|${n3p}|1.750000000000000000|7.000000000000000001`);
    expect(rootOf(tree)).toEqual({ hash: root, sums: ['1.750000000000000000', '7.000000000000000001'] });
  });

  it('gives every user a proof that verifies, step by step up to the root', async () => {
    const tree = buildSumTree('s1', ['BTC', 'USDT'], rows);
    for (const { userId } of rows) {
      const result = await verifyProof(proofOf(tree, userId, '2026-11-29T00:00:00Z'), rootOf(tree).hash);
      expect(result.ok).toBe(true);
      expect(result.steps.map((s) => s.kind)).toEqual(['file', 'leaf-id', 'leaf', 'node', 'node', 'root']);
    }
    expect(proofOf(tree, 'nobody', '2026-11-29T00:00:00Z')).toBeNull();
  });

  it('fails a proof against another root', async () => {
    const tree = buildSumTree('s1', ['BTC', 'USDT'], rows);
    expect((await verifyProof(proofOf(tree, 'u1', 'x'), n('0'))).ok).toBe(false);
  });

  it('refuses a negative balance, a user twice and a wrong count of balances', () => {
    expect(() => buildSumTree('s', ['BTC'], [{ userId: 'u', nonce: n('a'), balances: ['-0.1'] }])).toThrow(NegativeBalanceError);
    expect(() => buildSumTree('s', ['BTC'], [rows[0]!, rows[0]!].map((r) => ({ ...r, balances: ['1'] })))).toThrow(/twice/);
    expect(() => buildSumTree('s', ['BTC'], [rows[0]!])).toThrow(/balances/);
  });

  it('hashes the same with node:crypto, the pure-JS SHA-256 and WebCrypto', async () => {
    for (const text of ['', 'nexa-por/pad|0', 'é ünïcode ✓'.repeat(40)]) {
      expect(sha256Hex(text)).toBe(sha(text));
      expect(sha256HexPortable(text)).toBe(sha(text));
      expect(await webCryptoSha256Hex(text)).toBe(sha(text));
    }
  });

  it('formats and reads amounts at their edges as docs/reserves.md spells them', () => {
    // The division the standalone verifier does (tools/verify-reserves.mjs), against the library's cut of the digits.
    const SCALE = 10n ** 18n;
    const divided = (u: bigint) => `${u / SCALE}.${(u % SCALE).toString().padStart(18, '0')}`;
    const edges = [0n, 1n, 9n, 10n ** 17n, SCALE - 1n, SCALE, SCALE + 1n, 10n * SCALE, 123456789n * SCALE + 987654321n, 10n ** 54n - 1n];
    for (const u of edges) {
      expect(formatUnits(u)).toBe(divided(u));
      expect(toUnits(formatUnits(u))).toBe(u);
    }
    expect(formatUnits(0n)).toBe('0.000000000000000000');
    expect(formatUnits(10n ** 54n - 1n)).toBe(`${'9'.repeat(36)}.${'9'.repeat(18)}`);
    expect(() => formatUnits(-1n)).toThrow(NegativeBalanceError);
    expect([toUnits('0'), toUnits('-0'), toUnits('-0.000'), toUnits('0.1'), toUnits('12'), toUnits('0012.5'), toUnits('0.000000000000000001')]).toEqual([0n, 0n, 0n, 10n ** 17n, 12n * SCALE, 125n * 10n ** 17n, 1n]);
    for (const bad of ['', '.5', '1e3', '0.0000000000000000001', '1,5', ' 1', '+1']) expect(() => toUnits(bad), bad).toThrow();
    expect(() => toUnits('-0.000000000000000001')).toThrow(NegativeBalanceError);
  });

  it('has a root over no users', () => {
    const tree = buildSumTree('s', ['BTC'], []);
    expect(rootOf(tree).sums).toEqual(['0.000000000000000000']);
  });
});

describe('the shared fixtures', () => {
  const { publishedRoot, cases } = JSON.parse(readFileSync(`${fixtures}cases.json`, 'utf8')) as {
    publishedRoot: string;
    cases: { file: string; valid: boolean; why: string }[];
  };

  it('cover valid and tampered files', () => {
    expect(cases.filter((c) => c.valid).length).toBeGreaterThan(0);
    expect(cases.filter((c) => !c.valid).length).toBeGreaterThanOrEqual(7);
  });

  for (const c of cases) {
    it(`the browser verifier and the standalone script agree: ${c.why}`, async () => {
      const proof: unknown = JSON.parse(readFileSync(`${fixtures}${c.file}`, 'utf8'));
      expect((await verifyProof(proof, publishedRoot)).ok).toBe(c.valid);
      expect((await verifyProof(proof, publishedRoot, sha256Hex)).ok).toBe(c.valid);
      let exit = 0;
      try {
        execFileSync(process.execPath, [script, `${fixtures}${c.file}`, publishedRoot], { stdio: 'pipe' });
      } catch (err) {
        exit = (err as { status: number }).status;
      }
      expect(exit).toBe(c.valid ? 0 : 1);
    });
  }

  it('the standalone script runs with npx from the repository, as docs/reserves.md says', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const valid = cases.find((c) => c.valid)!;
    const out = execFileSync('npx', ['--offline', 'verify-reserves', `${fixtures}${valid.file}`, publishedRoot], { cwd: root, encoding: 'utf8' });
    expect(out).toContain('VERIFIED');
    // npm itself starts in seconds on a loaded machine.
  }, 60_000);
});
