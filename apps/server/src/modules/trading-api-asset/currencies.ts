import type { z } from 'zod';
import type { okxCurrencyChain } from '@exchange/contract';
import { maxAmountOf } from '../../shared/asset-limits.js';
import { coins, QUOTE_ASSET } from '../../shared/catalogue.js';
import { Dec } from '../../shared/decimal.js';
import { coinIconPath } from '../../shared/icons.js';
import { networksOfCoin } from '../funds/index.js';
import { okxChainOf } from './chains.js';

type CurrencyChain = z.infer<typeof okxCurrencyChain>;

/** What the funds product says of the chains now, and the user's withdrawals today. */
export interface ChainFacts {
  /** Whether a chain watches the network for deposits. */
  serves(networkId: number): boolean;
  /** Whether a chain pays the coin on the network. */
  pays(networkId: number, symbol: string): boolean;
  /** The user's daily withdrawal limit and what today's withdrawals used of it, in USDT (OKX: USD). */
  quota: { limit: string; used: string };
}

/**
 * GET /api/v5/asset/currencies' rows: every coin on every network it has here, with the funds
 * catalogue's terms. `amt` of an OKX withdrawal excludes the fee, so the least one is one unit of
 * the network's decimals (`wdTickSz`), and the most the asset's per-operation maximum less the fee.
 */
export function currencyChains(only: ReadonlySet<string> | null, facts: ChainFacts): CurrencyChain[] {
  const listed = [{ symbol: QUOTE_ASSET, name: 'Tether' }, ...coins];
  return listed
    .filter((c) => !only || only.has(c.symbol))
    .flatMap((coin) =>
      networksOfCoin(coin.symbol).map((n, i) => {
        const terms = n.coins.find((c) => c.symbol === coin.symbol);
        const fee = terms?.withdraw_fee ?? '0';
        const decimals = terms?.decimals ?? 0;
        return {
          ccy: coin.symbol,
          name: coin.name,
          logoLink: coinIconPath(coin.symbol),
          chain: okxChainOf(coin.symbol, n.code),
          ctAddr: '',
          canDep: facts.serves(n.id),
          canWd: facts.pays(n.id, coin.symbol),
          canInternal: false,
          minDep: terms?.min_deposit ?? '0',
          minWd: new Dec(10).pow(-decimals).toFixed(),
          maxWd: maxAmountOf(coin.symbol).minus(fee).toFixed(),
          wdTickSz: String(decimals),
          wdQuota: facts.quota.limit,
          usedWdQuota: facts.quota.used,
          fee,
          minFee: fee,
          maxFee: fee,
          mainNet: i === 0,
          needTag: n.memo,
          minDepArrivalConfirm: String(n.confirmations),
          minWdUnlockConfirm: String(n.confirmations),
          depQuotaFixed: '',
          usedDepQuotaFixed: '',
          burningFeeRate: '',
        };
      }),
    );
}
