import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './web-browser.js';

export interface LighthouseRun {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Bytes over the wire for the whole page load (headers and compressed bodies). */
  transferBytes: number;
  /** Lighthouse's measure of the machine's speed while it ran (higher is faster); its 4x CPU slowdown applies on top. */
  benchmarkIndex: number;
}

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART); such a run is tried again. */
const ATTEMPTS = 3;

/** One Lighthouse performance run of `url` with its default mobile profile (simulated slow 4G, 4x CPU), in a fresh browser. */
export async function runLighthouse(url: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      console.warn(`Lighthouse attempt ${attempt} on ${url} failed, trying again:`, (error as Error).message);
    }
  }
}

async function runOnce(url: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
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
    };
  } finally {
    chrome.kill();
  }
}
