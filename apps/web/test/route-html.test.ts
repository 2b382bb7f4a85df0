import { describe, expect, it, vi } from 'vitest';
import { matchRoutes } from 'react-router';
import type { Rollup } from 'vite';
import { ROUTE_DATA, ROUTE_PAGES, pagePreloads, routeHtmlFile, withInlineStyles, withPreloads, withShell } from '../scripts/route-html';
import { prefetchSpotData } from '../src/features/spot/data/prefetchSpotData';
import { routes } from '../src/app/routes';

const root = '/repo/apps/web';

function chunk(fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> & { css?: string[] } = {}) {
  const { css = [], ...rest } = extra;
  return { type: 'chunk', fileName, imports, facadeModuleId: null, isEntry: false, viteMetadata: { importedCss: new Set(css), importedAssets: new Set() }, ...rest };
}

/** Entry → react; spot page → its own code, the shared market code (→ zod) and react. */
const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/react.js'], { isEntry: true, facadeModuleId: `${root}/index.html`, css: ['assets/index.css'] }),
    chunk('assets/react.js', []),
    chunk('assets/SpotTradingPage.js', ['assets/react.js', 'assets/market.js'], {
      facadeModuleId: `${root}/src/features/spot/SpotTradingPage.tsx`,
      css: ['assets/SpotTradingPage.css'],
    }),
    chunk('assets/market.js', ['assets/zod.js'], { css: ['assets/CoinLogo.css'] }),
    chunk('assets/zod.js', []),
    { type: 'asset', fileName: 'index.html', source: '' },
    { type: 'asset', fileName: 'assets/index.css', source: 'body{margin:0}' },
    { type: 'asset', fileName: 'assets/CoinLogo.css', source: new TextEncoder().encode('.coin{width:24px}') },
    { type: 'asset', fileName: 'assets/bad.css', source: '.x::after{content:"</style>"}' },
  ].map((file) => [file.fileName, file]),
) as unknown as Rollup.OutputBundle;

const html = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('route HTML', () => {
  it('announces the page chunk and what it imports beyond the entry, with their stylesheets', () => {
    expect(pagePreloads(bundle, 'src/features/spot/SpotTradingPage.tsx', root)).toEqual({
      scripts: ['assets/SpotTradingPage.js', 'assets/market.js', 'assets/zod.js'],
      styles: ['assets/SpotTradingPage.css', 'assets/CoinLogo.css'],
    });
  });

  it('refuses a page module that has no chunk of its own', () => {
    expect(() => pagePreloads(bundle, 'src/features/spot/Missing.tsx', root)).toThrow(/not a chunk of its own/);
  });

  it('puts the preloads after the entry script and stylesheet, as Vite’s loader would ask for them', () => {
    const out = withPreloads(html, { scripts: ['assets/market.js'], styles: ['assets/CoinLogo.css'] });
    expect(out).toContain(`<link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="modulepreload" crossorigin href="/assets/market.js">
    <link rel="preload" as="style" crossorigin href="/assets/CoinLogo.css">
  </head>`);
    expect(out.indexOf('modulepreload')).toBeGreaterThan(out.indexOf('src="/assets/index.js"'));
  });

  it('announces the page’s first requests before its code, the query escaped for HTML', () => {
    const out = withPreloads(html, { scripts: ['assets/market.js'], styles: [], data: ['/api/v5/market/books?instId=BTC-USDT&sz=20'] });
    const data = out.indexOf('<link rel="preload" as="fetch" crossorigin href="/api/v5/market/books?instId=BTC-USDT&amp;sz=20">');
    expect(data).toBeGreaterThan(out.indexOf('rel="stylesheet"'));
    expect(data).toBeLessThan(out.indexOf('modulepreload'));
  });

  it('preloads exactly what the spot page asks for first, so the browser can reuse the answers', async () => {
    localStorage.clear();
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      prefetchSpotData('');
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      const asked = fetchMock.mock.calls.map((call) => String((call as unknown[])[0]));
      expect(asked.sort()).toEqual([...(ROUTE_DATA['/spot-trading'] ?? [])].sort());
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('preloads data only for pages that get their own HTML', () => {
    for (const route of Object.keys(ROUTE_DATA)) expect(ROUTE_PAGES[route]).toBeDefined();
  });

  it('writes the entry’s stylesheet into the page instead of linking it, and a page’s styles after it before </head>', () => {
    const out = withInlineStyles(withPreloads(html, { scripts: [], styles: ['assets/CoinLogo.css'] }), bundle, ['assets/index.css'], ['assets/CoinLogo.css']);
    expect(out).toContain('<style>body{margin:0}</style>');
    expect(out.indexOf('<style>.coin{width:24px}</style>')).toBeGreaterThan(out.indexOf('<style>body{margin:0}</style>'));
    expect(out.indexOf('<style>.coin{width:24px}</style>')).toBeLessThan(out.indexOf('</head>'));
    expect(out).not.toContain('rel="preload" as="style"');
  });

  it('leaves a disabled link for each stylesheet written in, so Vite’s loader does not link it again after the page’s styles', () => {
    const out = withInlineStyles(withPreloads(html, { scripts: [], styles: ['assets/CoinLogo.css'] }), bundle, ['assets/index.css'], ['assets/CoinLogo.css']);
    const links = [...out.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((match) => match[0]);
    expect(links).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/index.css" disabled>',
      '<link rel="stylesheet" crossorigin href="/assets/CoinLogo.css" disabled>',
    ]);
  });

  it('refuses to inline a stylesheet the page does not link, or one that would close its <style>', () => {
    expect(() => withInlineStyles(html, bundle, ['assets/CoinLogo.css'])).toThrow(/does not link/);
    expect(() => withInlineStyles(html, bundle, [], ['assets/bad.css'])).toThrow(/<\/style>/);
  });

  it('draws a page’s shell after the static header, inside #root', () => {
    const page = '<div id="root"><div class="app-shell"><header>logo</header></div></div>';
    expect(withShell(page, '<main>title</main>\n')).toBe('<div id="root"><div class="app-shell"><header>logo</header><main>title</main></div></div>');
    expect(() => withShell('<div id="root"></div>', '<main></main>')).toThrow(/static header/);
  });

  it('writes / to index.html and every other page under spa/', () => {
    expect(routeHtmlFile('/')).toBe('index.html');
    expect(routeHtmlFile('/spot-trading')).toBe('spa/spot-trading.html');
    expect(routeHtmlFile('/account/transfer')).toBe('spa/account/transfer.html');
  });

  it.each(Object.keys(ROUTE_PAGES))('lists %s, a route of the app with a page of its own', (path) => {
    const matched = matchRoutes(routes, path);
    const leaf = matched?.at(-1)?.route;
    expect(leaf?.path === path || (path === '/' && leaf?.index === true)).toBe(true);
  });
});
