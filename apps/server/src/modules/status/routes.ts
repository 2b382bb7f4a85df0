import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusResponse } from '@exchange/contract';

export interface StatusOptions {
  version: string;
  database: 'pglite' | 'postgres';
  mail: 'outbox' | 'smtp';
  now: () => Date;
}

export const statusRoutes: FastifyPluginAsyncZod<StatusOptions> = async (app, opts) => {
  app.get('/status', {
    schema: { tags: ['status'], response: { 200: statusResponse } },
    handler: async () => ({
      status: 'ok' as const,
      version: opts.version,
      database: opts.database,
      mail: opts.mail,
      time: opts.now().toISOString(),
    }),
  });
};
