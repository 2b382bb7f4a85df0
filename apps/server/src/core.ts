import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WithdrawalRecord } from '@exchange/contract';
import { defaultWithdrawalLimits, type AppConfig } from './config.js';
import { Dec } from './shared/decimal.js';
import type { Database } from './db/database.js';
import { answersWriter, Idempotency } from './ledger/idempotency.js';
import { Ledger } from './ledger/ledger.js';
import type { RecordWriter } from './ledger/records.js';
import { MarketSimulation } from './market/simulation.js';
import { MarketData } from './modules/market-data/market-data.js';
import { lastPrices } from './modules/market-data/trade-reads.js';
import { ConvertService } from './modules/convert/convert-service.js';
import { EarnAccrual } from './modules/earn/accrual.js';
import { earnWriters } from './modules/earn/records.js';
import { EarnService } from './modules/earn/service.js';
import { conversionsWriter } from './modules/convert/records.js';
import { RoutedChains } from './modules/funds/chains.js';
import type { PayoutChain } from './modules/funds/deposits/chain.js';
import { depositCreditedWriter } from './modules/funds/deposits/records.js';
import { SimulatedChains } from './modules/funds/deposits/simulated-chain.js';
import { DepositWatcher } from './modules/funds/deposits/watcher.js';
import { EvmChains } from './modules/funds/evm/evm-chains.js';
import { networks } from './modules/funds/networks.js';
import { UserEvents } from './modules/funds/user-events.js';
import { WithdrawalProcessor } from './modules/funds/withdrawals/processor.js';
import { withdrawalsInsertWriter, withdrawalsSettledWriter } from './modules/funds/withdrawals/records.js';
import { WithdrawalService } from './modules/funds/withdrawals/service.js';
import { openFutures, type FuturesCore } from './modules/futures/open-futures.js';
import {
  contractSettledWriter,
  futuresFillsWriter,
  fundingWriter,
  positionsInsertWriter,
  positionsUpdateWriter,
  systemPositionsWriter,
} from './modules/futures/records.js';
import { SpotOrders } from './modules/spot/order-service.js';
import { fillsWriter, ordersInsertWriter, ordersUpdateWriter } from './modules/spot/records.js';
import { transfersWriter, type TransferDeps } from './modules/wallets/transfer-service.js';
import { createSecretBox } from './modules/security/secret-box.js';
import { createTwoFactor, type TwoFactor } from './modules/security/two-factor.js';
import { LocalBus, type VenueBus } from './venue/bus.js';
import { MarketClock } from './venue/market-clock.js';
import { tradesWriter } from './venue/trade-records.js';
import { Venues } from './venue/venues.js';

/**
 * Every module's rows in the ledger's batch statement, in one fixed order: every process on a
 * database prepares the same statement text under the same name.
 */
export const recordWriters: readonly RecordWriter<never>[] = [
  answersWriter,
  transfersWriter,
  ordersInsertWriter,
  ordersUpdateWriter,
  fillsWriter,
  tradesWriter,
  positionsInsertWriter,
  positionsUpdateWriter,
  systemPositionsWriter,
  futuresFillsWriter,
  fundingWriter,
  contractSettledWriter,
  conversionsWriter,
  depositCreditedWriter,
  withdrawalsInsertWriter,
  withdrawalsSettledWriter,
  ...earnWriters,
] as RecordWriter<never>[];

/** The two-factor key of the configuration, else one derived from the JWT secret (tests). */
function twoFactorKeyOf(config: AppConfig): string {
  return config.twoFactorKey ?? createHmac('sha256', config.jwtSecret).update('two-factor').digest('hex');
}

/** A ledger with every module's record writers, as each server process opens it. */
export function openLedger(db: Database, log: FastifyBaseLogger): Ledger {
  const ledger = new Ledger({ db, log });
  for (const w of recordWriters) ledger.register(w);
  return ledger;
}

/** The money and market core every module stands on. */
export interface Core {
  ledger: Ledger;
  idempotency: Idempotency;
  bus: VenueBus;
  venues: Venues;
  spot: SpotOrders;
  futures: FuturesCore;
  convert: ConvertService;
  /**
   * The chain simulator: every network on the embedded default, every network but the real EVM ones
   * when EVM_RPC_URL is set. The simulate-deposit route pays through it.
   */
  chains: SimulatedChains;
  /** Every network's payouts: the real EVM adapter where configured, the simulator elsewhere. */
  payouts: PayoutChain;
  /** The deposit watcher, reading every network through the same routing as the payouts. */
  deposits: DepositWatcher;
  withdrawals: { service: WithdrawalService; processor: WithdrawalProcessor; events: UserEvents<WithdrawalRecord> };
  simulation: MarketSimulation;
  market: MarketData;
  transfers: TransferDeps;
  /** Earn subscriptions and redemptions, and the job that pays interest and runs Auto-earn. */
  earn: { service: EarnService; accrual: EarnAccrual };
  /** The authenticator app of every user: login, withdrawals and security changes ask it. */
  twoFactor: TwoFactor;
  /** Stops the simulation and waits for every job in flight to be answered. */
  close(): Promise<void>;
}

