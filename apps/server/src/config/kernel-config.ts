import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { DEFAULT_API_KEY } from '@exchange/contract';
import { DEFAULT_SIMULATED_BLOCK_MS, configVariables, type ConfigVariable } from '../config-variables.js';
import { repoRoot } from '../paths.js';
import { formatMaximum, maxAmountOf } from '../shared/asset-limits.js';
import { QUOTE_ASSET } from '../shared/catalogue.js';
import { Dec } from '../shared/decimal.js';
import { DEFAULT_MAX_QUEUE } from '../ledger/ledger.js';

/**
 * The kernel's configuration: what the server needs whatever its products and however many
 * processes run it. It reads no variable itself: config.ts hands it the listed environment, and adds
 * the parts that products and the cluster parse with their own parsers.
 */


export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface RateLimitConfig {
  /** Requests per IP and minute on the sensitive account routes (login, sign-up, codes, reset). */
  authPerIpPerMinute: number;
  /** Failed logins per (email, client address) within loginFailureWindowMs before 429; per email, before a mailed code is needed. */
  loginFailuresPerEmail: number;
  loginFailureWindowMs: number;
}

export interface MarketConfig {
  /** Seed of the price simulator, the market maker and the generated history. */
  seed: string;
  /** Run the market on timers; tests set false and drive it with market.tick(nowMs). */
  autoStart: boolean;
}

export interface WithdrawalLimitsConfig {
  /** A verified user's daily withdrawal limit. */
  dailyLimitUsdt: string;
  /** Withdrawals worth more wait for an operator (`npm run admin -- withdrawals approve <id>`). */
  reviewThresholdUsdt: string;
}

export const defaultWithdrawalLimits: WithdrawalLimitsConfig = { dailyLimitUsdt: '100000', reviewThresholdUsdt: '10000' };

/**
 * Who may pay a simulated chain (docs/funds.md): `on`, any signed-in user through
 * POST /api/v1/simulated-chain/deposits (the demo); `operator`, only an operator's audited command
 * (`npm run admin -- deposits simulate`), the route absent; `off`, no simulated chain at all, so a
 * network without a real adapter takes neither deposits nor withdrawals.
 */
export type SimulatedChainsMode = 'on' | 'operator' | 'off';
export const simulatedChainsModes: readonly SimulatedChainsMode[] = ['on', 'operator', 'off'];

/** scrypt's parameters for new password hashes; a stored hash names its own, so either verifies. */
export interface PasswordHashing {
  N: number;
  r: number;
  p: number;
}

/** About 40 ms of CPU a hash on the 2-core CI machine: every deployment's cost. */
export const PRODUCTION_PASSWORD_HASHING: PasswordHashing = { N: 16384, r: 8, p: 1 };

/**
 * Under vitest only (NODE_ENV=test): a sixteenth of the work, about 2 ms a hash. The server tests
 * sign hundreds of users up and log them in; what they check of a hash (salted, verified, refused
 * when wrong) does not depend on its cost.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { N: 1024, r: 8, p: 1 };

export interface KernelConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; PGlite under dataDir when absent. */
  databaseUrl?: string;
  /** Tests run PGlite in memory instead of on disk. */
  pgliteInMemory?: boolean;
  /** Tests: a new PGlite database is loaded from this template (db/pglite.ts, writeTemplate) instead of running initdb. */
  pgliteTemplate?: string;
  smtpUrl?: string;
  mailFrom: string;
  jwtSecret: string;
  /**
   * Key that seals the authenticator secrets and hashes the recovery codes. Kept apart from the
   * JWT secret, so rotating that (ending every session) does not lock anyone out of their account.
   * Derived from the JWT secret when absent (tests).
   */
  twoFactorKey?: string;
  jwtTtlSeconds: number;
  /** Minutes without a call after which an operator's session ends (issue 43); 0 = as long as anyone's. */
  operatorIdleMinutes: number;
  logLevel: LogLevel;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For (per-IP rate limits). */
  trustProxy: boolean;
  webDist: string;
  rateLimit: RateLimitConfig;
  /** Accepted values of the `apikey` query parameter on /api/v1. */
  apiKeys: readonly string[];
  market: MarketConfig;
  /** USDT booked into every new account's spot wallet; '0' turns the grant off. */
  demoGrantUsdt: string;
  /** Open websocket connections per client address, both routes together; 0 = no cap. */
  wsMaxConnectionsPerIp: number;
  /**
   * Seconds an identity verification waits before it is approved automatically; 0 = never (an
   * operator reviews it with `npm run admin -- kyc approve|reject`).
   */
  kycAutoApproveSeconds: number;
  /**
   * Milliseconds between two blocks of every simulated chain (1000 when absent). The height is a
   * function of time, so changing it moves the heights: deposits pending across the change are
   * confirmed at once by a shorter block, or wait longer for a longer one.
   */
  simulatedBlockMs?: number;
  /** The chain simulator: on by default only on the embedded database (the demo). */
  simulatedChains: SimulatedChainsMode;
  /** Adds GET /api/v1/bench/hello, the baseline of the HTTP benchmark. */
  benchRoutes?: boolean;
  /** Jobs waiting for the ledger's next batch before a request is refused with 503 (ledger.ts); its default when absent. */
  ledgerMaxQueue?: number;
  /** Withdrawal limits in USDT value (docs/funds.md); defaults when absent. */
  withdrawals?: WithdrawalLimitsConfig;
  /** Mounts the test-only routes (NODE_ENV=test): POST /api/test/futures/index. */
  testRoutes?: boolean;
  /** The cost of new password hashes: PRODUCTION_PASSWORD_HASHING but under NODE_ENV=test. */
  passwordHashing: PasswordHashing;
  /** The service's clock; tests move it to expire codes. */
  now: () => Date;
}

