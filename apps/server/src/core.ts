import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WithdrawalRecord } from '@exchange/contract';
import { defaultWithdrawalLimits, type AppConfig } from './config.js';
import { Dec } from './shared/decimal.js';
import { KernelClock } from './clock/kernel-clock.js';
import type { Database } from './db/database.js';
import { answersWriter, Idempotency } from './ledger/idempotency.js';
import { Ledger } from './ledger/ledger.js';
import type { RecordWriter } from './ledger/records.js';
import { generatedPast, MarketSimulation } from './market/simulation.js';
import { PriceSimulator } from './market/price-simulator.js';
import { ownerOnly } from './cluster/owner-only.js';
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
import { withdrawalsConfirmedWriter, withdrawalsInsertWriter, withdrawalsSettledWriter } from './modules/funds/withdrawals/records.js';
import { WithdrawalService, type ConfirmCodes } from './modules/funds/withdrawals/service.js';
import { generateOtp, hashOtp, otpMatches } from './modules/accounts/codes.js';
import type { Mailer } from './mail/mailer.js';
import { listDeliveryContracts, openFutures, type FuturesCore } from './modules/futures/open-futures.js';
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
import type { VenueBus } from './venue/bus.js';
import { IndexPrices } from './venue/index-prices.js';
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
  withdrawalsConfirmedWriter,
  withdrawalsSettledWriter,
  ...earnWriters,
] as RecordWriter<never>[];

/** The key one-time codes are hashed with (accounts/codes.ts): derived from the JWT secret. */
export function codePepperOf(config: AppConfig): string {
  return createHmac('sha256', config.jwtSecret).update('one-time-codes').digest('hex');
}

/** Withdrawal confirmation codes, made and kept as the account codes are. */
function confirmCodes(pepper: string): ConfirmCodes {
  return { generate: generateOtp, hash: (code) => hashOtp(pepper, code), matches: (code, hash) => otpMatches(pepper, code.trim(), hash) };
}

/** The two-factor key of the configuration, else one derived from the JWT secret (tests). */
function twoFactorKeyOf(config: AppConfig): string {
  return config.twoFactorKey ?? createHmac('sha256', config.jwtSecret).update('two-factor').digest('hex');
}

/** A ledger with every module's record writers, as each server process opens it. */
export function openLedger(db: Database, log: FastifyBaseLogger, maxQueue?: number): Ledger {
  const ledger = new Ledger({ db, log, maxQueue });
  for (const w of recordWriters) ledger.register(w);
  return ledger;
}

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
  /**
   * The venue services below stand for the ones open now (cluster/owner-only.ts): on a cluster's
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
}

/**
 * Opens the venue services from the database, as a first start does: the open orders and positions
 * back on the books, the simulated market resuming from the last stored prices, the delivery
 * contracts listed and quoted.
 */
async function openTrading(d: TradingDeps): Promise<Trading> {
  const { config, db, log, ledger, venues, bus, idempotency, clock, index } = d;
  // Read side by side: a takeover waits for this rebuild (docs/deploy.md, "Ownership and takeover").
  const [spot, stored] = await Promise.all([SpotOrders.open({ db, ledger, venues, bus, idempotency, log, now: config.now }), lastPrices(db)]);
  const futuresParts: { core?: FuturesCore } = {};
  const orders = {
    submitSystem(instId: string, commands: Parameters<SpotOrders['submitSystem']>[1]) {
      const futures = futuresParts.core?.service;
      const kind = venues.get(instId)?.kind;
      return kind !== undefined && kind !== 'spot' && futures ? futures.submitSystem(instId, commands) : spot.submitSystem(instId, commands);
    },
  };
  const simulation = new MarketSimulation({ seed: config.market.seed, clock, venues, orders, bus, index, lastPrices: stored });
  const futures = await openFutures({ db, ledger, venues, bus, idempotency, log, now: config.now, clock, index, simulation });
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
  const tradingDeps: TradingDeps = { config, db, log, ledger, idempotency, bus, venues, clock, index: new IndexPrices() };
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
  if (trading) await trading.simulation.quote();
  const evm = config.evm ? new EvmChains(config.evm) : null;
  if (config.evm) {
    // Codes, chain ids and the hot wallet's address only: RPC URLs may carry API keys.
    const real = config.evm.networks.map((n) => `${n.code} (chain ${n.chainId}; ${[n.nativeSymbol, ...Object.keys(n.tokens)].join(', ')})`);
    log.info({ hotWallet: config.evm.hotWallet?.address ?? null }, `real EVM networks: ${real.join('; ')}; every other network is simulated`);
  }
  // A network a real adapter serves never takes simulated transfers; with the simulator off, the
  // networks no adapter serves are closed to deposits and withdrawals.
  const chains =
    config.simulatedChains === 'off'
      ? null
      : new SimulatedChains(db, networks.map((n) => n.id).filter((id) => !evm?.networkIds.includes(id)), config.simulatedBlockMs);
  const routed = new RoutedChains([...(evm ? [evm] : []), ...(chains ? [chains] : [])]);
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
    codes: confirmCodes(codePepperOf(config)),
    mail: async (mail) => {
      try {
        await mailer.send(mail);
      } catch (err) {
        log.error({ err, mail: { to: mail.to, subject: mail.subject } }, 'sending a withdrawal confirmation failed');
      }
    },
    emailOf: async (userId) => (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId])).rows[0]?.email ?? null,
  });
  const processor = new WithdrawalProcessor({ db, chains: routed, service: withdrawals, events: withdrawalEvents, log, now: config.now });
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
    payouts: routed,
    deposits,
    withdrawals: { service: withdrawals, processor, events: withdrawalEvents },
    market,
    transfers: { ledger, idempotency, now: config.now },
    earn: { service: earnService, accrual },
    twoFactor,
    async close() {
      if (contractsTimer) clearInterval(contractsTimer);
      await stopJobs();
      const t = trading;
      trading = null;
      if (t) await closeTrading(t, ledger);
      await ledger.idle();
      market.close();
    },
  };
}
