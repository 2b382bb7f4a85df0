import path from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { negotiate } from '@fastify/accept-negotiator';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { COIN_PAIR_PARAM, serverMessages, apiErrorCodes } from '@exchange/contract';
import { readsEnglish } from './reads-english.js';
import { spotPageHtml, type CoinListSource, type EncodedPage } from './spot-page-html.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url === '/ws' || url.startsWith('/ws/');
}

/**
 * The HTML for each client route. The web build writes spa/<path>.html for its main pages (index.html
 * with that page's code announced, apps/web/scripts/route-html.ts) and spa.html for every other
 * route; a build without them (or a test's) has index.html for all.
 */
function routeHtml(webDist: string): (url: string) => string {
  const spaDir = path.join(webDist, 'spa');
  const pages = existsSync(spaDir)
    ? readdirSync(spaDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith('.html'))
        .map((file) => `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`)
    : [];
  const byRoute = new Map(pages.map((route) => [route, `spa${route}.html`]));
  byRoute.set('/', 'index.html');
  const fallback = existsSync(path.join(webDist, 'spa.html')) ? 'spa.html' : 'index.html';
  return (url) => byRoute.get(url) ?? fallback;
}

/** The landing page with its title drawn in English (apps/web/scripts/route-html.ts), when the build has one. */
const LANDING_ENGLISH = 'index.en.html';
/** The spot page with its market header as a template, in English (apps/web/scripts/route-html.ts). */
const SPOT_ENGLISH = 'spot-trading.en.html';

/** The encoding of a built page the client accepts best, chosen as @fastify/static chooses among its precompressed files. */
function encodingFor(acceptEncoding: string | undefined): keyof EncodedPage {
  const chosen = negotiate(acceptEncoding ?? '', ['br', 'gzip', 'identity']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

/**
 * Serves the built SPA when present. Unknown GETs that want HTML get the page's HTML (client
 * routing); everything else that matches no route, and every unknown /api path, is a JSON 404.
 */
export const staticWebPlugin = fp<{ webDist: string; coins?: CoinListSource }>(async (app, opts) => {
  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  const htmlFor = routeHtml(opts.webDist);
  const hasEnglishLanding = existsSync(path.join(opts.webDist, LANDING_ENGLISH));
  const spotTemplate = path.join(opts.webDist, SPOT_ENGLISH);
  const spotPage = opts.coins && existsSync(spotTemplate) ? spotPageHtml(readFileSync(spotTemplate, 'utf8'), opts.coins) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      // `/` is chosen per visitor below, not always index.html.
      index: false,
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
    // `/` is the site itself, whatever the client says it accepts, as it was when served as a file.
    const wantsHtml = url === '/' || (request.headers.accept ?? '').includes('text/html');
    if (hasWeb && (request.method === 'GET' || (request.method === 'HEAD' && url === '/')) && !isApiPath(url) && wantsHtml) {
      if (url === '/' && hasEnglishLanding) {
        reply.header('vary', 'accept-language, cookie');
        if (readsEnglish(request.headers.cookie, request.headers['accept-language'])) return reply.sendFile(LANDING_ENGLISH);
      }
      if (url === '/spot-trading' && spotPage) {
        reply.header('vary', 'accept-language, cookie, accept-encoding');
        const query = request.query as Record<string, unknown>;
        const pair = typeof query[COIN_PAIR_PARAM] === 'string' ? query[COIN_PAIR_PARAM] : null;
        const page = readsEnglish(request.headers.cookie, request.headers['accept-language']) ? spotPage(pair) : null;
        if (page) {
          const encoding = encodingFor(request.headers['accept-encoding']);
          if (encoding !== 'identity') reply.header('content-encoding', encoding);
          return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page[encoding]);
        }
      }
      return reply.sendFile(htmlFor(url));
    }
    return reply.status(404).send({ message: serverMessages.notFound, code: apiErrorCodes.notFound });
  });
});