/**
 * Opens the core in dependency order: the ledger and the record writers of the batch statement
 * (all before its first write), the venues with the open orders put back, the simulated market
 * resuming from the last stored prices, and the market data replaying the recent trades.
 */
export async function openCore(config: AppConfig, db: Database, log: FastifyBaseLogger): Promise<Core> {
  const clock = new MarketClock(config.now().getTime());
  const bus = new LocalBus((err) => log.error({ err }, 'a venue event subscriber failed'));
  const venues = new Venues(db, () => clock.nowMs);
  const ledger = openLedger(db, log);
  const idempotency = new Idempotency(db);
  const spot = await SpotOrders.open({ db, ledger, venues, bus, idempotency, log, now: config.now });
  const futuresParts: { core?: FuturesCore } = {};
  const orders = {
    submitSystem(instId: string, commands: Parameters<SpotOrders['submitSystem']>[1]) {
      const futures = futuresParts.core?.service;
      const kind = venues.get(instId)?.kind;
      return kind !== undefined && kind !== 'spot' && futures ? futures.submitSystem(instId, commands) : spot.submitSystem(instId, commands);
    },
  };
  const simulation = new MarketSimulation({ seed: config.market.seed, clock, venues, orders, bus, log, lastPrices: await lastPrices(db) });
  const futures = await openFutures({ db, ledger, venues, bus, idempotency, log, now: config.now, clock, simulation });
  futuresParts.core = futures;
  await futures.quoteDeliveries();
  simulation.afterStep = (nowMs) => futures.monitor.tick(nowMs);
  const market = await MarketData.open({
    db,
    venues,
    bus,
    clock,
    referencePrices: simulation.prices(),
    past: (endMs, endPrices) => simulation.generatedPast(endMs, endPrices),
  });
  await simulation.quote();
  if (config.market.autoStart) simulation.start(1000, () => config.now().getTime());
  const evm = config.evm ? new EvmChains(config.evm) : null;
  if (config.evm) {
    // Codes, chain ids and the hot wallet's address only: RPC URLs may carry API keys.
    const real = config.evm.networks.map((n) => `${n.code} (chain ${n.chainId}; ${[n.nativeSymbol, ...Object.keys(n.tokens)].join(', ')})`);
    log.info({ hotWallet: config.evm.hotWallet?.address ?? null }, `real EVM networks: ${real.join('; ')}; every other network is simulated`);
  }
  const chains = new SimulatedChains(db, networks.map((n) => n.id).filter((id) => !evm?.networkIds.includes(id)));
  const routed = new RoutedChains(evm ? [evm, chains] : [chains]);
  const deposits = await DepositWatcher.open(db, ledger, routed, log, config.now);
  const twoFactor = createTwoFactor({ db, box: createSecretBox(twoFactorKeyOf(config)), now: config.now });
  const limits = config.withdrawals ?? defaultWithdrawalLimits;
  const withdrawalEvents = new UserEvents<WithdrawalRecord>();
  const withdrawals = new WithdrawalService({
    db,
    ledger,
    idempotency,
    events: withdrawalEvents,
    limits: { dailyLimitUsdt: new Dec(limits.dailyLimitUsdt), reviewThresholdUsdt: new Dec(limits.reviewThresholdUsdt) },
    price: (symbol) => market.lastPrice(symbol),
    pays: (networkId, symbol) => routed.pays(networkId, symbol),
    now: config.now,
    secondFactor: twoFactor,
  });
  const processor = new WithdrawalProcessor({ db, chains: routed, service: withdrawals, events: withdrawalEvents, log, now: config.now });
  // Chains move on their own: the watcher and the processor step every second with the market.
  const chainTimer = config.market.autoStart
    ? setInterval(() => {
        void deposits.step();
        void processor.step();
      }, 1000)
    : null;
  const earnService = new EarnService({ db, ledger, idempotency, now: config.now });
  const accrual = new EarnAccrual({ db, ledger, service: earnService, log, now: config.now });
  // Interest is paid per whole UTC day: a pass a minute pays a day within a minute of its end.
  const earnTimer = config.market.autoStart ? setInterval(() => void accrual.run(), 60_000) : null;
  if (config.market.autoStart) void accrual.run();
  return {
    ledger,
    idempotency,
    bus,
    venues,
    spot,
    futures,
    convert: new ConvertService({ ledger, venues, spot, idempotency, log, now: config.now }),
    chains,
    payouts: routed,
    deposits,
    withdrawals: { service: withdrawals, processor, events: withdrawalEvents },
    simulation,
    market,
    transfers: { ledger, idempotency, now: config.now },
    earn: { service: earnService, accrual },
    twoFactor,
    async close() {
      if (chainTimer) clearInterval(chainTimer);
      if (earnTimer) clearInterval(earnTimer);
      await accrual.idle();
      await deposits.idle();
      await processor.idle();
      await simulation.stop();
      await ledger.idle();
      market.close();
    },
  };
}
