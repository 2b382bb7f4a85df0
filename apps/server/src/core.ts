import type { FastifyBaseLogger } from 'fastify';
import type { WithdrawalRecord } from '@exchange/contract';
import type { AppConfig } from './config.js';
import { KernelClock } from './clock/kernel-clock.js';
import type { Database } from './db/database.js';
import { Idempotency } from './ledger/idempotency.js';
import type { Ledger } from './ledger/ledger.js';
import { generatedPast, MarketSimulation } from './market/simulation.js';
import { PriceSimulator } from './market/price-simulator.js';
import { ownerOnly } from './venue/owner-only.js';
import { openLedger } from './products.js';
import { lastPrices, MarketData } from './modules/market-data/index.js';
import { ConvertService } from './modules/convert/index.js';
import { EarnAccrual, EarnService } from './modules/earn/index.js';
import type { DepositWatcher, EvmChains, PayoutChain, SimulatedChains, UserEvents, WithdrawalProcessor, WithdrawalService } from './modules/funds/index.js';
import { openFunds } from './funds-core.js';
import { twoFactorKeyOf } from './secrets.js';
import type { Mailer } from './mail/mailer.js';
import { listDeliveryContracts, openFutures, type FuturesCore } from './modules/futures/index.js';
import { SpotOrders } from './modules/spot/index.js';
import { FeeSchedule, feeTierFor } from './modules/fee-tier/index.js';
import type { TransferDeps } from './modules/wallets/index.js';
import { createSecretBox, createTwoFactor, type TwoFactor } from './modules/security/index.js';
import type { VenueBus } from './venue/bus.js';
import { IndexPrices } from './venue/index-prices.js';
import { MarketHalts } from './venue/market-halts.js';
import { MarketListings } from './venue/market-listings.js';
import { MarketClock } from './venue/market-clock.js';
import { Venues } from './venue/venues.js';

/**
 * The venues' owners: users' orders and the simulated market on the books, futures risk and
 * conversions. One process at a time has them: the only process, or the cluster's lease holder.
 */
export interface Trading {
  spot: SpotOrders;
  futures: FuturesCore;
  convert: ConvertService;
  simulation: MarketSimulation;
}

/** The money and market core every module stands on. */
export interface Core {
  /** Ticks the venues' owner's timed work: the simulated market (when it runs by itself), market time, futures risk. */
  clock: KernelClock;
  ledger: Ledger;
  idempotency: Idempotency;
  bus: VenueBus;
  venues: Venues;
  /** The markets an administrator halted: their users' new orders are refused (venue/market-halts.ts). */
  halts: MarketHalts;
  /** The markets an administrator listed while the exchange ran (venue/market-listings.ts). */
  listings: MarketListings;
  /** The spot and futures maker and taker rates of each fee tier, as an administrator set them (modules/fee-tier/schedule.ts). */
  fees: FeeSchedule;
  /**
   * The venue services below stand for the ones open now (venue/owner-only.ts): on a cluster's
   * follower there are none, and a call reaching them is refused as retryable (VENUE_MOVED).
   */
  spot: SpotOrders;
  futures: Pick<FuturesCore, 'service' | 'monitor'>;
  convert: ConvertService;
  simulation: MarketSimulation;
  /** The venue services when this process owns the venues, else null. */
  trading(): Trading | null;
  /** Told each time this process opens the venue services (at start, or on taking the lease). */
  onTrading(listener: (trading: Trading) => void): void;
  /** Takes the venues over: books and positions rebuilt from the database, the market resumed, the jobs started. */
  promote(): Promise<void>;
  /** Gives the venues up: the jobs stopped, every job in flight answered, the venue services closed. */
  demote(): Promise<void>;
  /**
   * The chain simulator: every network on the embedded default, every network but the real EVM ones
   * when EVM_RPC_URL is set; null when SIMULATED_CHAINS is off. The simulate-deposit route pays through it.
   */
  chains: SimulatedChains | null;
  /** The real EVM networks (EVM_RPC_URL), null on the embedded default: the proof of reserves reads their balances. */
  evm: EvmChains | null;
  /** Every network's payouts: the real EVM adapter where configured, the simulator elsewhere. */
  payouts: PayoutChain;
  /** The deposit watcher, reading every network through the same routing as the payouts. */
  deposits: DepositWatcher;
  withdrawals: { service: WithdrawalService; processor: WithdrawalProcessor; events: UserEvents<WithdrawalRecord> };
  market: MarketData;
  transfers: TransferDeps;
  /** Earn subscriptions and redemptions, and the job that pays interest and runs Auto-earn. */
  earn: { service: EarnService; accrual: EarnAccrual };
  /** The authenticator app of every user: login, withdrawals and security changes ask it. */
  twoFactor: TwoFactor;
  /** Stops the simulation and waits for every job in flight to be answered. */
  close(): Promise<void>;
}