/** The environment as the loader sees it: only the variables of the list (config-variables.ts). */
export type ListedEnv = Partial<Record<ConfigVariable, string>>;

/** A listed name's <PLACEHOLDER> parts match a symbol, or one of the alternatives written in it. */
const listedNames = configVariables.map(
  (v) => new RegExp(`^${v.name.replace(/<([^>]+)>/g, (_, part: string) => (part.includes('|') ? `(?:${part})` : '[A-Z0-9]+'))}$`),
);

/** A parser that reads a variable left off the list reads nothing, so the list stays complete. */
export function listedOnly(env: NodeJS.ProcessEnv): ListedEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => listedNames.some((pattern) => pattern.test(name))));
}

const logLevels: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function intFromEnv(env: ListedEnv, name: ConfigVariable, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value && value.trim() !== '' ? value.trim() : undefined;
}

function listFromEnv(env: ListedEnv, name: ConfigVariable, fallback: string[]): string[] {
  const items = (env[name] ?? '').split(',').map((v) => v.trim()).filter((v) => v !== '');
  return items.length > 0 ? items : fallback;
}

/** Reads DATA_DIR/<name>, creating it (mode 0600) on first start so sessions and sealed secrets survive restarts. */
export function loadOrCreateSecretFile(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

function decimalFromEnv(env: ListedEnv, name: ConfigVariable, fallback: string): string {
  const value = nonEmpty(env[name]) ?? fallback;
  if (!/^\d+(\.\d+)?$/.test(value)) throw new Error(`${name} must be a non-negative decimal number`);
  return value;
}

/** The embedded default approves a demo user's documents by itself; a PostgreSQL deployment waits for its operator. */
function kycAutoApproveFromEnv(value: string | undefined, databaseUrl: string | undefined): number {
  const raw = nonEmpty(value)?.toLowerCase();
  if (raw === undefined) return databaseUrl ? 0 : 30;
  if (raw === 'off') return 0;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(seconds)) throw new Error('KYC_AUTO_APPROVE_SECONDS must be a whole number of seconds, 0 or off');
  return seconds;
}

/** A deployment on PostgreSQL takes real money: simulated deposits there must be asked for by name. */
function simulatedChainsFromEnv(value: string | undefined, databaseUrl: string | undefined): SimulatedChainsMode {
  const raw = nonEmpty(value)?.toLowerCase();
  if (raw === undefined) return databaseUrl ? 'off' : 'on';
  const mode = simulatedChainsModes.find((m) => m === raw);
  if (!mode) throw new Error(`SIMULATED_CHAINS must be one of ${simulatedChainsModes.join(', ')}`);
  return mode;
}

/**
 * The start-up warning of a deployment on PostgreSQL whose chains are simulated: said in capitals,
 * since there anyone (or the operator) can credit coins that no chain holds.
 */
export function simulatedChainsWarning(config: Pick<KernelConfig, 'databaseUrl' | 'simulatedChains'>): string | null {
  if (!config.databaseUrl || config.simulatedChains === 'off') return null;
  return config.simulatedChains === 'on'
    ? 'SIMULATED CHAINS ARE ON (SIMULATED_CHAINS=on) ON A POSTGRESQL DEPLOYMENT: ANY SIGNED-IN USER CAN CREDIT THEMSELVES COINS THAT NO CHAIN HOLDS. NEVER RUN THIS WITH REAL MONEY.'
    : 'SIMULATED CHAINS ARE ON FOR OPERATORS (SIMULATED_CHAINS=operator) ON A POSTGRESQL DEPLOYMENT: OPERATORS CAN CREDIT TEST COINS THAT NO CHAIN HOLDS, AND WITHDRAWALS ON THE SIMULATED NETWORKS GO NOWHERE. NEVER RUN THIS WITH REAL MONEY.';
}

