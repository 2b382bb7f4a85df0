import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { SocketHandlers } from './plugins/ws-serve.js';
import { depositRecord, okxAlgoOrder, userNotification, withdrawalRecord, type OkxAlgoOrder, type UserNotification } from '@exchange/contract';
import { simulatedChainsWarning, type AppConfig } from './config.js';
import type { Database, Queryable } from './db/database.js';
import { openDatabase } from './db/connection.js';
import { openCore, type Core } from './core.js';
import { codePepperOf } from './secrets.js';
import { Cluster } from './cluster/cluster.js';
import { VenueLease } from './cluster/venue-lease.js';
import { SpotCalls } from './cluster/spot-calls.js';
import { ContractCalls } from './cluster/contract-calls.js';
import { OwnerCalls } from './cluster/owner-call.js';
import { MovedCalls } from './cluster/moved-calls.js';
import { ClusterBus } from './cluster/cluster-bus.js';
import { clusterSessionEvents } from './cluster/session-events.js';
import { clusterUserEvents } from './cluster/user-events.js';
import { clusterFeeEvents, clusterHaltEvents, clusterListingEvents } from './cluster/halt-events.js';
import { clusterFeedLink } from './cluster/feed-link.js';
import { PositionsRelay } from './cluster/positions-relay.js';
import { RedisOutage } from './cluster/redis-outage.js';
import { SharedKeyLimits } from './cluster/okx-ws-limits.js';
import { LocalBus } from './venue/bus.js';
import type { Mailer } from './mail/mailer.js';
import { createOutboxMailer } from './mail/outbox.js';
import { createSmtpMailer } from './mail/smtp.js';
import { BackgroundWork } from './background-work.js';
import { readAppVersion } from './paths.js';
import { PrivateChannels, type PrivateWsSessions } from './kernel/private-ws.js';
import { WsAddressCap } from './plugins/ws-address-cap.js';
import { checkLedger, ledgerReport, schema } from './products.js';
import type { Breach } from './ledger/check.js';
import type { LedgerReport } from './kernel/ledger-parts.js';
import { createSessions, createTokenService, endedBy, inProcessSessionEvents, type Sessions } from './modules/sessions/index.js';
import { antiPhishingMailer, type TwoFactor } from './modules/security/index.js';
import { rolesOf } from './modules/console/index.js';
import { AutoApproval, identityStatusOf, KycStorage } from './modules/kyc/index.js';
import type { AccountContext } from './modules/accounts/index.js';
import { feeTierFor, type FeeTierDeps } from './modules/fee-tier/index.js';
import { CandleFeed, MarkCandles, PublicFeed } from './modules/market-data/index.js';
import { futuresFeedSource, orderUpdates, positionUpdates } from './modules/futures/index.js';
import { localContractOrders, okxSwapOrderUpdates, type OkxContractOrders } from './modules/trading-api-private/index.js';
import { KeyLimits, type OrderOpLimits } from './modules/trading-api-ws/index.js';
import { checkAddressKeys, testAddressKeys, UserEvents, type AddressKeys } from './modules/funds/index.js';
import type { NotificationEvents } from './modules/notifications/index.js';
import type { DepositRecord, WithdrawalRecord } from '@exchange/contract';
import type { SpotTrading } from './modules/spot/index.js';

/**
 * What the app opened for its products: the kernel's parts, the services products share, and the
 * cluster's adapters behind the same interfaces as a single process's. Tests read it as `app.services`.
 */
