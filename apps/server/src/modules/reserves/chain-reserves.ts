import type { ReserveNetwork } from '@exchange/contract';
import type { Queryable } from '../../db/database.js';
import { Dec } from '../../shared/decimal.js';
import { networks, simulatedReserveAddresses, simulatedReserves, type ChainReserve } from '../funds/index.js';
import { signatureSchemeOf, type ReserveSigner } from './signer.js';

/** The chains the reserves are read from: the simulator's networks and its height at a time. */
export interface ReserveChains {
  networkIds: readonly number[];
  heightAt(nowMs: number): number;
}

/** The most addresses listed per network. */
export const ADDRESSES_PER_NETWORK = 100;

/** What the exchange's addresses hold on every network it reads, at a time. */
export async function chainReserves(q: Queryable, chains: ReserveChains | null, nowMs: number): Promise<ChainReserve[]> {
  if (!chains) return [];
  return simulatedReserves(q, chains.networkIds, chains.heightAt(nowMs));
}

/** Per asset, the sum over networks. */
export function reservesByAsset(reserves: readonly ChainReserve[]): Map<string, Dec> {
  const out = new Map<string, Dec>();
  for (const r of reserves) out.set(r.symbol, (out.get(r.symbol) ?? new Dec(0)).plus(r.amount));
  return out;
}

/** The reserve addresses, each with its signed message under `label`, and balances per network, for GET /proof-of-reserves/addresses. */
export async function reserveNetworks(q: Queryable, chains: ReserveChains | null, nowMs: number, signer: ReserveSigner, label: string): Promise<ReserveNetwork[]> {
  if (!chains) return [];
  const [balances, addresses] = await Promise.all([chainReserves(q, chains, nowMs), simulatedReserveAddresses(q, chains.networkIds, ADDRESSES_PER_NETWORK)]);
  return networks
    .filter((n) => chains.networkIds.includes(n.id))
    .map((n) => ({
      network_id: n.id,
      network: n.code,
      scheme: signatureSchemeOf(n),
      addresses: addresses.filter((a) => a.networkId === n.id).map((a) => signer.sign(n, a.address, a.derivationIndex, label)),
      balances: balances.filter((b) => b.networkId === n.id).map((b) => ({ asset: b.symbol, amount: new Dec(b.amount).toFixed() })),
    }))
    .filter((n) => n.addresses.length > 0 || n.balances.length > 0);
}
