import { DEFAULT_API_KEY } from '@exchange/contract';
import { DEFAULT_OWNER_ORDER_CONNECTIONS, DEFAULT_WORKER_WAIT_SECONDS, DEFAULT_WORKERS } from './cluster/launcher-env.js';
import { DEFAULT_MAX_QUEUE } from './ledger/ledger.js';

/**
 * Every simulated network mines a block a second by default: far faster than real chains, so a demo
 * deposit confirms in seconds. SIMULATED_BLOCK_MS changes it (the browser tests use a quarter).
 */
export const DEFAULT_SIMULATED_BLOCK_MS = 1_000;

/**
 * Every environment variable the server reads: the loader (config.ts) hands its parsers only these,
 * and the README's table is generated from this list (npm run docs:config). Defaults and meanings
 * are Markdown. A name with <PLACEHOLDER> parts stands for a family of variables.
 */
export const configVariables = [
  { name: 'PORT', default: '`8080`', meaning: 'HTTP port of the web app, API and websocket' },
  { name: 'HOST', default: '`127.0.0.1`', meaning: 'interface to listen on; set `HOST=0.0.0.0` to expose the server to other machines, and then configure `SMTP_URL`' },
  { name: 'DATA_DIR', default: '`./data` (at the repository root)', meaning: 'the embedded PGlite database (`DATA_DIR/pglite`) and the generated `jwt-secret`' },
  { name: 'DATABASE_URL', default: 'unset', meaning: 'PostgreSQL connection string; replaces the embedded database' },
  { name: 'SMTP_URL', default: 'unset', meaning: 'nodemailer transport URL (`smtp://user:pass@host:587`); unset keeps mail in the local outbox, readable from this machine only at http://127.0.0.1:8080/dev/outbox (see below)' },
  { name: 'MAIL_FROM', default: '`Exchange <no-reply@exchange.local>`', meaning: 'sender of outgoing mail' },
  { name: 'JWT_SECRET', default: 'generated once into `DATA_DIR/jwt-secret` (mode 0600)', meaning: 'HS256 key of session tokens; the key of stored codes is derived from it' },
  { name: 'TWO_FACTOR_KEY', default: 'generated once into `DATA_DIR/two-factor-key` (mode 0600)', meaning: 'seals the authenticator-app secrets and keys the recovery-code hashes; keep it with the database backups (without it nobody with the authenticator app on can log in). Separate from `JWT_SECRET`, so rotating that ends sessions without touching two-factor' },
  { name: 'JWT_TTL_SECONDS', default: '`604800`', meaning: 'session lifetime (7 days)' },
  { name: 'OPERATOR_SESSION_IDLE_MINUTES', default: '`30`', meaning: "a session of a user with an operator role (support, compliance, treasury, admin) ends after this many minutes without a call, to the minute (the console then asks for a new login; `docs/operators.md`); `0` gives operators sessions as long as anyone's" },
  { name: 'LOG_LEVEL', default: '`info`', meaning: 'pino level: silent, error, warn, info, debug, trace' },
  { name: 'TRUST_PROXY', default: '`false`', meaning: '`true` behind a reverse proxy, so per-client limits use X-Forwarded-For' },
  { name: 'WEB_DIST', default: '`apps/web/dist`', meaning: 'the built web app served at `/`' },
  { name: 'RATE_LIMIT_AUTH_PER_MINUTE', default: '`30`', meaning: 'requests per client per minute on login, sign-up, code and reset calls; `0` turns it off' },
  { name: 'LOGIN_MAX_FAILURES', default: '`10`', meaning: "failed logins on one email from one client address within the window before that address gets HTTP 429; when other addresses' failures reach it, the right password also needs a code mailed to the email" },
  { name: 'LOGIN_FAILURE_WINDOW_MINUTES', default: '`15`', meaning: 'window of the login failure limit' },
  { name: 'WS_MAX_CONNECTIONS_PER_IP', default: '`50`', meaning: 'open websocket connections per client address, `/ws/public` and `/ws/private` together; the next one is closed with code 1013 "Too many connections from this address"; `0` turns the cap off' },
  { name: 'API_KEYS', default: `\`${DEFAULT_API_KEY}\``, meaning: 'comma-separated values accepted as the `apikey` of `/api/v1` calls (in the query string, or in the JSON body where the spec puts it there: see `docs/api.md`); `nexa-web` is the key the web app sends on the embedded default' },
  { name: 'DEMO_GRANT_USDT', default: '`10000`', meaning: "demo USDT booked into each new account's spot wallet (at most USDT's maximum per operation, 1,000,000,000,000); `0` turns the grant off" },
  { name: 'MARKET_SEED', default: '`exchange`', meaning: 'seed of the simulated market: prices, market-maker quotes, generated history' },
  { name: 'BENCH_ROUTES', default: '`false`', meaning: '`true` adds `GET /api/v1/bench/hello`, the baseline of the HTTP benchmarks' },
  { name: 'EVM_RPC_URL', default: 'unset', meaning: 'JSON-RPC node that makes ERC20 and BEP20 real chains (deposits read from it, withdrawals signed by `EVM_HOT_WALLET_KEY`); every other network stays simulated (`docs/funds.md`)' },
  { name: 'EVM_RPC_URL_ERC20', default: '`EVM_RPC_URL`', meaning: 'JSON-RPC node of ERC20 alone (set alone, it makes that network real)' },
  { name: 'EVM_RPC_URL_BEP20', default: '`EVM_RPC_URL`', meaning: 'JSON-RPC node of BEP20 alone (set alone, it makes that network real)' },
  { name: 'EVM_CHAIN_ID_ERC20', default: '`1`', meaning: "chain id the ERC20 node must answer (a test chain's, e.g. 31337)" },
  { name: 'EVM_CHAIN_ID_BEP20', default: '`56`', meaning: 'chain id the BEP20 node must answer' },
  { name: 'EVM_TOKEN_<SYMBOL>', default: 'unset', meaning: 'ERC-20 contract of a coin on both networks, e.g. `EVM_TOKEN_USDT=0x…`' },
  { name: 'EVM_TOKEN_<SYMBOL>_<ERC20|BEP20>', default: '`EVM_TOKEN_<SYMBOL>`', meaning: 'the contract on one network (USDT has different contracts on Ethereum and BNB Smart Chain)' },
  { name: 'EVM_HOT_WALLET_KEY', default: 'unset', meaning: 'hex private key of the payout hot wallet; a secret, never logged' },
  { name: 'EVM_TOKEN_GAS_LIMIT', default: '`100000`', meaning: 'gas limit of a token payout' },
  { name: 'EVM_LOG_RANGE_BLOCKS', default: '`2000`', meaning: 'most blocks per `eth_getLogs` call' },
  { name: 'DEPOSIT_XPUB_EVM', default: 'the public test key (`docs/funds.md`)', meaning: "xpub of m/44'/60'/0': deposit addresses on ERC20, BEP20, AVAX C-Chain, Polygon" },
  { name: 'DEPOSIT_XPUB_ETC', default: 'the public test key (`docs/funds.md`)', meaning: "xpub of m/44'/61'/0': Ethereum Classic deposit addresses" },
  { name: 'DEPOSIT_XPUB_TRON', default: 'the public test key (`docs/funds.md`)', meaning: "xpub of m/44'/195'/0': TRON deposit addresses" },
  { name: 'DEPOSIT_XPUB_BTC', default: 'the public test key (`docs/funds.md`)', meaning: "xpub of m/84'/0'/0' (xpub version bytes, not zpub): Bitcoin bech32 deposit addresses" },
  { name: 'DEPOSIT_XPUB_LTC', default: 'the public test key (`docs/funds.md`)', meaning: "xpub of m/84'/2'/0' (xpub version bytes): Litecoin bech32 deposit addresses" },
  { name: 'DEPOSIT_XPUB_DOGE', default: 'the public test key (`docs/funds.md`)', meaning: "xpub of m/44'/3'/0': Dogecoin deposit addresses" },
  { name: 'DEPOSIT_ED25519_SEED', default: 'the public test key (`docs/funds.md`)', meaning: "hex BIP-39 seed of the Solana deposit addresses (m/44'/501'/i'/0'); a secret, never logged" },
  { name: 'DEPOSIT_ACCOUNT_XRP', default: 'the public test key (`docs/funds.md`)', meaning: 'XRP Ledger deposit account (users told apart by destination tag)' },
  { name: 'DEPOSIT_ACCOUNT_ATOM', default: 'the public test key (`docs/funds.md`)', meaning: 'Cosmos Hub deposit account (users told apart by memo)' },
  { name: 'DEPOSIT_ACCOUNT_XLM', default: 'the public test key (`docs/funds.md`)', meaning: 'Stellar deposit account (users told apart by memo id)' },
  { name: 'WITHDRAW_DAILY_LIMIT_USDT', default: '`100000`', meaning: "a verified user's daily withdrawal limit in USDT value (UTC days)" },
  { name: 'WITHDRAW_REVIEW_USDT', default: '`10000`', meaning: "withdrawals worth more wait for an operator's approval (`npm run admin -- withdrawals approve <id>`)" },
  { name: 'SIMULATED_BLOCK_MS', default: `\`${DEFAULT_SIMULATED_BLOCK_MS}\``, meaning: 'milliseconds between blocks of the simulated chains (50 or more); the browser tests use 250 so deposits and withdrawals confirm in a few seconds. Heights are a function of time, so a change moves them: deposits pending across it confirm at once or wait longer' },
  { name: 'SIMULATED_CHAINS', default: '`on` on the embedded database, `off` with `DATABASE_URL`', meaning: 'the chain simulator of the networks no real adapter serves: `on` lets any verified user send themselves test coins (the demo\'s "Simulate a deposit"); `operator` lets only `npm run admin -- deposits simulate` do it, audited; `off` runs no simulator, so those networks take no deposits or withdrawals. On PostgreSQL, `on` and `operator` are warned about in capitals at start: never with real money (`docs/funds.md`)' },
  { name: 'KYC_AUTO_APPROVE_SECONDS', default: '`30` on the embedded database, off with `DATABASE_URL`', meaning: 'identity verifications are approved automatically after this many seconds, so a demo user can finish (a job that looks every second, and picks up after a restart what waited through it); `0` or `off` leaves every review to the operator (`npm run admin -- kyc approve|reject`); see `docs/verification.md`' },
  { name: 'LEDGER_MAX_QUEUE', default: `\`${DEFAULT_MAX_QUEUE}\``, meaning: "requests waiting for the ledger's next batch (orders, transfers, conversions, withdrawals...) before the next one is answered 503 `BUSY` with `Retry-After: 1`, nothing done; the server's own work (the market, liquidations, payouts) is never refused. See `docs/api.md` and `docs/deploy.md`" },
  { name: 'NATS_URL', default: 'unset', meaning: 'NATS server of a cluster of server processes; with `REDIS_URL`, and then `DATABASE_URL` and `JWT_SECRET` are required (`docs/deploy.md`)' },
  { name: 'REDIS_URL', default: 'unset', meaning: 'Redis server of a cluster: the per-address request limits every process shares' },
  { name: 'CLUSTER_NAME', default: 'derived from `DATABASE_URL`', meaning: "prefix of a cluster's NATS subjects and Redis keys, so several clusters can share one NATS and one Redis" },
  { name: 'WORKERS', default: `\`${DEFAULT_WORKERS}\``, meaning: 'server processes `npm run start:cluster` starts' },
  { name: 'OWNER_ORDER_CONNECTIONS', default: `\`${DEFAULT_OWNER_ORDER_CONNECTIONS}\``, meaning: 'connections opening with an order call that `npm run start:cluster` hands to the process owning the markets, before dealing them to every process (`0`: deal them all); see `docs/deploy.md`' },
  { name: 'WORKER_WAIT_SECONDS', default: `\`${DEFAULT_WORKER_WAIT_SECONDS}\``, meaning: 'seconds a connection that reaches `npm run start:cluster` before any of its processes is ready waits for one before it is closed' },
  { name: 'NODE_ENV', default: 'unset', meaning: "`test` (vitest sets it) mounts `POST /api/test/futures/index`, which pins a coin's index price, and hashes new passwords at a sixteenth of the cost (scrypt N=1024 instead of 16384): never in a deployment" },
  { name: 'EXCHANGE_LAUNCHER_FRONT', default: 'unset', meaning: 'set to `1` by `npm run start:cluster` on the processes it forks, which then take their connections from it; not set by hand' },
] as const;

export type ConfigVariable = (typeof configVariables)[number]['name'];
