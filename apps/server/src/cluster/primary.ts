import cluster, { type Worker } from 'node:cluster';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadLauncherConfig, type LauncherConfig } from '../config.js';
import { repoRoot } from '../paths.js';
import { openFront } from './front.js';
import { FRONT_ENV, workerReport } from './front-messages.js';
import { FrontRouting } from './front-routing.js';
import { RestartBackoff } from './restart-backoff.js';

/**
 * `npm run start:cluster`: WORKERS server processes (main.ts) on one port. The primary forks them
 * with Node's cluster module, holds the listening socket and hands each connection to a worker
 * (cluster/front.ts: order connections to the venues' owner, up to OWNER_ORDER_CONNECTIONS, the rest
 * in turn). It builds the web app once, replaces a worker that dies, and on SIGTERM or SIGINT lets
 * every worker finish its requests before exiting. docs/deploy.md describes running it.
 */

/** Longer than a worker's own graceful close takes; past it a stuck worker is killed. */
const SHUTDOWN_GRACE_MS = 30_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function settings(): LauncherConfig {
  try {
    // Loading the app's configuration here also creates the generated secret files (the two-factor
    // key) once, where the workers would race.
    return loadLauncherConfig();
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
}

const { workers, ownerShare, workerWaitSeconds, app: config } = settings();
const log = pino({ level: config.logLevel, name: 'cluster-primary' });

const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
if (build.status !== 0) fail(`the web app did not build (npm run build ended with ${build.status ?? build.signal})`);

// The runtime of `npm start` (tsx), resolved here so that a worker finds it whatever its directory.
cluster.setupPrimary({
  exec: fileURLToPath(new URL('../main.ts', import.meta.url)),
  execArgv: ['--import', import.meta.resolve('tsx')],
});

const running = new Set<Worker>();
/** Workers whose app takes connections from the front: a connection handed to one still starting would be dropped. */
const ready = new Set<Worker>();
const restarts = new Set<NodeJS.Timeout>();
let stopping = false;
const routing = new FrontRouting(ownerShare);
const front = openFront(routing, () => [...ready], log, workerWaitSeconds * 1000);
front.server.on('error', (err) => fail(`could not listen on ${config.host}:${config.port}: ${err.message}`));
front.server.listen(config.port, config.host, () => log.info({ host: config.host, port: config.port, workers, ownerShare }, 'listening'));

function fork(backoff: RestartBackoff): void {
  const worker = cluster.fork({ [FRONT_ENV]: '1' });
  const startedAt = Date.now();
  running.add(worker);
  log.info({ worker: worker.id, workerPid: worker.process.pid }, 'worker started');
  worker.on('message', (raw: unknown) => {
    const report = workerReport.safeParse(raw);
    if (!report.success) return;
    if (report.data.type === 'front:ready') {
      log.info({ worker: worker.id }, 'worker ready');
      ready.add(worker);
      front.workerReady();
    } else if (report.data.type === 'front:role') {
      routing.role(worker.id, report.data.owns);
      log.info({ worker: worker.id, owns: report.data.owns }, report.data.owns ? 'worker owns the venues' : 'worker does not own the venues');
    } else {
      routing.closed(worker.id);
    }
  });
  worker.on('exit', (code, signal) => {
    running.delete(worker);
    ready.delete(worker);
    routing.gone(worker.id);
    if (stopping) {
      log.info({ worker: worker.id, code, signal }, 'worker stopped');
      if (running.size === 0) process.exit(0);
      return;
    }
    const wait = backoff.next(Date.now() - startedAt);
    log.error({ worker: worker.id, code, signal, restartInMs: wait }, 'worker died; replacing it');
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork(backoff);
    }, wait);
    restarts.add(timer);
  });
}

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  log.info({ signal, workers: running.size }, 'stopping the workers');
  front.server.close();
  for (const timer of restarts) clearTimeout(timer);
  if (running.size === 0) process.exit(0);
  // SIGTERM, not worker.kill(): that first cuts the worker's IPC channel, and a worker that loses
  // it exits at once instead of finishing its requests.
  for (const worker of running) worker.process.kill('SIGTERM');
  setTimeout(() => {
    log.error({ workers: [...running].map((w) => w.id) }, 'workers still running after the grace period; killing them');
    for (const worker of running) worker.process.kill('SIGKILL');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

for (let i = 0; i < workers; i += 1) fork(new RestartBackoff());
