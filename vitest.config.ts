import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The cluster's tests that time what server processes of their own do: a venue takeover, and the
 * notice a follower gives while the leader is away. Another file's work beside them would be timed
 * too, so they run one at a time, after the other projects (vitest's group for `maxWorkers: 1`).
 */
const TIMED_PROCESS_TESTS = ['test/cluster/failover.test.ts', 'test/cluster/three-processes.test.ts'];

/**
 * Files that need a process's modules to themselves, beside the rest: a listed coin stays in its
 * process's catalogue (one process runs one exchange), which the `server` project's shared workers
 * would carry into the files after it; the launcher tests start processes but time nothing. In the
 * one-at-a-time group they were 35 of its 90 s, on one core while the other idled (2026-11-30).
 */
const OWN_MODULE_TESTS = [
  'test/cluster/venue-fence.test.ts',
  'test/cluster/launcher.test.ts',
  'test/cluster/launcher-front.test.ts',
  'test/console/console-listings.test.ts',
  'test/api-contract.test.ts',
];

/**
 * The web's test files that replace nothing global (no module mock, spy, stubbed global, fake
 * timers): they share a worker's modules, as the server's files do, instead of each importing React,
 * the testing library and the catalogue afresh (setup files and happy-dom were 167 of the web
 * project's 342 s, 2026-11-30). A file that mocks stays isolated, so no mock reaches another file.
 */
const REPLACES_GLOBALS = /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers|hoisted)\b/;
const WEB = path.join(import.meta.dirname, 'apps/web');
const webTests = ['test', 'src']
  .flatMap((dir) => readdirSync(path.join(WEB, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
  .filter((file) => /\.test\.tsx?$/.test(file));
const webMocking = webTests.filter((file) => REPLACES_GLOBALS.test(readFileSync(path.join(WEB, file), 'utf8')));
const webSharing = webTests.filter((file) => !webMocking.includes(file));

/** What every server project shares: its folder, the run's templates and server bundle, its time limits. */
const SERVER = {
  root: 'apps/server',
  globalSetup: ['test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // Vitest's default, one worker fewer than the cores, is one worker on the 2-core CI machine,
    // which leaves a core idle while a file waits on PostgreSQL; two files at a time use it.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          include: ['test/**/*.test.ts'],
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: 'risk',
          root: 'packages/risk',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        test: {
          ...SERVER,
          name: 'server',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...TIMED_PROCESS_TESTS, ...OWN_MODULE_TESTS],
          // Files share a worker's modules instead of importing the server afresh each (about 2.5 s
          // a file): 515 s -> 248 s for this project. Each file builds its own apps and databases,
          // and no server test mocks a module.
          isolate: false,
        },
      },
      {
        // Named to sort before `server`: vitest deals out the projects' files by project name, and the
        // launcher's 20 s file dealt last ran alone at the end of the shared group.
        test: {
          ...SERVER,
          name: 'own-modules',
          include: OWN_MODULE_TESTS,
        },
      },
      {
        test: {
          ...SERVER,
          name: 'server-processes',
          include: TIMED_PROCESS_TESTS,
          maxWorkers: 1,
        },
      },
      {
        test: {
          name: 'bench',
          root: 'bench',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: { name: 'web', root: 'apps/web', exclude: [...configDefaults.exclude, ...webSharing] },
      },
      {
        extends: 'apps/web/vite.config.ts',
        // Excluding, not including: a project's include is added to the web config's, not put in its place.
        test: { name: 'web-shared', root: 'apps/web', exclude: [...configDefaults.exclude, ...webMocking], isolate: false },
      },
    ],
  },
});
