/**
 * Flags for Debian's Chromium on this project's machines, shared by the Playwright suite and the
 * web benchmarks (bench/web-browser.ts). Without the background-networking ones Chromium calls out
 * at every start, and a machine without outside network refuses it many times over.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
