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
  const raw = env.WORKERS?.trim();
  if (!raw) return DEFAULT_WORKERS;
  const workers = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(workers) || workers < 1) {
    throw new Error(`WORKERS must be a positive integer (the number of server processes), not "${raw}"`);
  }
  return workers;
}
