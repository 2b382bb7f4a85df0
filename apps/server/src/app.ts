import { createHmac } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorCodes, serverMessages } from '@exchange/contract';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import { openDatabase } from './db/connection.js';
import type { Mailer } from './mail/mailer.js';
import { createOutboxMailer } from './mail/outbox.js';
import { createSmtpMailer } from './mail/smtp.js';
import { AppError } from './errors.js';
import { BackgroundWork } from './background-work.js';
import { readAppVersion } from './paths.js';
import { loggerOptions } from './plugins/logger.js';
import { errorsPlugin } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { openapiPlugin } from './plugins/openapi.js';
import { authPlugin, createTokenService } from './plugins/auth.js';
import { staticWebPlugin } from './plugins/static-web.js';
import { statusRoutes } from './modules/status/routes.js';
import { outboxRoutes } from './modules/outbox/routes.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { MarketService } from './market/market-service.js';
import { requireApiKey } from './plugins/api-key.js';
import { coinsRoutes } from './modules/market/coins-routes.js';
import { iconRoutes } from './modules/market/icon-routes.js';
import { udfRoutes } from './modules/market/udf-routes.js';
import { okxBooksRoutes } from './modules/okx/books-routes.js';
import { PublicFeed } from './modules/okx/public-feed.js';
import { publicWsRoutes } from './modules/okx/ws-routes.js';
import { walletRoutes } from './modules/wallets/routes.js';
import { walletCoinsOf } from './modules/wallets/market-coins.js';
import { TradingService } from './trading/trading-service.js';
import { orderRoutes } from './modules/orders/routes.js';
import { privateWsRoutes } from './modules/orders/ws-private.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    mailer: Mailer;
    background: BackgroundWork;
    market: MarketService;
    trading: TradingService;
  }
}

export type App = FastifyInstance;

export async function buildApp(config: AppConfig): Promise<App> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    // The profile form carries a file over multipart; JSON bodies stay small.
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db = await openDatabase(config);
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, app.log)
    : createOutboxMailer(db, app.log, config.now);
  let market: MarketService;
  let trading: TradingService;
  try {
    market = await MarketService.open({
      db,
      seed: config.market.seed,
      now: () => config.now().getTime(),
      log: app.log,
    });
    trading = await TradingService.open({ db, market, log: app.log, now: config.now });
  } catch (err) {
    await db.close();
    throw err;
  }
  const feed = new PublicFeed(market);
  const background = new BackgroundWork(app.log);
  app.decorate('db', db);
  app.decorate('mailer', mailer);
  app.decorate('background', background);
  app.decorate('market', market);
  app.decorate('trading', trading);
  // Runs after the server stopped accepting requests: buffered trades are written, the database goes last.
  app.addHook('onClose', async () => {
    await background.idle();
    feed.close();
    await trading.close();
    await market.stop();
    await mailer.close();
    await db.close();
  });

  const version = readAppVersion();
  const tokens = createTokenService(config.jwtSecret, config.jwtTtlSeconds, config.now);

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, serverMessages.tooManyRequests, apiErrorCodes.rateLimited, Math.ceil(ctx.ttl / 1000)),
  });
  await app.register(openapiPlugin, { version });
  await app.register(authPlugin, { tokens });

  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(
    async (v1) => {
      v1.addHook('onRequest', requireApiKey(config.apiKeys));
      await v1.register(statusRoutes, { version, database: db.kind, mail: mailer.kind, now: config.now });
      await v1.register(coinsRoutes, { market });
      await v1.register(udfRoutes, { prefix: '/udf', market });
      await v1.register(walletRoutes, {
        db,
        getPrice: (symbol) => (symbol === 'USDT' ? '1' : market.lastPrice(symbol)),
        coins: () => walletCoinsOf(market.coins()),
      });
      await v1.register(orderRoutes, { db, trading, now: config.now });
      if (config.benchRoutes) v1.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
    },
    { prefix: '/api/v1' },
  );
  await app.register(iconRoutes, { prefix: '/api/v1' });
  await app.register(okxBooksRoutes, { prefix: '/api/v5', market });
  await app.register(publicWsRoutes, { market, feed });
  await app.register(privateWsRoutes, { trading, tokens });
  if (mailer.kind === 'outbox') await app.register(outboxRoutes, { db });
  await app.register(accountRoutes, {
    prefix: '/api/user_account',
    perIpPerMinute: config.rateLimit.authPerIpPerMinute,
    ctx: {
      db,
      mailer,
      tokens,
      now: config.now,
      codePepper: createHmac('sha256', config.jwtSecret).update('one-time-codes').digest('hex'),
      rateLimit: config.rateLimit,
      demoGrantUsdt: config.demoGrantUsdt,
      log: app.log,
      background,
    },
  });
  await app.register(staticWebPlugin, { webDist: config.webDist });

  await app.ready();
  if (config.market.autoStart) market.start();
  return app;
}