export interface Services extends Omit<Core, 'close' | 'promote' | 'demote' | 'onTrading' | 'trading' | 'futures' | 'idempotency'> {
  config: AppConfig;
  log: FastifyBaseLogger;
  db: Database;
  mailer: Mailer;
  core: Core;
  background: BackgroundWork;
  sessions: Sessions;
  /** The sessions as the private websocket needs them (kernel/private-ws.ts). */
  privateSessions: PrivateWsSessions;
  accounts: AccountContext;
  feeTier: FeeTierDeps;
  feed: PublicFeed;
  /** The bars of /ws/v5/business. */
  candleFeed: CandleFeed;
  /** The contracts' mark price bars (GET /api/v5/market/mark-price-candles). */
  markCandles: MarkCandles;
  positions: PositionsRelay;
  /** The private `futures-orders` channel's source (the same relay as the positions', on its own subjects). */
  futuresOrders: PositionsRelay;
  /** Contract orders in OKX's fields, for /ws/v5/private's `orders` channel (the same relay, on its own subjects). */
  okxSwapOrders: PositionsRelay;
  /** Identity verification: the documents' storage, and the automatic approval when it is on. */
  kyc: { storage: KycStorage; autoApproval: AutoApproval | null };
  twoFactor: TwoFactor;
  /** Deposit addresses' extended public keys (docs/funds.md). */
  addressKeys: AddressKeys;
  /** Where checked orders go: this process's spot service, or on a cluster the venues' owner. */
  spotTrading: SpotTrading;
  /** Where the v5 calls' contract orders go: this process's futures service, or on a cluster the venues' owner's. */
  okxContractOrders: OkxContractOrders;
  /** A user's deposit and withdrawal changes, from whichever process saw them. */
  userEvents: { deposits: UserEvents<DepositRecord>; withdrawals: UserEvents<WithdrawalRecord> };
  /** OKX algo orders as they change (/ws/v5/private's `orders-algo`): emitted on `local` where they change, heard on `shared` by every process. */
  okxAlgoEvents: { local: UserEvents<OkxAlgoOrder>; shared: UserEvents<OkxAlgoOrder> };
  /**
   * The signed part of /ws/v5/business (OKX's `orders-algo` is there): trading-api-ws sets `connect`,
   * and market-data's business socket hands a socket's login and signed channels to what it makes.
   */
  okxBusinessSigned: { connect: ((socket: WebSocket, request: FastifyRequest) => SocketHandlers) | null };
  /** The private socket's per-key order-op limits: counted in this process, or on a cluster in Redis for all its processes. */
  okxWsKeyLimits: OrderOpLimits;
  /** Whether a cluster's Redis answers (null on a single process): every limit counted there fails closed on it, and its outage is logged once. */
  redisOutage: RedisOutage | null;
  /** The user's notifications as kept: by this process, and by any (modules/notifications). */
  notificationEvents: NotificationEvents;
  privateChannels: PrivateChannels;
  wsConnections: WsAddressCap;
  version: string;
  /** This process's place among several (NATS, Redis, the venue lease); null on a single process. */
  cluster: Cluster | null;
  /** The venue lease of a cluster (null on a single process); tests decide the owner with takeNow(). */
  venueLease: VenueLease | null;
  ownerCalls: OwnerCalls | null;
  /** Runs a job on the venues' owner only: at once on a single process, on a cluster while this process leads. */
  onOwner(job: { start(): void; stop(): Promise<void> | void }): void;
  /** `npm run ledger:check`'s checks and report, for the operator console's "Run ledger check". */
  books: { check(q: Queryable): Promise<Breach[]>; report(q: Queryable): Promise<LedgerReport> };
}

async function openTransport(config: AppConfig) {
  const db = await openDatabase(config, schema);
  let cluster: Cluster | null = null;
  try {
    cluster = config.cluster ? await Cluster.connect(config.cluster) : null;
  } catch (err) {
    await db.close();
    throw err;
  }
  return { db, cluster };
}