function blockMsFromEnv(env: ListedEnv): number {
  const ms = intFromEnv(env, 'SIMULATED_BLOCK_MS', DEFAULT_SIMULATED_BLOCK_MS);
  if (ms < 50) throw new Error('SIMULATED_BLOCK_MS must be a whole number of milliseconds, 50 or more');
  return ms;
}

function ledgerMaxQueueFromEnv(env: ListedEnv): number {
  const jobs = intFromEnv(env, 'LEDGER_MAX_QUEUE', DEFAULT_MAX_QUEUE);
  if (jobs < 1) throw new Error('LEDGER_MAX_QUEUE must be a whole number of jobs, 1 or more');
  return jobs;
}

function demoGrantFromEnv(value: string | undefined): string {
  const amount = nonEmpty(value) ?? '10000';
  if (!/^\d+(\.\d+)?$/.test(amount)) throw new Error('DEMO_GRANT_USDT must be a non-negative decimal number');
  const max = maxAmountOf(QUOTE_ASSET);
  if (new Dec(amount).gt(max)) throw new Error(`DEMO_GRANT_USDT must be at most ${formatMaximum(max)}, USDT's maximum per operation`);
  return amount;
}

export function loadKernelConfig(env: ListedEnv): KernelConfig {
  const dataDir = path.resolve(nonEmpty(env.DATA_DIR) ?? path.join(repoRoot, 'data'));
  const logLevel = (nonEmpty(env.LOG_LEVEL) ?? 'info') as LogLevel;
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (!logLevels.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  return {
    port: intFromEnv(env, 'PORT', 8080),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Exchange <no-reply@exchange.local>',
    jwtSecret: nonEmpty(env.JWT_SECRET) ?? loadOrCreateSecretFile(dataDir),
    twoFactorKey: nonEmpty(env.TWO_FACTOR_KEY) ?? loadOrCreateSecretFile(dataDir, 'two-factor-key'),
    jwtTtlSeconds: intFromEnv(env, 'JWT_TTL_SECONDS', 7 * 24 * 3600),
    operatorIdleMinutes: intFromEnv(env, 'OPERATOR_SESSION_IDLE_MINUTES', 30),
    logLevel,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    webDist: path.resolve(nonEmpty(env.WEB_DIST) ?? path.join(repoRoot, 'apps/web/dist')),
    rateLimit: {
      authPerIpPerMinute: intFromEnv(env, 'RATE_LIMIT_AUTH_PER_MINUTE', 30),
      loginFailuresPerEmail: intFromEnv(env, 'LOGIN_MAX_FAILURES', 10),
      loginFailureWindowMs: intFromEnv(env, 'LOGIN_FAILURE_WINDOW_MINUTES', 15) * 60_000,
    },
    apiKeys: listFromEnv(env, 'API_KEYS', [DEFAULT_API_KEY]),
    market: { seed: nonEmpty(env.MARKET_SEED) ?? 'exchange', autoStart: true },
    demoGrantUsdt: demoGrantFromEnv(env.DEMO_GRANT_USDT),
    wsMaxConnectionsPerIp: intFromEnv(env, 'WS_MAX_CONNECTIONS_PER_IP', 50),
    kycAutoApproveSeconds: kycAutoApproveFromEnv(env.KYC_AUTO_APPROVE_SECONDS, databaseUrl),
    simulatedBlockMs: blockMsFromEnv(env),
    simulatedChains: simulatedChainsFromEnv(env.SIMULATED_CHAINS, databaseUrl),
    benchRoutes: env.BENCH_ROUTES === 'true' || env.BENCH_ROUTES === '1',
    ledgerMaxQueue: ledgerMaxQueueFromEnv(env),
    withdrawals: {
      dailyLimitUsdt: decimalFromEnv(env, 'WITHDRAW_DAILY_LIMIT_USDT', defaultWithdrawalLimits.dailyLimitUsdt),
      reviewThresholdUsdt: decimalFromEnv(env, 'WITHDRAW_REVIEW_USDT', defaultWithdrawalLimits.reviewThresholdUsdt),
    },
    testRoutes: env.NODE_ENV === 'test',
    passwordHashing: env.NODE_ENV === 'test' ? TEST_PASSWORD_HASHING : PRODUCTION_PASSWORD_HASHING,
    now: () => new Date(),
  };
}
