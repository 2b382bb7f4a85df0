import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hashString } from './prng.js';

/** URL prefix of coin logos; the route serves `<prefix><symbol lowercase>.svg`. */
export const COIN_ICON_PATH_PREFIX = '/api/v1/coin-icons/';

export interface CoinIcon {
  svg: string;
  source: 'package' | 'letter';
}

/** Coins renamed after the icon set was published: same project, the old file is the right logo. */
const ICON_ALIASES: Readonly<Record<string, string>> = { pol: 'matic' };

const SAFE_SYMBOL = /^[a-z0-9]{1,15}$/;

const iconDir = resolveIconDir();
const cache = new Map<string, CoinIcon>();

function resolveIconDir(): string | undefined {
  try {
    const manifest = createRequire(import.meta.url).resolve('cryptocurrency-icons/manifest.json');
    return path.join(path.dirname(manifest), 'svg', 'color');
  } catch {
    return undefined;
  }
}

/** The logo_path the API hands out for a coin. */
export function coinIconPath(symbol: string): string {
  return `${COIN_ICON_PATH_PREFIX}${symbol.toLowerCase()}.svg`;
}

/** "btc.svg" → "BTC"; undefined for anything that is not a plain symbol file name. */
export function symbolFromIconFile(fileName: string): string | undefined {
  const m = /^([a-z0-9]{1,15})\.svg$/i.exec(fileName);
  return m?.[1]?.toUpperCase();
}

/**
 * The coin's SVG: the icon package's colour file when it has one, else a generated letter badge,
 * so every coin, listed or not, has a logo. Symbols outside [a-z0-9] never reach the file system.
 */
export function iconSvg(symbol: string): CoinIcon {
  const key = symbol.toLowerCase();
  const hit = cache.get(key);
  if (hit) return hit;
  const fromPackage = packageIcon(key);
  // Only package files are cached: the set is bounded, whereas any symbol can ask for a badge.
  if (fromPackage) {
    cache.set(key, fromPackage);
    return fromPackage;
  }
  return { svg: letterBadgeSvg(symbol), source: 'letter' };
}

function packageIcon(key: string): CoinIcon | undefined {
  if (!iconDir || !SAFE_SYMBOL.test(key)) return undefined;
  const file = path.join(iconDir, `${ICON_ALIASES[key] ?? key}.svg`);
  if (!existsSync(file)) return undefined;
  return { svg: readFileSync(file, 'utf8'), source: 'package' };
}

/** A 32×32 circle in a colour derived from the symbol, with the symbol's first letter. */
export function letterBadgeSvg(symbol: string): string {
  const first = symbol.trim().charAt(0).toUpperCase();
  const letter = /^[A-Z0-9]$/.test(first) ? first : '?';
  const hue = hashString(symbol.toUpperCase()) % 360;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<circle cx="16" cy="16" r="16" fill="hsl(${hue}, 62%, 45%)"/>` +
    '<text x="16" y="21.5" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" ' +
    `font-size="16" font-weight="700" fill="#fff">${letter}</text>` +
    '</svg>'
  );
}
