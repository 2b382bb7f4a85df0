import type { ReserveNetwork } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { Dec } from '../../shared/decimal.js';
import { networks, simulatedReserveAddresses, simulatedReserves, type ChainReserve, type ReserveAddressRow } from '../funds/index.js';
import { signatureSchemeOf, type ReserveSigner } from './signer.js';

/** The chains the reserves are read from: the simulator's networks and its height at a time. */
export interface ReserveChains {
  networkIds: readonly number[];
  heightAt(nowMs: number): number;
}

/** The real EVM networks (the funds product's EvmChains): balances read from their nodes. */
export interface EvmReserveChains {
  networkIds: readonly number[];
  reserves(q: Queryable): Promise<ChainReserve[]>;
  reserveAddresses(q: Queryable, limit: number): Promise<ReserveAddressRow[]>;
  signAsHotWallet(message: string): Promise<string | null>;
}

/** Where reserves are read: the chain simulator's networks and the EVM adapter's, either possibly absent. */
export interface ReserveSources {
  chains: ReserveChains | null;
  evm?: EvmReserveChains | null;
}

/** The most addresses listed per network. */
export const ADDRESSES_PER_NETWORK = 100;

/** What the exchange's addresses hold on every network it reads, at a time (the EVM nodes: at their latest block). */
export async function chainReserves(q: Queryable, sources: ReserveSources, nowMs: number): Promise<ChainReserve[]> {
  const { chains, evm } = sources;
  const [simulated, real] = await Promise.all([chains ? simulatedReserves(q, chains.networkIds, chains.heightAt(nowMs)) : [], evm ? evm.reserves(q) : []]);
  return [...simulated, ...real];
}

/** Per asset, the sum over networks. */
export function reservesByAsset(reserves: readonly ChainReserve[]): Map<string, Dec> {
  const out = new Map<string, Dec>();
  for (const r of reserves) out.set(r.symbol, (out.get(r.symbol) ?? new Dec(0)).plus(r.amount));
  return out;
}

/**
 * The reserve addresses, each with its signed message under `label`, and balances per network, for
 * GET /proof-of-reserves/addresses. `balances` reads what they hold (the route caches the nodes' answer).
 */
export async function reserveNetworks(
  q: Queryable,
  sources: ReserveSources,
  balances: () => Promise<ChainReserve[]>,
  signer: ReserveSigner,
  label: string,
): Promise<ReserveNetwork[]> {
  const { chains, evm } = sources;
  const [held, simulated, real] = await Promise.all([
    balances(),
    chains ? simulatedReserveAddresses(q, chains.networkIds, ADDRESSES_PER_NETWORK) : [],
    evm ? evm.reserveAddresses(q, ADDRESSES_PER_NETWORK) : [],
  ]);
  const addresses = [...simulated, ...real];
  const served = new Set([...(chains?.networkIds ?? []), ...(evm?.networkIds ?? [])]);
  const hotWallet = evm ? (message: string) => evm.signAsHotWallet(message) : null;
  const listed = networks
    .filter((n) => served.has(n.id))
    .map(async (n) => ({
      network_id: n.id,
      network: n.code,
      scheme: signatureSchemeOf(n),
      addresses: await Promise.all(addresses.filter((a) => a.networkId === n.id).map((a) => signer.sign(n, a, label, hotWallet))),
      balances: held.filter((b) => b.networkId === n.id).map((b) => ({ asset: b.symbol, amount: new Dec(b.amount).toFixed() })),
    }));
  return (await Promise.all(listed)).filter((n) => n.addresses.length > 0 || n.balances.length > 0);
}
