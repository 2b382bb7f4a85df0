import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './web-browser.js';

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Bytes over the wire for the whole page load (headers and compressed bodies). */
  transferBytes: number;
  /** Lighthouse's measure of the machine's speed while it ran (higher is faster); its CPU slowdown applies on top. */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated. */
  cpuSlowdown: number;
}

/**
 * `simulate` (Lighthouse's default) loads the page at full speed and replays the load through its
 * model of the slow network and CPU; `devtools` throttles the load itself through the DevTools
 * protocol, with the profile's DevTools figures (562.5 ms per request, 1.47 Mbps down).
 */
export type ThrottlingMethod = 'simulate' | 'devtools';

/**
 * Lighthouse's default 4x CPU slowdown "moves a typical run in the high-end desktop bracket
 * [benchmarkIndex 1500-2000] somewhere into the mid-tier mobile bracket" (its docs/throttling.md),
 * so it stands for a phone of about 1750 / 4. On a faster or slower machine the same 4x stands for a
 * faster or slower phone; the calibrated slowdown is the one that gives this phone on the machine at hand.
 */
export const REFERENCE_PHONE_INDEX = 1750 / 4;

/** The CPU slowdown that turns a machine of `benchmarkIndex` into the reference phone (never below 1x). */
export function calibratedSlowdown(benchmarkIndex: number): number {
  return Math.max(1, Math.round((benchmarkIndex / REFERENCE_PHONE_INDEX) * 10) / 10);
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART); such a run is tried again. */
const ATTEMPTS = 3;

/**
 * One Lighthouse performance run of `url` with its default mobile profile (slow 4G, 4x CPU, or
 * `cpuSlowdown` instead), throttled by `method`, in a fresh browser.
 */
export async function runLighthouse(url: string, cpuSlowdown = 4, method: ThrottlingMethod = 'simulate'): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, cpuSlowdown, method);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`Lighthouse attempt ${attempt} on ${url} failed, trying again:`, (error as Error).message);
    }
  }
}

async function runOnce(url: string, cpuSlowdown: number, throttlingMethod: ThrottlingMethod): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], throttlingMethod, throttling: { cpuSlowdownMultiplier: cpuSlowdown } };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const metric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse reported no ${id} for ${url}`);
      return value;
    };
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: metric('largest-contentful-paint'),
      fcpMs: metric('first-contentful-paint'),
      tbtMs: metric('total-blocking-time'),
      transferBytes: metric('total-byte-weight'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? cpuSlowdown,
    };
  } finally {
    chrome.kill();
  }
}
