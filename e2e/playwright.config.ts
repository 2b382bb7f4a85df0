import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS } from './chromium-flags';

const port = Number(process.env.E2E_PORT ?? 8181);
const KYC_AUTO_APPROVE_SECONDS = 6;
/**
 * Journeys that change the whole exchange (issue 43: a market listed into every coin list, the fee
 * every Level 1 trade pays): they run after the rest, never beside a test that counts markets or
 * checks a fee. Run one alone with `--no-deps`, or the rest of the suite runs first.
 */
const EXCHANGE_WIDE = /console-markets-fees\.spec\.ts$/;
// Each run gets an empty data directory, so the embedded database starts fresh.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'exchange-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  // 15 s: on a loaded CI machine (the suite took 16.8 min instead of 11) a lazily loaded page's first
  // paint after a client-side navigation once took more than 10 s (languages.spec, 2026-11-30).
  expect: { timeout: 15_000 },
  // Tests, not files, are dealt to the workers: each test makes its own users, so none depends on
  // another of its file. Dealt a file at a time, the last file (withdraw.spec.ts, three chain
  // journeys) ran its tests one after another while the other worker sat idle (2026-11-29).
  fullyParallel: true,
  // Three workers: a test mostly waits on the server, the simulated chain or a timer. With two, the
  // suite's processes (server, browsers, runner) used 5.8 CPU-minutes in 7.4 minutes on 2 cores, about
  // 40 % of the machine (2026-11-29); a third worker fills part of the wait.
  workers: 3,
  retries: 0,
  projects: [
    { name: 'suite', testIgnore: EXCHANGE_WIDE },
    { name: 'exchange-wide', testMatch: EXCHANGE_WIDE, dependencies: ['suite'] },
  ],
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/v1/status`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // Identity verifications are approved 6 s after upload: long enough for a test to see "Under
    // Review" first, short enough for createUser({ identity: true }) to wait for it.
    // The simulated chains mine a block every 250 ms instead of every second: a TRC20 deposit's 19
    // confirmations take 5 s instead of 20, and the deposit and withdrawal journeys still see them count.
    // Every test signs up and logs in from 127.0.0.1: the default 30 a minute per address on each of
    // those calls would refuse the suite's own users (429) whenever its workers start tests together.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      KYC_AUTO_APPROVE_SECONDS: String(KYC_AUTO_APPROVE_SECONDS),
      SIMULATED_BLOCK_MS: '250',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    },
  },
});
