import Fastify, { type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorCodes, serverMessages } from '@exchange/contract';
import type { AppConfig } from './config.js';
import { forwardVenueRoutes, runForFollower, serveForwardedCalls } from './cluster/forwarding.js';
import { sharedLimitsStore } from './cluster/shared-limits.js';
import { AppError } from './errors.js';
import { privateWsRoutes } from './kernel/private-ws.js';
import { loggerOptions } from './plugins/logger.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { securityPlugin } from './plugins/security.js';
import { openapiPlugin } from './plugins/openapi.js';
import { authPlugin } from './plugins/auth.js';
import { requireApiKey } from './plugins/api-key.js';
import { staticWebPlugin } from './plugins/static-web.js';
import { identityStatusOf } from './modules/kyc/index.js';
import { isFrozen } from './modules/accounts/index.js';
import { products } from './products.js';
import { adminChains } from './admin/admin-chains.js';
import { listenAdminSocket } from './admin/socket-server.js';
import { openServices, type Services } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the products stand on (services.ts): tests drive the market, the chains and the jobs through it. */
    services: Services;
  }
}

export type App = FastifyInstance;

/**
 * The app: the services opened, the HTTP framework's plugins, then every product's routes, channels
 * and jobs (products.ts), the private websocket with the channels they contributed, the web last.
 */
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

  const opened = await openServices(app, config);
  const s = opened.services;
  app.decorate('services', s);
  const { cluster, ownerCalls } = s;
  if (cluster && ownerCalls) {
    forwardVenueRoutes(app, cluster, ownerCalls);
    serveForwardedCalls(app, cluster, ownerCalls, app.log);
  }
  // Runs after the server stopped accepting requests: every job in flight is answered, the database goes last.
  app.addHook('onClose', () => opened.close());

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimit, {
    global: false,
    // Several processes count each client address together, or a limit would grow with their number.
    // A call a follower forwarded to the venues' owner was counted there.
    ...(cluster && s.redisOutage ? { store: sharedLimitsStore(cluster.redis, cluster.key('rate-limit:'), s.redisOutage), allowList: runForFollower } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, serverMessages.tooManyRequests, apiErrorCodes.rateLimited, Math.ceil(ctx.ttl / 1000)),
  });
  await app.register(openapiPlugin, { version: s.version });
  await app.register(authPlugin, {
    sessions: s.sessions,
    identityApproved: async (userId) => (await identityStatusOf(s.db, userId)) === 'true',
    frozen: (userId) => isFrozen(s.db, userId),
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (v1) => {
      v1.addHook('onRoute', requireApiKey(config.apiKeys));
      for (const product of products) if (product.api) await v1.register(product.api, s);
      if (config.benchRoutes) v1.get('/bench/hello', { schema: { hide: true } }, async () => ({ hello: 'world' }));
    },
    { prefix: '/api/v1' },
  );
  for (const product of products) if (product.plugin) await app.register(product.plugin, s);
  await app.register(privateWsRoutes, { channels: s.privateChannels, sessions: s.privateSessions, connections: s.wsConnections });
  await app.register(staticWebPlugin, { webDist: config.webDist, coins: s.market });

  // The embedded database is this process's alone: `npm run admin` sends its commands here instead.
  if (!config.databaseUrl && !config.pgliteInMemory) {
    // Without it (a data directory path too long for a Unix socket, say) the server still serves; the command line then says the directory is in use.
    const closeSocket = await listenAdminSocket(config.dataDir, (operator) => ({ db: s.db, now: config.now, operator, chains: adminChains(config) }), app.log).catch(
      (err: unknown) => {
        app.log.warn({ err }, 'the admin socket could not be opened: npm run admin needs the server stopped');
        return null;
      },
    );
    if (closeSocket) app.addHook('onClose', closeSocket);
  }
  // A follower answers its first public subscriptions with what the leader built.
  await s.feed.synced();
  await app.ready();
  opened.start();
  return app;
}
