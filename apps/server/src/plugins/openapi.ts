import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI built from the routes' zod schemas; swagger-ui serves its own bundled assets (offline). */
export const openapiPlugin = fp<{ version: string }>(async (app, opts) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Exchange API', version: opts.version },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Every /api/v1 call except the coin icons and those whose spec puts the key in the JSON body
          // (transfers); the web app's key is DEFAULT_API_KEY.
          apiKey: { type: 'apiKey', in: 'query', name: 'apikey' },
          // OKX v5's signed calls (docs/trading-api.md): OK-ACCESS-KEY with its passphrase, timestamp and signature headers.
          okxSignature: { type: 'apiKey', in: 'header', name: 'OK-ACCESS-KEY' },
        },
      },
    },
    transform: createJsonSchemaTransform({
      skipList: [`${DOCS_PREFIX}/`, `${DOCS_PREFIX}/json`, `${DOCS_PREFIX}/yaml`, `${DOCS_PREFIX}/static/*`],
    }),
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The default validator badge would call validator.swagger.io, a third-party host.
    uiConfig: { validatorUrl: null },
  });
});
