// Loaded into a bench's server with BENCH_NODE_ARGS="--import ./bench/pg-statements.mjs": counts the
// statements node-postgres sends, by kind, and writes the counts to $PG_STATEMENTS_FILE on SIGUSR2.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'apps/server/package.json'));
const pg = require('pg');
const KINDS = [
  ['key read', /FROM api_keys WHERE api_key = \$1/],
  ['freeze read', /FROM users WHERE id = \$1/],
  ['last-use write', /^UPDATE api_keys SET last_used_at/],
  ['client id', /okx_swap_client_orders/],
  ['ledger batch write', /^ledger-batch-write-|^WITH l_/],
];
const counts = Object.fromEntries([...KINDS.map(([k]) => [k, 0]), ['other', 0]]);
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : (config?.name ?? config?.text ?? '');
  const kind = KINDS.find(([, re]) => re.test(text.replace(/\s+/g, ' ').trim()))?.[0] ?? 'other';
  counts[kind] += 1;
  return query.call(this, config, values, callback);
};
process.on('SIGUSR2', () => writeFileSync(process.env.PG_STATEMENTS_FILE ?? '/dev/null', JSON.stringify(counts)));
