import { afterEach, describe, expect, it } from 'vitest';
import { COINS_SEED_ID } from '@exchange/contract';
import { takeCoinsSeed } from '../src/shared/market/coinsSeed';

const seed = (text: string) => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = COINS_SEED_ID;
  script.textContent = text;
  document.body.append(script);
};

afterEach(() => document.getElementById(COINS_SEED_ID)?.remove());

describe('takeCoinsSeed', () => {
  it('reads the coin list the server wrote into the page, once', () => {
    seed('[{"id":1,"symbol":"BTC"}]');
    expect(takeCoinsSeed()).toEqual([{ id: 1, symbol: 'BTC' }]);
    expect(document.getElementById(COINS_SEED_ID)).toBeNull();
    expect(takeCoinsSeed()).toBeNull();
  });

  it('gives nothing for a page without one, or one that is not JSON', () => {
    expect(takeCoinsSeed()).toBeNull();
    seed('[{"id":1,');
    expect(takeCoinsSeed()).toBeNull();
  });
});
