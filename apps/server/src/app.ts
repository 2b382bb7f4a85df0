import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorCodes, depositRecord, serverMessages, withdrawalRecord } from '@exchange/contract';
import { simulatedChainsWarning, type AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/connection.js';
import { codePepperOf, openCore, type Core } from './core.js';
import { Cluster } from './cluster/cluster.js';
import { forwardVenueRoutes, markVenueOwnerRoutes, serveForwardedCalls } from './cluster/forwarding.js';
import { VenueLease } from './cluster/venue-lease.js';
import { SpotCalls } from './cluster/spot-calls.js';
import { OwnerCalls } from './cluster/owner-call.js';
import { MovedCalls } from './cluster/moved-calls.js';
import { idempotencyRoutes } from './modules/idempotency/routes.js';
import { RedisOutage } from './cluster/redis-outage.js';
import { sharedLimitsStore } from './cluster/shared-limits.js';
import { schema } from './schema.js';
import type { Ledger } from './ledger/ledger.js';
import type { MarketSimulation } from './market/simulation.js';
import type { MarketData } from './modules/market-data/market-data.js';
import type { SpotOrders } from './modules/spot/order-service.js';
import type { Venues } from './venue/venues.js';
import { LocalBus, type VenueBus } from './venue/bus.js';
import { ClusterBus } from './venue/cluster-bus.js';
import type { Mailer } from './mail/mailer.js';
import { createOutboxMailer } from './mail/outbox.js';
import { createSmtpMailer } from './mail/smtp.js';
import { AppError } from './errors.js';
import { BackgroundWork } from './background-work.js';
import { readAppVersion } from './paths.js';
import { loggerOptions } from './plugins/logger.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { openapiPlugin } from './plugins/openapi.js';
import { authPlugin } from './plugins/auth.js';
import { inProcessSessionEvents } from './modules/sessions/events.js';
import { clusterSessionEvents } from './modules/sessions/cluster-events.js';
import { createSessions } from './modules/sessions/sessions.js';
import { createTokenService } from './modules/sessions/tokens.js';
import { staticWebPlugin } from './plugins/static-web.js';
import { WsAddressCap } from './plugins/ws-address-cap.js';
import { statusRoutes } from './modules/status/routes.js';
import { outboxRoutes } from './modules/outbox/routes.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { reauthentication } from './modules/accounts/reauthentication.js';
import { AutoApproval } from './modules/kyc/auto-approval.js';
import { kycRoutes } from './modules/kyc/routes.js';
import { KycStorage } from './modules/kyc/storage.js';
import { antiPhishingMailer } from './modules/security/anti-phishing.js';
import { securityRoutes } from './modules/security/routes.js';
import { requireApiKey } from './plugins/api-key.js';
import { coinsRoutes } from './modules/market-data/coins-routes.js';
import { iconRoutes } from './modules/market-data/icon-routes.js';
import { udfRoutes } from './modules/market-data/udf-routes.js';
import { okxBooksRoutes } from './modules/market-data/books-routes.js';
import { PublicFeed } from './modules/market-data/public-feed.js';
import { clusterFeedLink } from './modules/market-data/cluster-feed-link.js';
import { publicWsRoutes } from './modules/market-data/ws-routes.js';
import { walletRoutes } from './modules/wallets/routes.js';
import { walletCoinsOf } from './modules/wallets/market-coins.js';
import type { ConvertService } from './modules/convert/convert-service.js';
import type { PayoutChain } from './modules/funds/deposits/chain.js';
import type { DepositWatcher } from './modules/funds/deposits/watcher.js';
import { clusterUserEvents } from './modules/funds/cluster-user-events.js';
import { convertRoutes } from './modules/convert/routes.js';
import { earnRoutes } from './modules/earn/routes.js';
import { feeTierRoutes } from './modules/fee-tier/routes.js';
import { feeTierFor, type FeeTierDeps } from './modules/fee-tier/service.js';
import { testAddressKeys } from './modules/funds/addresses/address-keys.js';
import { checkAddressKeys } from './modules/funds/addresses/check-keys.js';
import { depositRoutes } from './modules/funds/deposits/routes.js';
import { simulateDepositRoute } from './modules/funds/deposits/simulate-route.js';
import { fundsRoutes } from './modules/funds/routes.js';
import { withdrawalRoutes } from './modules/funds/withdrawals/routes.js';
import type { AccountContext } from './modules/accounts/context.js';
import { purposeCodes } from './modules/accounts/purpose-codes.js';
import { withdrawAddressMail } from './mail/templates.js';
import { futuresFeedSource, positionUpdates } from './modules/futures/feed-source.js';
import { PositionsRelay } from './modules/futures/positions-relay.js';
import { futuresRoutes } from './modules/futures/routes.js';
import { futuresTestRoutes } from './modules/futures/test-routes.js';
import { orderRoutes } from './modules/spot/routes.js';
import { privateWsRoutes } from './modules/spot/ws-private.js';
import { HelpContent } from './modules/help/content.js';
import { helpRoutes } from './modules/help/routes.js';
import { Campaigns } from './modules/rewards/campaigns.js';
import { rewardRoutes } from './modules/rewards/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    mailer: Mailer;
    ledger: Ledger;
    venues: Venues;
    bus: VenueBus;
    market: MarketData;
    simulation: MarketSimulation;
    spot: SpotOrders;
    convert: ConvertService;
    deposits: DepositWatcher;
    /** Every network's payouts: the real EVM adapter where configured, the chain simulator elsewhere. */
    payouts: PayoutChain;
    withdrawals: Core['withdrawals'];
    /** Earn: tests drive its job with earn.accrual.run() on a manual clock. */
    earn: Core['earn'];
    /** The chain simulator (SIMULATED_CHAINS on or operator; null when off): tests and the simulate-deposit route drive it. */
    chains: Core['chains'];
    background: BackgroundWork;
    /** Identity verification: the documents' storage, and the automatic approval when it is on. */
    kyc: { storage: KycStorage; autoApproval: AutoApproval | null };
    /** The authenticator app of every user (modules/security). */
    twoFactor: Core['twoFactor'];
    /** This process's place among several (NATS, Redis, the venue lease); null on a single process. */
    cluster: Cluster | null;
    /** The venue lease of a cluster (null on a single process); tests decide the owner with takeNow(). */
    venueLease: VenueLease | null;
  }
}

