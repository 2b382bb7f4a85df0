import { describe, expect, it } from 'vitest';
import type { TourStep } from '../src/shared/tour';
import { spotTradingTour, spotTradingTourKey } from '../src/features/spot/tour/spotTradingTour';
import { transferTour, transferTourKey } from '../src/features/transfer/tour/transferTour';
import { placeCard } from '../src/shared/tour/placement';
import { i18n } from '../src/shared/i18n/i18n';

function highlights(steps: readonly TourStep[]) {
  return steps.flatMap((step) => (step.kind === 'highlight' ? [step] : []));
}

describe('tour step lists', () => {
  it('spot trading: welcome, seven highlights with the spec durations, completion', () => {
    expect(spotTradingTour).toHaveLength(9);
    expect(spotTradingTour[0]?.kind).toBe('welcome');
    expect(spotTradingTour[8]?.kind).toBe('completion');
    const welcome = spotTradingTour[0];
    expect(welcome?.kind === 'welcome' && welcome.facts?.map((fact) => i18n._(fact))).toEqual(['8 key features', 'About 2 min']);
    expect(highlights(spotTradingTour).map((s) => s.durationMs)).toEqual([5000, 4000, 6000, 5000, 6000, 4000, 5000]);
    expect(highlights(spotTradingTour).map((s) => s.target)).toEqual([
      '[data-tour="market-info"]',
      '[data-tour="favourites"]',
      '[data-tour="chart"]',
      '[data-tour="order-book"]',
      '[data-tour="trade-form"]',
      '[data-tour="orders"]',
      '[data-tour="coin-dropdown"]',
    ]);
    expect(spotTradingTourKey).toBe('hasSeenSpotTradingWalkthrough');
  });

  it('transfer: nine steps, highlights of 4 to 6 seconds on the transfer form', () => {
    expect(transferTour).toHaveLength(9);
    expect(transferTour[0]?.kind).toBe('welcome');
    expect(transferTour[8]?.kind).toBe('completion');
    const lit = highlights(transferTour);
    expect(lit).toHaveLength(7);
    for (const step of lit) {
      expect(step.durationMs).toBeGreaterThanOrEqual(4000);
      expect(step.durationMs).toBeLessThanOrEqual(6000);
      expect(step.target).toMatch(/^\[data-tour="transfer-[a-z]+"\]$/);
    }
    expect(transferTourKey).toBe('hasSeenTransferWalkthrough');
  });
});

describe('placeCard', () => {
  const viewport = { width: 1440, height: 900 };

  it('centres the card without a target', () => {
    expect(placeCard(null, viewport)).toEqual({ side: 'center' });
  });

  it('prefers below, then above, then the sides', () => {
    expect(placeCard({ top: 80, left: 100, width: 400, height: 60 }, viewport)).toMatchObject({ side: 'below', top: 156 });
    expect(placeCard({ top: 700, left: 100, width: 400, height: 100 }, viewport)).toMatchObject({ side: 'above', bottom: 216 });
    expect(placeCard({ top: 80, left: 100, width: 500, height: 760 }, viewport)).toMatchObject({ side: 'right', left: 616 });
    expect(placeCard({ top: 80, left: 900, width: 500, height: 760 }, viewport)).toMatchObject({ side: 'left', left: 524 });
  });

  it('keeps the card inside the viewport and centres it over a target that fills the screen', () => {
    expect(placeCard({ top: 80, left: 1400, width: 30, height: 40 }, viewport)).toMatchObject({ side: 'below', left: 1068 });
    expect(placeCard({ top: 0, left: 0, width: 1440, height: 900 }, viewport)).toEqual({ side: 'center' });
  });
});
