import { COINS_SEED_ID } from '@exchange/contract';

/**
 * The coin list the server wrote into the page when it drew the spot header ahead of the app
 * (apps/server/src/plugins/spot-page-html.ts), taken once: null when the page has none or it does
 * not parse. The market client checks it as it checks an answer of GET /api/v1/coins.
 */
export function takeCoinsSeed(doc: Document | undefined = globalThis.document): unknown {
  const element = doc?.getElementById(COINS_SEED_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return null;
  }
}
