import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_FLAGS as E2E_CHROMIUM_FLAGS } from '../e2e/chromium-flags.js';

/** Debian's Chromium; the bench never downloads a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The e2e suite's flags, headless for Lighthouse's own launcher (Playwright adds its own). */
export const CHROMIUM_FLAGS = ['--headless=new', ...E2E_CHROMIUM_FLAGS];

export interface NetworkProfile {
  name: string;
  /** Added to every request by DevTools. */
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
  cpuSlowdown: number;
}

const slow4G = throttling.mobileSlow4G;

/**
 * Lighthouse's mobile profile (slow 4G), applied through DevTools: first with its own figures
 * (150 ms RTT, 1.6 Mbps down, 750 kbps up, 4x CPU), then as Lighthouse applies it when it throttles
 * for real, where a per-request latency of 3.75 RTT and 90 % of the throughput stand in for the
 * connection set-up and slow start its simulation models.
 */
export const NETWORK_PROFILES: NetworkProfile[] = [
  {
    name: 'slow 4G',
    latencyMs: slow4G.rttMs,
    downloadKbps: slow4G.throughputKbps,
    uploadKbps: 750,
    cpuSlowdown: slow4G.cpuSlowdownMultiplier,
  },
  {
    name: 'slow 4G, DevTools-adjusted',
    latencyMs: slow4G.requestLatencyMs,
    downloadKbps: slow4G.downloadThroughputKbps,
    uploadKbps: slow4G.uploadThroughputKbps,
    cpuSlowdown: slow4G.cpuSlowdownMultiplier,
  },
];

/** The phone Lighthouse's mobile profile emulates (moto g power). */
export const MOBILE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 };
