import { describe, expect, it } from 'vitest';
import { chartPrice, chartPriceTicks } from '../src/shared/chart/priceAxis';

describe('prices on the chart', () => {
  it('group thousands and use the language’s decimal sign, as the page’s other prices', () => {
    expect(chartPrice(103710.5, 'en-US')).toBe('103,710.50');
    expect(chartPrice(103710.5, 'es')).toBe('103.710,50');
    expect(chartPrice(1234567.5, 'ru')).toBe('1\u00a0234\u00a0567,50');
  });

  it('round the crosshair’s price to its size’s decimals', () => {
    expect(chartPrice(103712.3456789, 'en-US')).toBe('103,712.35');
    expect(chartPrice(3.14159265, 'en-US')).toBe('3.1416');
    expect(chartPrice(0.171234567, 'en-US')).toBe('0.171235');
    expect(chartPrice(0.00001234, 'es')).toBe('0,00001234');
  });

  it('write zero and negative values (an indicator’s pane) in the language too', () => {
    expect(chartPrice(0, 'es')).toBe('0,00');
    expect(chartPrice(-12.5, 'en-US')).toBe('-12.50');
    expect(chartPrice(Number.NaN, 'en-US')).toBe('0.00');
  });
});

describe('the price axis’s ticks', () => {
  it('share the decimals of the finest tick, grouped in the language', () => {
    expect(chartPriceTicks([103700, 103712.5, 103725], 'en-US')).toEqual(['103,700.00', '103,712.50', '103,725.00']);
    expect(chartPriceTicks([103700, 103712.5, 103725], 'es')).toEqual(['103.700,00', '103.712,50', '103.725,00']);
    expect(chartPriceTicks([0.77, 0.775, 0.78], 'en-US')).toEqual(['0.770', '0.775', '0.780']);
  });

  it('ignore a float’s stray last digits', () => {
    expect(chartPriceTicks([103710.50000000001, 0.1 + 0.2], 'en-US')).toEqual(['103,710.50', '0.30']);
  });

  it('give small prices their 8 decimals', () => {
    expect(chartPriceTicks([0.00001, 0.0000125], 'en-US')).toEqual(['0.00001000', '0.00001250']);
  });
});
