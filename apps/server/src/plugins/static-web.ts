import path from 'node:path';
import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { serverMessages, apiErrorCodes } from '@exchange/contract';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url === '/ws' || url.startsWith('/ws/');
}

/**
 * Serves the built SPA when present. Unknown GETs that want HTML get index.html (client routing);
 * everything else that matches no route, and every unknown /api path, is a JSON 404.
 */
export const staticWebPlugin = fp<{ webDist: string }>(async (app, opts) => {
  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      // The build writes .br and .gz beside each file (vite-plugin-compression2): sent as they are, no compression per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const rel = path.relative(opts.webDist, filePath).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && request.method === 'GET' && !isApiPath(url) && wantsHtml) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: serverMessages.notFound, code: apiErrorCodes.notFound });
  });
});
