import { fundsMessages } from '@exchange/contract';
import type { Queryable } from '../../../db/database.js';
import { AppError, codedError } from '../../../errors.js';
import { parsePositiveAmount } from '../../../ledger/amounts.js';
import { withinDecimals, withinMaximum } from '../../../shared/asset-limits.js';
import type { AddressKeys } from '../addresses/address-keys.js';
import { depositAddressFor } from '../deposit-addresses.js';
import { networkById } from '../networks.js';
import type { ChainTransfer } from './chain.js';
import type { SimulatedChains } from './simulated-chain.js';

export interface TestDepositDeps {
  db: Queryable;
  keys: AddressKeys;
  simulator: SimulatedChains;
  nowMs: number;
}

/**
 * A test deposit: the chain simulator pays the user's own address, as a wallet outside the
 * exchange would, and the watcher credits it like any transfer. The user's route and the
 * operator's command both come here, so both are held to the same network and amount rules.
 */
export async function sendTestDeposit(
  d: TestDepositDeps,
  userId: string,
  networkId: number,
  rawSymbol: string,
  rawAmount: unknown,
): Promise<ChainTransfer & { network: string }> {
  const network = networkById(networkId);
  if (!network) throw new AppError(404, fundsMessages.unknownNetwork, 'UNKNOWN_NETWORK');
  // A real chain (EVM_RPC_URL) takes real transfers only.
  if (!d.simulator.networkIds.includes(network.id)) throw new AppError(404, fundsMessages.simulatorOnly, 'NO_SIMULATOR');
  const symbol = rawSymbol.trim().toUpperCase();
  const terms = network.coins.find((c) => c.symbol === symbol);
  if (!terms) throw codedError(400, 'NOT_ON_NETWORK', 'deposit.notOnNetwork', { symbol, network: network.code });
  const parsed = parsePositiveAmount(rawAmount);
  if (!parsed) throw new AppError(400, 'Please enter a valid amount', 'VALIDATION');
  const amount = withinDecimals(withinMaximum(parsed, symbol), symbol, network.code, terms.decimals);
  const address = await depositAddressFor(d.db, d.keys, userId, network);
  const t = await d.simulator.send(network.id, address.address, address.memo, symbol, amount, d.nowMs);
  return { ...t, network: network.code };
}
