import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadLauncherConfig } from '../src/config.js';
import { CONFIG_TABLE_END, CONFIG_TABLE_START, configTable } from '../src/config-table.js';
import { configVariables } from '../src/config-variables.js';
import { testAddressKeys } from '../src/modules/funds/addresses/address-keys.js';
import { repoRoot } from '../src/paths.js';

const sourceRoot = path.join(repoRoot, 'apps/server/src');
/** The loader and its list: the only files that may name the process's environment. */
const readers = new Set(['config.ts', 'config-variables.ts']);
const environmentRead = /\bprocess\s*(\.\s*env\b|\[\s*['"`]env['"`]\s*\])|\benv\b[^}]*\}\s*=\s*process\b|from\s+['"](node:)?process['"]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.[cm]?tsx?$/.test(entry.name) ? [file] : [];
  });
}

function readmeTable(): string {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf(CONFIG_TABLE_START);
  const end = readme.indexOf(CONFIG_TABLE_END);
  expect(start, 'README.md lost the start marker of its configuration table').toBeGreaterThanOrEqual(0);
  expect(end, 'README.md lost the end marker of its configuration table').toBeGreaterThan(start);
  return readme.slice(start + CONFIG_TABLE_START.length, end).trim();
}

/** The first cell of every row, a pipe unescaped. */
const names = (table: string): string[] => [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => (m[1] ?? '').replace(/\\\|/g, '|'));

describe('the configuration has one reader', () => {
  it('reads process.env in config.ts only', () => {
    const files = sourceFiles(sourceRoot);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !readers.has(path.relative(sourceRoot, file)))
      .filter((file) => environmentRead.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(repoRoot, file));
    expect(offenders, 'read the variable in config.ts (listed in config-variables.ts) and pass it on in the config').toEqual([]);
  });

  it('lists every variable once', () => {
    const listed = configVariables.map((v) => v.name);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('has the README table generated from the list (npm run docs:config)', () => {
    const table = readmeTable();
    expect(names(table)).toEqual(configVariables.map((v) => v.name));
    expect(table).toBe(configTable());
  });
});

describe('the loader reads the listed variables', () => {
  const base = { JWT_SECRET: 'x' };

  it('takes every deposit key from the environment, and says when a test key is left', () => {
    const keys = testAddressKeys();
    const env = {
      ...base,
      DEPOSIT_XPUB_EVM: keys.xpubs['xpub-evm'],
      DEPOSIT_XPUB_ETC: keys.xpubs['xpub-etc'],
      DEPOSIT_XPUB_TRON: keys.xpubs['xpub-tron'],
      DEPOSIT_XPUB_BTC: keys.xpubs['xpub-btc'],
      DEPOSIT_XPUB_LTC: keys.xpubs['xpub-ltc'],
      DEPOSIT_XPUB_DOGE: keys.xpubs['xpub-doge'],
      DEPOSIT_ED25519_SEED: Buffer.from(keys.ed25519Seed).toString('hex'),
      DEPOSIT_ACCOUNT_XRP: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      DEPOSIT_ACCOUNT_ATOM: keys.memoAccounts.ATOM,
      DEPOSIT_ACCOUNT_XLM: keys.memoAccounts.XLM,
    };
    const config = loadConfig(env);
    expect(config.usesTestAddressKeys).toBe(false);
    expect(config.addressKeys?.memoAccounts.XRP).toBe('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
    expect(loadConfig({ ...env, DEPOSIT_ACCOUNT_XLM: '' }).usesTestAddressKeys).toBe(true);
    expect(loadConfig(base).usesTestAddressKeys).toBe(true);
  });

  it('reads a family of variables by its pattern (EVM_TOKEN_<SYMBOL>)', () => {
    const evm = loadConfig({
      ...base,
      EVM_RPC_URL: 'http://127.0.0.1:8545',
      EVM_TOKEN_USDT: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
      EVM_TOKEN_USDT_BEP20: '0x55d398326f99059fF775485246999027B3197955',
    }).evm;
    expect(evm?.networks.map((n) => [n.code, n.tokens.USDT])).toEqual([
      ['ERC20', '0xdAC17F958D2ee523a2206206994597C13D831ec7'],
      ['BEP20', '0x55d398326f99059fF775485246999027B3197955'],
    ]);
  });

  it('gives operators 30-minute idle sessions unless OPERATOR_SESSION_IDLE_MINUTES says otherwise', () => {
    expect(loadConfig(base).operatorIdleMinutes).toBe(30);
    expect(loadConfig({ ...base, OPERATOR_SESSION_IDLE_MINUTES: '5' }).operatorIdleMinutes).toBe(5);
    expect(loadConfig({ ...base, OPERATOR_SESSION_IDLE_MINUTES: '0' }).operatorIdleMinutes).toBe(0);
    expect(() => loadConfig({ ...base, OPERATOR_SESSION_IDLE_MINUTES: 'soon' })).toThrow(/OPERATOR_SESSION_IDLE_MINUTES/);
  });

  it('mounts the test routes under NODE_ENV=test only', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).testRoutes).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).testRoutes).toBe(false);
    expect(loadConfig(base).testRoutes).toBe(false);
  });

  it('knows a worker of the launcher by EXCHANGE_LAUNCHER_FRONT', () => {
    expect(loadConfig({ ...base, EXCHANGE_LAUNCHER_FRONT: '1' }).launcherFront).toBe(true);
    expect(loadConfig(base).launcherFront).toBe(false);
  });

  it('gives the launcher WORKERS and OWNER_ORDER_CONNECTIONS with the app’s configuration', () => {
    const cluster = { DATABASE_URL: 'postgres://127.0.0.1/x', NATS_URL: 'nats://127.0.0.1:4222', REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x', TWO_FACTOR_KEY: 'k' };
    const launcher = loadLauncherConfig({ ...cluster, WORKERS: '3', OWNER_ORDER_CONNECTIONS: '7' });
    expect(launcher.workers).toBe(3);
    expect(launcher.ownerShare).toBe(7);
    expect(launcher.app.cluster?.natsUrl).toBe('nats://127.0.0.1:4222');
    expect(() => loadLauncherConfig({ JWT_SECRET: 'x' })).toThrow(/DATABASE_URL, NATS_URL, REDIS_URL/);
  });
});
