import { describe, expect, it } from 'vitest';
import { coins } from '../../src/shared/catalogue.js';
import { COIN_ICON_PATH_PREFIX, coinIconPath, iconSvg, letterBadgeSvg, symbolFromIconFile } from '../../src/shared/icons.js';

describe('coin icons', () => {
  it('serves the package SVG when the icon set has the coin', () => {
    const btc = iconSvg('BTC');
    expect(btc.source).toBe('package');
    expect(btc.svg).toContain('<svg');
    expect(btc.svg).toContain('#F7931A');
    expect(iconSvg('btc')).toEqual(btc);
  });

  it('uses the Polygon file for POL, the renamed MATIC', () => {
    expect(iconSvg('POL').source).toBe('package');
  });

  it('falls back to a letter badge for a coin without an icon', () => {
    const apt = iconSvg('APT');
    expect(apt.source).toBe('letter');
    expect(apt.svg).toMatch(/^<svg[^>]*>.*<circle.*>A<\/text><\/svg>$/);
    expect(iconSvg('APT').svg).toBe(apt.svg);
    const fill = (svg: string): string | undefined => /fill="(hsl[^"]+)"/.exec(svg)?.[1];
    expect(fill(letterBadgeSvg('NEAR'))).toBe(fill(letterBadgeSvg('near')));
    expect(fill(letterBadgeSvg('NEAR'))).not.toBe(fill(letterBadgeSvg('APT')));
  });

  it('never reads a file for an unsafe symbol', () => {
    const icon = iconSvg('../../etc/passwd');
    expect(icon.source).toBe('letter');
    expect(icon.svg).toContain('>?</text>');
  });

  it('gives every catalogue coin an SVG', () => {
    for (const c of coins) expect(iconSvg(c.symbol).svg.startsWith('<svg')).toBe(true);
  });

  it('follows the API logo path convention', () => {
    expect(coinIconPath('BTC')).toBe('/api/v1/coin-icons/btc.svg');
    expect(COIN_ICON_PATH_PREFIX).toBe('/api/v1/coin-icons/');
    expect(symbolFromIconFile('btc.svg')).toBe('BTC');
    expect(symbolFromIconFile('..%2fbtc.svg')).toBeUndefined();
    expect(symbolFromIconFile('btc.png')).toBeUndefined();
  });
});
