/**
 * What `npm run start:cluster` cannot run without: every worker must share one PostgreSQL database,
 * reach the others through NATS and Redis, and sign the same session tokens.
 */
const REQUIRED = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL', 'JWT_SECRET'] as const;

export const DEFAULT_WORKERS = 2;

/**
 * The launcher's own part of the environment. Names every missing variable at once, so an operator
 * fixes the set in one go rather than one restart per variable; the rest of the configuration is
 * checked by the server's own loader (config.ts), which the primary runs before forking.
 */
export function launcherWorkers(env: NodeJS.ProcessEnv): number {
  const missing = REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new Error(
      `npm run start:cluster needs ${missing.join(', ')}: set DATABASE_URL (PostgreSQL), NATS_URL, REDIS_URL and JWT_SECRET (see docs/deploy.md)`,
    );
  }
  return wholeNumber(env.WORKERS, DEFAULT_WORKERS, 1, (raw) => `WORKERS must be a positive integer (the number of server processes), not "${raw}"`);
}

/**
 * Measured on two shared cores (docs/benchmarks.md, "Cluster"): the owner's event loop carries 256
 * order connections itself for less CPU than forwarding part of them costs, since a forwarded order
 * costs the follower several times what it saves the owner. With 64, two processes carried about a
 * tenth less than with 256 at both 256 and 512 orders in flight. A machine with cores to spare may
 * set it lower.
 */
export const DEFAULT_OWNER_ORDER_CONNECTIONS = 256;

/**
 * OWNER_ORDER_CONNECTIONS: how many connections opening with an order call the launcher hands to
 * the venues' owner itself (cluster/front-routing.ts); 0 deals every connection over the workers.
 */
export function launcherOwnerShare(env: NodeJS.ProcessEnv): number {
  return wholeNumber(env.OWNER_ORDER_CONNECTIONS, DEFAULT_OWNER_ORDER_CONNECTIONS, 0, (raw) => `OWNER_ORDER_CONNECTIONS must be a whole number (0 or more), not "${raw}"`);
}

/**
 * How long a connection that came while no worker was ready waits for one: a worker building its
 * app on a busy machine takes well over ten seconds (migrations, the venues' rebuild), and a client
 * gives up on its own after about half a minute.
 */
export const DEFAULT_WORKER_WAIT_SECONDS = 30;

/** WORKER_WAIT_SECONDS: the wait above; a machine that starts its workers slowly may set it longer. */
export function launcherWorkerWaitSeconds(env: NodeJS.ProcessEnv): number {
  return wholeNumber(env.WORKER_WAIT_SECONDS, DEFAULT_WORKER_WAIT_SECONDS, 1, (raw) => `WORKER_WAIT_SECONDS must be a positive integer (seconds), not "${raw}"`);
}

/** A variable holding digits only, at least `min`; unset or blank gives `fallback`, anything else `refusal`. */
function wholeNumber(value: string | undefined, fallback: number, min: number, refusal: (raw: string) => string): number {
  const raw = value?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min) throw new Error(refusal(raw));
  return n;
}
