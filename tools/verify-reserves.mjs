#!/usr/bin/env node
// Standalone verifier of a Nexa proof-of-reserves proof file (docs/reserves.md). It shares no code
// with the exchange on purpose: only node:crypto, so anyone can read it whole and trust what it says.
// Usage: npx verify-reserves <proof-file.json> <published root hash> (the repository's bin), or
// node tools/verify-reserves.mjs <proof-file.json> <published root hash>
// Exit code 0 when the proof holds, 1 when it does not, 2 on wrong usage.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const HASH = /^[0-9a-f]{64}$/;
const AMOUNT = /^(0|[1-9][0-9]{0,35})\.[0-9]{18}$/;
const SCALE = 10n ** 18n;

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const units = (amount) => {
  const [whole, fraction] = amount.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction);
};
const format = (u) => `${u / SCALE}.${(u % SCALE).toString().padStart(18, '0')}`;

function check(file) {
  const amounts = (list, n) => Array.isArray(list) && list.length === n && list.every((a) => typeof a === 'string' && AMOUNT.test(a));
  if (!file || file.version !== 1) return 'not a version 1 proof file';
  if (!Array.isArray(file.assets)) return 'no asset list';
  const n = file.assets.length;
  if (typeof file.snapshotId !== 'string' || typeof file.userId !== 'string') return 'no snapshot or user id';
  if (!HASH.test(file.nonce ?? '') || !HASH.test(file.leafId ?? '')) return 'a malformed nonce or leaf id';
  if (!amounts(file.balances, n)) return 'malformed balances';
  if (!Array.isArray(file.path) || file.path.length > 64) return 'a malformed path';
  for (const step of file.path) {
    if (!step || (step.side !== 'left' && step.side !== 'right') || !HASH.test(step.hash ?? '') || !amounts(step.sums, n)) return 'a malformed path step';
  }
  if (!file.root || !amounts(file.root.sums, n)) return 'a malformed root';
  return null;
}

function verify(file, publishedRoot) {
  const problem = check(file);
  if (problem) return { ok: false, lines: [`file: ${problem}`] };
  const lines = [];
  const leafId = sha256(`nexa-por/id|${file.snapshotId}|${file.userId}|${file.nonce}`);
  if (leafId !== file.leafId) return { ok: false, lines: [...lines, `leaf id: ${leafId} is not the file's ${file.leafId}`] };
  lines.push(`leaf id: ${leafId}`);
  let hash = sha256(`nexa-por/leaf|${leafId}|${file.nonce}|${file.balances.join('|')}`);
  let sums = file.balances.map(units);
  lines.push(`leaf: ${hash}`);
  file.path.forEach((step, i) => {
    sums = sums.map((s, k) => s + units(step.sums[k]));
    const text = sums.map(format).join('|');
    hash = step.side === 'right' ? sha256(`nexa-por/node|${hash}|${step.hash}|${text}`) : sha256(`nexa-por/node|${step.hash}|${hash}|${text}`);
    lines.push(`node ${i + 1}: ${hash}`);
  });
  const rootSums = sums.map(format);
  if (hash !== publishedRoot) return { ok: false, lines: [...lines, `root: ${hash} is not the published ${publishedRoot}`] };
  if (rootSums.some((s, k) => s !== file.root.sums[k])) return { ok: false, lines: [...lines, 'root: the sums are not the file\'s totals'] };
  lines.push(`root: ${hash} matches; totals ${file.assets.map((a, k) => `${a} ${rootSums[k]}`).join(', ')}`);
  return { ok: true, lines };
}

const [path, root] = process.argv.slice(2);
if (!path || !root || !HASH.test(root)) {
  console.error('usage: node tools/verify-reserves.mjs <proof-file.json> <published root hash (64 hex digits)>');
  process.exit(2);
}
let file;
try {
  file = JSON.parse(readFileSync(path, 'utf8'));
} catch (err) {
  console.error(`cannot read ${path}: ${err.message}`);
  process.exit(2);
}
const result = verify(file, root);
for (const line of result.lines) process.stdout.write(`${line}\n`);
process.stdout.write(`${result.ok ? 'VERIFIED: your balances are in the published tree' : 'FAILED: this proof does not lead to the published root'}\n`);
process.exit(result.ok ? 0 : 1);
