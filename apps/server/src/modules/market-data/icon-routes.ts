import type { FastifyPluginAsync } from 'fastify';
import { serverMessages, apiErrorCodes } from '@exchange/contract';
import { iconSvg, symbolFromIconFile } from '../../shared/icons.js';

const ONE_WEEK = 'public, max-age=604800, stale-while-revalidate=86400';

/** Coin logos for <img> tags: outside the apikey scope, since an image request cannot carry one. */
export const iconRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string } }>('/coin-icons/:file', {
    schema: { tags: ['market'], summary: 'Coin logo as SVG (the icon package, else a letter badge)' },
    handler: async (request, reply) => {
      const symbol = symbolFromIconFile(request.params.file);
      if (!symbol) {
        return reply.status(404).send({ message: serverMessages.notFound, code: apiErrorCodes.notFound });
      }
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', ONE_WEEK)
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(iconSvg(symbol).svg);
    },
  });
};
