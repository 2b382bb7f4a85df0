import { networkByCode, networksOfCoin, type Network } from '../funds/index.js';

/**
 * Our networks under OKX's chain names, as OKX spells the part of `chain` after the currency
 * (`USDT-TRC20`, `BTC-Bitcoin`): ccxt's okx class turns these back into its network codes.
 */
const OKX_CHAIN: Record<string, string> = {
  ERC20: 'ERC20',
  TRC20: 'TRC20',
  BEP20: 'BSC',
  BTC: 'Bitcoin',
  SOL: 'Solana',
  AVAXC: 'Avalanche C-Chain',
  MATIC: 'Polygon',
  ETC: 'Ethereum Classic',
  LTC: 'Litecoin',
  DOGE: 'Dogecoin',
  XRP: 'Ripple',
  ATOM: 'Cosmos',
  XLM: 'Stellar Lumens',
};

/** OKX's `chain` of a currency on one of our networks. */
export function okxChainOf(symbol: string, networkCode: string): string {
  return `${symbol}-${OKX_CHAIN[networkCode] ?? networkCode}`;
}

/**
 * The network an OKX `chain` names for the currency, or the coin's first network (OKX's main
 * chain) when none is given; undefined when the chain is not one of the coin's.
 */
export function networkOfChain(symbol: string, chain: string | undefined): Network | undefined {
  const ours = networksOfCoin(symbol);
  if (!chain) return ours[0];
  const prefix = `${symbol}-`;
  if (!chain.toUpperCase().startsWith(prefix.toUpperCase())) return undefined;
  const name = chain.slice(prefix.length);
  const code = Object.keys(OKX_CHAIN).find((c) => OKX_CHAIN[c]?.toLowerCase() === name.toLowerCase()) ?? name.toUpperCase();
  const network = networkByCode(code);
  return network && ours.some((n) => n.id === network.id) ? network : undefined;
}
