import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildSumTree, proofOf, rootOf, verifyProof, type LeafInput } from '@exchange/contract/reserves';
import { TreeBuilder } from '../apps/server/src/modules/reserves/tree-builder.js';
import { writeSection } from './engine-report.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ASSETS = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'LTC', 'TRX', 'USDT'];
const ROUNDS = 3;
/** The daily snapshot may take this long to build its tree; past it the bench fails (issue 44). */
const BUDGET_MS = 30_000;
const DOCS = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

// Most users hold a few assets; the rest are zero, as in a real book.
const rows: LeafInput[] = Array.from({ length: USERS }, (_, i) => ({
  userId: `00000000-0000-4000-8000-${i.toString().padStart(12, '0')}`,
  nonce: randomBytes(32).toString('hex'),
  balances: ASSETS.map((_, k) => ((i + k) % 3 === 0 ? `${(i % 997) + 1}.${(i * 7919 + k).toString().padStart(18, '0').slice(-18)}` : '0')),
}));

const times: number[] = [];
let tree = buildSumTree('bench', ASSETS, rows.slice(0, 1000));
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  tree = buildSumTree('bench', ASSETS, rows);
  times.push(performance.now() - start);
}
const median = [...times].sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
const root = rootOf(tree);

// The server's way (tree-builder.ts): the rows (fresh nonces) and the tree made on a worker thread
// from the ledger's holdings, copied there in chunks, while this event loop's pauses are measured.
const holdings = rows.flatMap((r) => r.balances.flatMap((amount, k) => (amount === '0' ? [] : [{ userId: r.userId, asset: ASSETS[k]!, amount }])));
const trees = new TreeBuilder();
await trees.build('warm-up', holdings.slice(0, 1000));
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const workerStart = performance.now();
const built = await trees.build('bench', holdings);
const workerMs = performance.now() - workerStart;
delay.disable();
const workerProof = await trees.proof('bench', rows[USERS - 1]!.userId, new Date().toISOString());
await trees.close();
// The worker orders the assets by their bytes (docs/reserves.md); the in-process build kept ASSETS' order.
const sameTotals = built.assets.every((asset, k) => built.root.sums[k] === root.sums[ASSETS.indexOf(asset)]);
if (!sameTotals || built.users !== USERS) throw new Error('the worker built other totals');
if (!(await verifyProof(workerProof, built.root.hash)).ok) throw new Error('a proof from the worker\'s tree did not verify');
const longestPauseMs = delay.max / 1e6;
const proofStart = performance.now();
const proof = proofOf(tree, rows[USERS - 1]!.userId, new Date().toISOString());
const verified = (await verifyProof(proof, root.hash)).ok;
const proofMs = performance.now() - proofStart;
if (!verified) throw new Error('the last user\'s proof did not verify');

const cpu = cpus();
const machine = `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`;
const date = new Date().toISOString().slice(0, 10);
const report = `
Run with \`npm run bench:reserves\` (bench/reserves.bench.ts). ${date}, ${machine}.

The proof-of-reserves Merkle sum tree (\`buildSumTree\`, @exchange/contract/reserves; docs/reserves.md)
over ${USERS.toLocaleString('en-US')} users and ${ASSETS.length} assets, a third of the balances non-zero; median of ${ROUNDS} builds
after one warm-up of 1,000 users. Budget ${(BUDGET_MS / 1000).toFixed(0)} s (the daily snapshot's).

| measure | value |
| --- | --- |
| build of the whole tree, median | ${(median / 1000).toFixed(2)} s (${((median * 1000) / USERS).toFixed(1)} µs per user) |
| every build | ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} |
| the server's build on its worker thread (\`TreeBuilder\`: the rows made from the ledger's holdings, then the tree) | ${(workerMs / 1000).toFixed(2)} s |
| the event loop's longest pause during that build | ${longestPauseMs.toFixed(0)} ms |
| one user's proof, made and verified | ${proofMs.toFixed(2)} ms (${proof?.path.length ?? 0} path steps) |
| load average (1 min) at the end | ${loadavg()[0]!.toFixed(1)} |
`;
process.stdout.write(`${report}\n`);
writeSection(DOCS, report, '## Proof of reserves');
if (median > BUDGET_MS) {
  process.stderr.write(`over the budget of ${BUDGET_MS} ms\n`);
  process.exit(1);
}