/** Opens everything the products stand on; the returned close undoes it, the database last. */
export async function openServices(
  app: FastifyInstance,
  config: AppConfig,
): Promise<{ services: Services; start(): void; close(): Promise<void> }> {
  const log = app.log;
  const { db, cluster } = await openTransport(config);
  const transport = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom, log) : createOutboxMailer(db, log, config.now);
  const mailer = antiPhishingMailer(transport, db);
  let core: Core;
  try {
    // One stream of what the venues committed; a cluster's carries it to every process (venue/bus.ts).
    const bus = cluster ? new ClusterBus(cluster, log) : new LocalBus((err) => log.error({ err }, 'a venue event subscriber failed'));
    core = await openCore(config, db, log, bus, mailer, cluster !== null);
  } catch (err) {
    await cluster?.close();
    await db.close();
    throw err;
  }
  const { market } = core;
  if (cluster) {
    clusterHaltEvents(cluster, core.halts, log);
    clusterListingEvents(cluster, core.listings, log);
    clusterFeeEvents(cluster, core.fees, log);
  }
  const feed = new PublicFeed(market, cluster ? clusterFeedLink(cluster, log) : undefined);
  const candleFeed = new CandleFeed(market);
  const markCandles = new MarkCandles(market);
  // Deposit addresses come from extended public keys in the environment (docs/funds.md); a key that
  // is private or malformed stops the start, and the well-known test keys are said out loud.
  const addressKeys = config.addressKeys ?? testAddressKeys();
  checkAddressKeys(addressKeys);
  if (config.usesTestAddressKeys ?? true) log.warn('deposit addresses use the public TEST keys (docs/funds.md): never send real funds to them');
  const simulatedWarning = simulatedChainsWarning(config);
  if (simulatedWarning) log.warn(simulatedWarning);
  core.onTrading((t) => {
    const derivatives = futuresFeedSource(t.futures.service, t.futures.monitor, core.venues);
    feed.useDerivatives(derivatives);
    markCandles.use(derivatives);
  });
  const positions = new PositionsRelay(cluster, log);
  core.onTrading((t) => positions.use(positionUpdates(t.futures.service, t.futures.monitor)));
  const futuresOrders = new PositionsRelay(cluster, log, 'user.futures-orders');
  core.onTrading((t) => futuresOrders.use(orderUpdates(t.futures.service)));
  const okxSwapOrders = new PositionsRelay(cluster, log, 'user.okx-swap-orders');
  core.onTrading((t) => okxSwapOrders.use(okxSwapOrderUpdates(t.futures.service, config.now)));
  const background = new BackgroundWork(log);
  const kycStorage = new KycStorage(path.join(config.dataDir, 'kyc'));
  const autoApproval = config.kycAutoApproveSeconds > 0 ? new AutoApproval(db, config.kycAutoApproveSeconds, config.now, log) : null;
  const lease = cluster ? new VenueLease(db, cluster, log, { promote: () => core.promote(), demote: () => core.demote() }) : null;
  const ownerCalls = cluster && lease ? new OwnerCalls(cluster, lease, log) : null;
  if (lease) {
    core.ledger.useFence(lease);
    core.idempotency.useFence(lease);
  }
  const sessions = createSessions({
    db,
    tokens: createTokenService(config.jwtSecret, config.now),
    events: cluster ? clusterSessionEvents(cluster, log) : inProcessSessionEvents(),
    ttlSeconds: config.jwtTtlSeconds,
    now: config.now,
    idle: config.operatorIdleMinutes > 0 ? { seconds: config.operatorIdleMinutes * 60, appliesTo: async (q, userId) => (await rolesOf(q, userId)).length > 0 } : undefined,
  });
  const feeTier: FeeTierDeps = { db, priceOf: (symbol) => (symbol === 'USDT' ? '1' : market.lastPrice(symbol)), now: config.now, rates: core.fees };
  const accounts: AccountContext = {
    db,
    ledger: core.ledger,
    mailer,
    sessions,
    now: config.now,
    codePepper: codePepperOf(config),
    rateLimit: config.rateLimit,
    passwordHashing: config.passwordHashing,
    demoGrantUsdt: config.demoGrantUsdt,
    log,
    background,
    twoFactor: core.twoFactor,
    premiumTier: async (userId) => (await feeTierFor(feeTier, userId)).premium,
  };
  const ownerJobs: { start(): void; stop(): Promise<void> | void }[] = [];
  // A user's socket may be on another process than the one that saw the deposit or withdrawal change.
  const userEvents = {
    withdrawals: cluster ? clusterUserEvents(cluster, 'withdrawals', core.withdrawals.events, withdrawalRecord, log) : core.withdrawals.events,
    deposits: cluster ? clusterUserEvents(cluster, 'deposits', core.deposits.events, depositRecord, log) : core.deposits.events,
  };
  const keptNotifications = new UserEvents<UserNotification>();
  const notificationEvents: NotificationEvents = {
    local: keptNotifications,
    shared: cluster ? clusterUserEvents(cluster, 'notifications', keptNotifications, userNotification, log) : keptNotifications,
  };
  const localAlgoEvents = new UserEvents<OkxAlgoOrder>();
  const okxAlgoEvents = {
    local: localAlgoEvents,
    shared: cluster ? clusterUserEvents(cluster, 'okx-algo-orders', localAlgoEvents, okxAlgoOrder, log) : localAlgoEvents,
  };
  const redisOutage = cluster ? new RedisOutage(cluster.redis, log) : null;
  const contractOrders = localContractOrders({
    db,
    futures: core.futures.service,
    monitor: core.futures.monitor,
    now: config.now,
    identityApproved: async (userId) => (await identityStatusOf(db, userId)) === 'true',
  });
  const services: Services = {
    ...core,
    config,
    log,
    db,
    mailer,
    core,
    background,
    sessions,
    privateSessions: {
      resolve: (token) => services.sessions.resolve(token),
      onEnded: (listener) => sessions.events.subscribe((event) => listener(event.userId, (sessionId) => endedBy(event, sessionId))),
    },
    accounts,
    feeTier,
    feed,
    candleFeed,
    markCandles,
    positions,
    futuresOrders,
    okxSwapOrders,
    kyc: { storage: kycStorage, autoApproval },
    addressKeys,
    // Orders are parsed and checked where they arrive; only the checked request crosses to the owner.
    spotTrading:
      cluster && ownerCalls
        ? new SpotCalls(cluster, ownerCalls, new MovedCalls(db, core.idempotency), () => core.trading()?.spot ?? null, log)
        : core.spot,
    okxContractOrders: cluster && ownerCalls ? new ContractCalls(cluster, ownerCalls, contractOrders, () => core.trading() !== null, log) : contractOrders,
    userEvents,
    okxAlgoEvents,
    okxBusinessSigned: { connect: null },
    okxWsKeyLimits: cluster && redisOutage ? new SharedKeyLimits(cluster.redis, cluster.key('okx-ws-limits:'), redisOutage) : new KeyLimits(),
    redisOutage,
    notificationEvents,
    privateChannels: new PrivateChannels(),
    wsConnections: new WsAddressCap(config.wsMaxConnectionsPerIp),
    version: readAppVersion(),
    cluster,
    venueLease: lease,
    ownerCalls,
    onOwner: (job) => void ownerJobs.push(job),
    books: { check: checkLedger, report: ledgerReport },
  };
  return {
    services,
    // Tests drive the market and the jobs by hand (autoStart false).
    start() {
      if (cluster && lease) {
        if (config.market.autoStart) cluster.onRoleChange((leader) => ownerJobs.forEach((job) => void (leader ? job.start() : job.stop())));
        if (config.cluster && config.cluster.leaseCheckMs > 0) lease.start();
      } else if (config.market.autoStart) ownerJobs.forEach((job) => job.start());
    },
    async close() {
      await lease?.stop();
      for (const job of ownerJobs) await job.stop();
      await background.idle();
      feed.close();
      candleFeed.close();
      markCandles.close();
      await core.close();
      await lease?.release();
      await cluster?.close();
      await mailer.close();
      await db.close();
    },
  };
}