export type App = FastifyInstance;

export async function buildApp(config: AppConfig): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    // The profile form carries a file over multipart; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
    // An Idempotency-Key in a path (its outcome read) is up to 200 characters, each up to 3 percent-encoded.
    routerOptions: { maxParamLength: 600 },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Content files are read before anything opens: a malformed one stops the start, naming the file.
  const helpContent = HelpContent.load();
  const campaigns = Campaigns.load({ demoGrantUsdt: config.demoGrantUsdt });
  const db = await openDatabase(config, schema);
  let cluster: Cluster | null = null;
  try {
    cluster = config.cluster ? await Cluster.connect(config.cluster) : null;
  } catch (err) {
    await db.close();
    throw err;
  }
  const transport = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, app.log)
    : createOutboxMailer(db, app.log, config.now);
  const mailer = antiPhishingMailer(transport, db);
  let core: Core;
  try {
    // One stream of what the venues committed; a cluster's carries it to every process (venue/bus.ts).
    const bus = cluster ? new ClusterBus(cluster, app.log) : new LocalBus((err) => app.log.error({ err }, 'a venue event subscriber failed'));
    core = await openCore(config, db, app.log, bus, mailer, cluster !== null);
  } catch (err) {
    await cluster?.close();
    await db.close();
    throw err;
  }
  const { market, spot, bus } = core;
  const feed = new PublicFeed(market, cluster ? clusterFeedLink(cluster, app.log) : undefined);
  // Deposit addresses come from extended public keys in the environment (docs/funds.md); a key that
  // is private or malformed stops the start, and the well-known test keys are said out loud.
  const addressKeys = config.addressKeys ?? testAddressKeys();
  checkAddressKeys(addressKeys);
  if (config.usesTestAddressKeys ?? true) app.log.warn('deposit addresses use the public TEST keys (docs/funds.md): never send real funds to them');
  const simulatedWarning = simulatedChainsWarning(config);
  if (simulatedWarning) app.log.warn(simulatedWarning);
  core.onTrading((t) => feed.useDerivatives(futuresFeedSource(t.futures.service, t.futures.monitor, core.venues)));
  const positions = new PositionsRelay(cluster, app.log);
  core.onTrading((t) => positions.use(positionUpdates(t.futures.service, t.futures.monitor, () => core.market.now)));
  const background = new BackgroundWork(app.log);
  const kycStorage = new KycStorage(path.join(config.dataDir, 'kyc'));
  const autoApproval = config.kycAutoApproveSeconds > 0 ? new AutoApproval(db, config.kycAutoApproveSeconds, config.now, app.log) : null;
  app.decorate('db', db);
  app.decorate('mailer', mailer);
  app.decorate('ledger', core.ledger);
  app.decorate('venues', core.venues);
  app.decorate('bus', bus);
  app.decorate('background', background);
  app.decorate('market', market);
  app.decorate('simulation', core.simulation);
  app.decorate('spot', spot);
  app.decorate('convert', core.convert);
  app.decorate('deposits', core.deposits);
  app.decorate('payouts', core.payouts);
  app.decorate('withdrawals', core.withdrawals);
  app.decorate('earn', core.earn);
  app.decorate('chains', core.chains);
  app.decorate('kyc', { storage: kycStorage, autoApproval });
  app.decorate('twoFactor', core.twoFactor);
  app.decorate('cluster', cluster);
  const lease = cluster ? new VenueLease(db, cluster, app.log, { promote: () => core.promote(), demote: () => core.demote() }) : null;
  app.decorate('venueLease', lease);
  const ownerCalls = cluster && lease ? new OwnerCalls(cluster, lease, app.log) : null;
  if (cluster && lease && ownerCalls) {
    core.ledger.useFence(lease);
    core.idempotency.useFence(lease);
    forwardVenueRoutes(app, cluster, ownerCalls);
    serveForwardedCalls(app, cluster, ownerCalls, app.log);
  }
  // Runs after the server stopped accepting requests: every job in flight is answered, the database goes last.
  app.addHook('onClose', async () => {
    await lease?.stop();
    await autoApproval?.stop();
    await background.idle();
    feed.close();
    await core.close();
    await lease?.release();
    await cluster?.close();
    await mailer.close();
    await db.close();
  });

  const version = readAppVersion();
  const sessions = createSessions({
    db,
    tokens: createTokenService(config.jwtSecret, config.now),
    events: cluster ? clusterSessionEvents(cluster, app.log) : inProcessSessionEvents(),
    ttlSeconds: config.jwtTtlSeconds,
    now: config.now,
  });

  const feeTier: FeeTierDeps = {
    db,
    priceOf: (symbol) => (symbol === 'USDT' ? '1' : market.lastPrice(symbol)),
    now: config.now,
  };
  const accountContext: AccountContext = {
    db,
    ledger: core.ledger,
    mailer,
    sessions,
    now: config.now,
    codePepper: codePepperOf(config),
    rateLimit: config.rateLimit,
    demoGrantUsdt: config.demoGrantUsdt,
    log: app.log,
    background,
    twoFactor: core.twoFactor,
    premiumTier: async (userId) => (await feeTierFor(feeTier, userId)).premium,
  };

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimit, {
    global: false,
    // Several processes count each client address together, or a limit would grow with their number.
    ...(cluster ? { store: sharedLimitsStore(cluster.redis, cluster.key('rate-limit:'), new RedisOutage(cluster.redis, app.log)) } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, serverMessages.tooManyRequests, apiErrorCodes.rateLimited, Math.ceil(ctx.ttl / 1000)),
  });
  await app.register(openapiPlugin, { version });
  await app.register(authPlugin, { sessions });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(
    async (v1) => {
      v1.addHook('onRoute', requireApiKey(config.apiKeys));
      await v1.register(statusRoutes, { version, database: db.kind, mail: mailer.kind, now: config.now });
      await v1.register(coinsRoutes, { market });
      await v1.register(udfRoutes, { prefix: '/udf', market });
      await v1.register(walletRoutes, {
        db,
        getPrice: (symbol) => (symbol === 'USDT' ? '1' : market.lastPrice(symbol)),
        coins: () => walletCoinsOf(market.coins()),
        transfers: core.transfers,
      });
      // Orders are parsed and checked where they arrive; only the checked request crosses to the owner.
      await v1.register(orderRoutes, {
        db,
        trading:
          cluster && ownerCalls
            ? new SpotCalls(cluster, ownerCalls, new MovedCalls(db, core.idempotency), () => core.trading()?.spot ?? null, app.log)
            : spot,
      });
      const userSimulator = config.simulatedChains === 'on' ? core.chains : null;
      await v1.register(fundsRoutes, {
        db,
        keys: addressKeys,
        lastPrice: (symbol) => market.lastPrice(symbol),
        serves: (networkId) => core.payouts.networkIds.includes(networkId),
        simulatesForUsers: (networkId) => userSimulator?.networkIds.includes(networkId) ?? false,
      });
      await v1.register(depositRoutes, { db });
      if (userSimulator) await v1.register(simulateDepositRoute, { db, keys: addressKeys, simulator: userSimulator, now: config.now });
      await v1.register(withdrawalRoutes, {
        db,
        service: core.withdrawals.service,
        limits: core.withdrawals.service.limits,
        codes: purposeCodes(accountContext, 'withdraw_address', withdrawAddressMail),
        secondFactor: core.twoFactor,
        now: config.now,
      });
      await v1.register(async (owned) => {
        markVenueOwnerRoutes(owned);
        await owned.register(convertRoutes, { db, convert: core.convert, lastPrice: (symbol) => market.lastPrice(symbol) });
      });
      await v1.register(earnRoutes, { db, service: core.earn.service, now: config.now });
      await v1.register(feeTierRoutes, feeTier);
      await v1.register(idempotencyRoutes, { idempotency: core.idempotency });
      await v1.register(async (owned) => {
        markVenueOwnerRoutes(owned);
        await owned.register(futuresRoutes, {
          db,
          futures: core.futures.service,
          monitor: core.futures.monitor,
          venues: core.venues,
          nowMs: () => core.market.now,
        });
      });
      await v1.register(helpRoutes, { content: helpContent });
      await v1.register(rewardRoutes, { db, campaigns, now: config.now });
      if (config.benchRoutes) v1.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
    },
    { prefix: '/api/v1' },
  );
  // The venue routes outside /api/v1: a cluster's owner answers them too (cluster/forwarding.ts).
  await app.register(async (owned) => {
    markVenueOwnerRoutes(owned);
    if (config.testRoutes) await owned.register(futuresTestRoutes, { prefix: '/api', simulation: core.simulation, monitor: core.futures.monitor });
    await owned.register(okxBooksRoutes, { prefix: '/api/v5', market });
  });
  await app.register(iconRoutes, { prefix: '/api/v1' });
  const wsConnections = new WsAddressCap(config.wsMaxConnectionsPerIp);
  // A user's socket may be on another process than the one that saw the deposit or withdrawal change.
  const withdrawalEvents = cluster
    ? clusterUserEvents(cluster, 'withdrawals', core.withdrawals.events, withdrawalRecord, app.log)
    : core.withdrawals.events;
  const depositEvents = cluster ? clusterUserEvents(cluster, 'deposits', core.deposits.events, depositRecord, app.log) : core.deposits.events;
  await app.register(publicWsRoutes, { market, feed, connections: wsConnections });
  await app.register(privateWsRoutes, {
    bus,
    // On a cluster, a user's orders, fills and positions reach only the processes watching them.
    watchUser: (userId) => {
      const stops = [bus.watchUser(userId), positions.watchUser(userId)];
      return () => stops.forEach((stop) => stop());
    },
    connections: wsConnections,
    positions: positions.subscribe,
    withdrawals: (listener) => withdrawalEvents.subscribe(listener),
    deposits: (listener) => depositEvents.subscribe(listener),
  });
  if (mailer.kind === 'outbox') await app.register(outboxRoutes, { db });
  await app.register(accountRoutes, {
    prefix: '/api/user_account',
    perIpPerMinute: config.rateLimit.authPerIpPerMinute,
    ctx: accountContext,
  });
  await kycStorage.open(config.now().getTime());
  await app.register(kycRoutes, { prefix: '/api/user_account', ctx: { db, storage: kycStorage, now: config.now } });
  await app.register(securityRoutes, {
    prefix: '/api/user_account/security',
    db,
    twoFactor: core.twoFactor,
    reauth: reauthentication(accountContext),
    sessions,
    now: config.now,
    perIpPerMinute: config.rateLimit.authPerIpPerMinute,
  });
  await app.register(staticWebPlugin, { webDist: config.webDist, coins: market });

  // A follower answers its first public subscriptions with what the leader built.
  await feed.synced();
  await app.ready();
  // Tests drive the market by hand (autoStart false) and the approval too, with tick().
  if (cluster && lease) {
    // The venues' owner runs the automatic approval, as it runs every other job of the cluster.
    if (config.market.autoStart) cluster.onRoleChange((leader) => void (leader ? autoApproval?.start() : autoApproval?.stop()));
    if (config.cluster && config.cluster.leaseCheckMs > 0) lease.start();
  } else if (config.market.autoStart) autoApproval?.start();
  return app;
}
