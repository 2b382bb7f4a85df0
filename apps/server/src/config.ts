import { addressKeysFromEnv, evmConfigFromEnv, usesTestKeys, type AddressKeys, type EvmConfig } from './modules/funds/index.js';
import { launcherOwnerShare, launcherWorkerWaitSeconds, launcherWorkers } from './cluster/launcher-env.js';
import { FRONT_ENV } from './cluster/front-messages.js';
import { clusterConfigFromEnv, type ClusterConfig } from './cluster/cluster-config.js';
import { listedOnly, loadKernelConfig, type KernelConfig } from './config/kernel-config.js';

export { DEFAULT_SIMULATED_BLOCK_MS } from './config-variables.js';
export {
  defaultWithdrawalLimits,
  loadOrCreateSecretFile,
  simulatedChainsModes,
  simulatedChainsWarning,
  type LogLevel,
  type MarketConfig,
  type RateLimitConfig,
  type SimulatedChainsMode,
  type WithdrawalLimitsConfig,
} from './config/kernel-config.js';

/**
 * The server's whole configuration, and the one reader of process.env: the kernel's part
 * (config/kernel-config.ts) with what the funds product and the cluster parse from their own
 * variables. The kernel reads only its part, so it depends on no product.
 */
export interface AppConfig extends KernelConfig {
  /** The real EVM networks (EVM_RPC_URL…); absent, every network is simulated (the embedded default). */
  evm?: EvmConfig;
  /** Several processes on one PostgreSQL database, with NATS and Redis (docs/deploy.md); absent: one process. */
  cluster?: ClusterConfig;
  /** Deposit address keys (DEPOSIT_*, docs/funds.md); the public test keys when absent. */
  addressKeys?: AddressKeys;
  /** Some DEPOSIT_* variable is unset, so a public test key is in use: the start says so. */
  usesTestAddressKeys?: boolean;
  /** A worker of `npm run start:cluster`: it takes its connections from the launcher (cluster/front.ts). */
  launcherFront?: boolean;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = listedOnly(source);
  const kernel = loadKernelConfig(env);
  return {
    ...kernel,
    evm: evmConfigFromEnv(env),
    cluster: clusterConfigFromEnv(env, kernel.databaseUrl),
    addressKeys: addressKeysFromEnv(env),
    usesTestAddressKeys: usesTestKeys(env),
    launcherFront: env[FRONT_ENV] === '1',
  };
}

/**
 * The configuration of an operator command (admin, ledger:check). It signs no token: a placeholder
 * JWT secret keeps the loader from creating DATA_DIR/jwt-secret.
 */
export function loadCommandConfig(placeholderSecret: string, env: NodeJS.ProcessEnv = process.env): AppConfig {
  return loadConfig({ ...env, JWT_SECRET: env.JWT_SECRET || placeholderSecret });
}

export interface LauncherConfig {
  /** Server processes to fork (WORKERS). */
  workers: number;
  /** Order connections handed to the venues' owner first (OWNER_ORDER_CONNECTIONS). */
  ownerShare: number;
  /** Seconds a connection that came before any worker was ready waits for one (WORKER_WAIT_SECONDS). */
  workerWaitSeconds: number;
  app: AppConfig;
}

/**
 * `npm run start:cluster`'s configuration. The app's is loaded here too: the checks every worker
 * would make, made once before the build.
 */
export function loadLauncherConfig(source: NodeJS.ProcessEnv = process.env): LauncherConfig {
  const env = listedOnly(source);
  return { workers: launcherWorkers(env), ownerShare: launcherOwnerShare(env), workerWaitSeconds: launcherWorkerWaitSeconds(env), app: loadConfig(source) };
}
