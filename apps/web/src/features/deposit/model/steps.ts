import type { CoinTransactionRow, FundsNetwork } from '@exchange/contract';

/** What the user has chosen so far; the address follows from the network. */
export interface DepositSelection {
  symbol: string | null;
  networkId: number | null;
}

export type DepositStep = 1 | 2 | 3;

export const emptySelection: DepositSelection = { symbol: null, networkId: null };

/** Spec 3 §4: step 1 until a crypto is chosen, step 2 after it, step 3 once a network is chosen. */
export function currentStep(selection: DepositSelection): DepositStep {
  if (selection.symbol === null) return 1;
  if (selection.networkId === null) return 2;
  return 3;
}

/** Spec 3 §4: changing the crypto resets the network (and with it the address). */
export function chooseCrypto(selection: DepositSelection, symbol: string): DepositSelection {
  if (selection.symbol === symbol) return selection;
  return { symbol, networkId: null };
}

export function chooseNetwork(selection: DepositSelection, networkId: number): DepositSelection {
  if (selection.symbol === null) return selection;
  return { ...selection, networkId };
}

export function selectedCoin(coins: readonly CoinTransactionRow[] | null, selection: DepositSelection): CoinTransactionRow | null {
  return coins?.find((coin) => coin.symbol === selection.symbol) ?? null;
}

export function selectedNetwork(coin: CoinTransactionRow | null, selection: DepositSelection): FundsNetwork | null {
  return coin?.networks.find((network) => network.id === selection.networkId) ?? null;
}