interface TradingDeps {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
  ledger: Ledger;
  idempotency: Idempotency;
  bus: VenueBus;
  venues: Venues;
  clock: MarketClock;
  index: IndexPrices;
  halts: MarketHalts;
  fees: FeeSchedule;
}

/**
 * Opens the venue services from the database, as a first start does: the open orders and positions
 * back on the books, the simulated market resuming from the last stored prices, the delivery
 * contracts listed and quoted.
 */
async function openTrading(d: TradingDeps): Promise<Trading> {
  const { config, db, log, ledger, venues, bus, idempotency, clock, index, halts, fees } = d;
  // Read side by side: a takeover waits for this rebuild (docs/deploy.md, "Ownership and takeover").
  const [spot, stored] = await Promise.all([SpotOrders.open({ db, ledger, venues, bus, idempotency, log, now: config.now, halts, fees }), lastPrices(db)]);
  const futuresParts: { core?: FuturesCore } = {};
  const orders = {
    submitSystem(instId: string, commands: Parameters<SpotOrders['submitSystem']>[1]) {
      const futures = futuresParts.core?.service;
      const kind = venues.get(instId)?.kind;
      return kind !== undefined && kind !== 'spot' && futures ? futures.submitSystem(instId, commands) : spot.submitSystem(instId, commands);
    },
  };
  const simulation = new MarketSimulation({ seed: config.market.seed, clock, venues, orders, bus, index, lastPrices: stored, halted: (instId) => halts.isHalted(instId) });
  const futures = await openFutures({ db, ledger, venues, bus, idempotency, log, now: config.now, clock, index, simulation, halts, fees });
  futuresParts.core = futures;
  await futures.quoteDeliveries();
  const convert = new ConvertService({ ledger, venues, spot, idempotency, log, now: config.now });
  return { spot, futures, convert, simulation };
}

/** Stops the simulated market, answers every job in flight, and leaves the ledger's batches. */
async function closeTrading(t: Trading, ledger: Ledger): Promise<void> {
  await t.simulation.stop();
  await ledger.idle();
  ledger.leave(t.spot);
  ledger.leave(t.futures.service);
}

/**
 * Opens the core in dependency order: the ledger and the record writers of the batch statement
 * (all before its first write), the venue services with the open orders put back and the simulated
 * market resuming from the last stored prices (at once on a single process; on a cluster, when
 * this process takes the venue lease), and the market data replaying the recent trades.
 */
