import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorCodes, serverMessages } from '@exchange/contract';
import { AppError } from '../../errors.js';
import type { AccountContext } from './context.js';
import { findImage } from './queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public by unguessable id, so <img> tags work without a bearer header; a new upload gets a new id. */
export const profileImageRoute: FastifyPluginAsyncZod<{ ctx: AccountContext }> = async (app, { ctx }) => {
  app.get('/profile-image/:imageId', {
    schema: { tags: ['accounts'], params: z.object({ imageId: z.string() }) },
    handler: async (req, reply) => {
      const image = UUID.test(req.params.imageId) ? await findImage(ctx.db, req.params.imageId) : undefined;
      if (!image) throw new AppError(404, serverMessages.notFound, apiErrorCodes.notFound);
      return reply
        .header('content-type', image.content_type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(Buffer.from(image.data));
    },
  });
};