export async function openCore(
  config: AppConfig,
  db: Database,
  log: FastifyBaseLogger,
  bus: VenueBus,
  mailer: Mailer,
  clustered = false,
): Promise<Core> {
  const clock = new MarketClock(config.now().getTime());
  const kernel = new KernelClock({ now: () => config.now().getTime(), startMs: clock.nowMs, intervalMs: 1000, log });
  const venues = new Venues(db, () => clock.nowMs);
  const ledger = openLedger(db, log, config.ledgerMaxQueue);
  const idempotency = new Idempotency(db);
  const halts = new MarketHalts(db, log);
  await halts.refresh();
  // Listed before the venue services open, so that they rebuild and quote these markets as the snapshot's.
  const listings = new MarketListings(db, venues, log);
  await listings.refresh();
  // A user's tier values their assets at last prices: the market data opens after the venue services.
  const prices: { market: MarketData | null } = { market: null };
  const priceOf = (symbol: string) => (symbol === 'USDT' ? '1' : prices.market?.lastPrice(symbol));
  const fees = new FeeSchedule(db, async (userId) => (await feeTierFor({ db, priceOf, now: config.now }, userId)).tier, () => config.now().getTime(), log);
  await fees.refresh();
  // A single process makes every change itself; a cluster's processes also read the others' (market-halts.ts).
  if (clustered) {
    halts.start();
    listings.start();
    fees.start();
  }
  const tradingDeps: TradingDeps = { config, db, log, ledger, idempotency, bus, venues, clock, index: new IndexPrices(), halts, fees };
  let trading: Trading | null = clustered ? null : await openTrading(tradingDeps);
  if (clustered) await listDeliveryContracts({ db, venues, clock });
  const tradingListeners: ((t: Trading) => void)[] = [];
  const stored = clustered ? await lastPrices(db) : {};
  const market = await MarketData.open({
    db,
    venues,
    bus,
    clock,
    referencePrices: trading ? trading.simulation.prices() : new PriceSimulator({ seed: config.market.seed, startMs: clock.nowMs, initialPrices: stored }).prices(),
    past: (endMs, endPrices) => generatedPast(config.market.seed, endMs, endPrices),
  });
  prices.market = market;
  if (trading) await trading.simulation.quote();
  // A market listed while the process runs: the venues' owner trades it from now on; another process only lists its venue.
  listings.onListed(async (venue) => {
    const t = trading;
    if (!t) return;
    if (venue.kind === 'spot') {
      t.simulation.addCoin(venue.coin);
      await t.simulation.addMarket(venue);
    } else {
      await t.futures.listPerpetual(venue);
    }
  });
  const twoFactor = createTwoFactor({ db, box: createSecretBox(twoFactorKeyOf(config)), now: config.now });
  const { chains, evm, payouts: routed, deposits, withdrawals, processor, withdrawalEvents } = await openFunds({ config, db, log, ledger, idempotency, market, mailer, twoFactor });
  const earnService = new EarnService({ db, ledger, idempotency, now: config.now });
  const accrual = new EarnAccrual({ db, ledger, service: earnService, log, now: config.now });

  // The venues' owner runs what moves by itself: the kernel clock once a second (the market, then
  // the futures' risk on the index whatever moved it), the chains with it or once a block when blocks
  // are shorter (the watcher and the processor), and Earn's interest, paid per whole UTC day, a pass
  // a minute. With autoStart off (tests) the market steps and the clock ticks by hand.
  let timers: NodeJS.Timeout[] = [];
  let ticks: (() => void)[] = [];
  const startJobs = (t: Trading) => {
    ticks = [
      ...(config.market.autoStart ? [kernel.subscribe('simulated market', (nowMs) => t.simulation.step(nowMs))] : []),
      kernel.subscribe('market time', (nowMs) => clock.advance(nowMs)),
      kernel.subscribe('futures risk', (nowMs) => t.futures.monitor.tick(nowMs)),
    ];
    if (!config.market.autoStart) return;
    kernel.start();
    timers = [
      setInterval(
        () => {
          void deposits.step();
          void processor.step();
        },
        Math.min(1000, chains?.blockMs ?? 1000),
      ),
      setInterval(() => void accrual.run(), 60_000),
    ];
    void accrual.run();
  };
  const stopJobs = async () => {
    await kernel.stop();
    for (const stop of ticks) stop();
    ticks = [];
    for (const t of timers) clearInterval(t);
    timers = [];
    await accrual.idle();
    await deposits.idle();
    await processor.idle();
  };
  if (trading) startJobs(trading);
  // A follower learns of a quarter the owner listed since it started (a contract settles four times a year).
  const contractsTimer = clustered
    ? setInterval(() => {
        if (!trading) listDeliveryContracts({ db, venues, clock }).catch((err: unknown) => log.warn({ err }, 'could not read the delivery contracts'));
      }, 60_000)
    : null;
  const current = () => trading;
  return {
    clock: kernel,
    ledger,
    idempotency,
    bus,
    venues,
    halts,
    listings,
    fees,
    spot: ownerOnly(() => trading?.spot ?? null),
    futures: { service: ownerOnly(() => trading?.futures.service ?? null), monitor: ownerOnly(() => trading?.futures.monitor ?? null) },
    convert: ownerOnly(() => trading?.convert ?? null),
    simulation: ownerOnly(() => trading?.simulation ?? null),
    trading: current,
    onTrading(listener) {
      tradingListeners.push(listener);
      if (trading) listener(trading);
    },
    async promote() {
      if (trading) return;
      clock.advance(config.now().getTime());
      const opened = await openTrading(tradingDeps);
      await opened.simulation.quote();
      trading = opened;
      for (const l of tradingListeners) l(opened);
      startJobs(opened);
    },
    async demote() {
      await stopJobs();
      const t = trading;
      trading = null;
      if (t) await closeTrading(t, ledger);
    },
    chains,
    evm,
    payouts: routed,
    deposits,
    withdrawals: { service: withdrawals, processor, events: withdrawalEvents },
    market,
    transfers: { ledger, idempotency, now: config.now },
    earn: { service: earnService, accrual },
    twoFactor,
    async close() {
      if (contractsTimer) clearInterval(contractsTimer);
      halts.stop();
      listings.stop();
      fees.stop();
      await stopJobs();
      const t = trading;
      trading = null;
      if (t) await closeTrading(t, ledger);
      await ledger.idle();
      market.close();
    },
  };
}
