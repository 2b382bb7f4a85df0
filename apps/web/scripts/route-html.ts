import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Pages that get their own copy of index.html announcing their code: path (src/app/routes.tsx) →
 * lazy page module (src/app/pages.ts). Keep in step with both; test/route-html.test.ts checks the paths.
 */
export const ROUTE_PAGES: Readonly<Record<string, string>> = {
  '/': 'src/features/landing/LandingPage.tsx',
  '/login': 'src/features/auth/pages/LoginPage.tsx',
  '/signup': 'src/features/auth/pages/SignupPage.tsx',
  '/download': 'src/features/download/DownloadPage.tsx',
  '/market': 'src/features/markets/MarketsPage.tsx',
  '/spot-trading': 'src/features/spot/SpotTradingPage.tsx',
  '/future-trading': 'src/features/futures/FutureTradingPage.tsx',
  '/assets': 'src/features/assets/AssetsPage.tsx',
  '/transfer': 'src/features/transfer/TransferPage.tsx',
  '/account/transfer': 'src/features/transfer/TransferPage.tsx',
  '/conversion': 'src/features/convert/ConversionPage.tsx',
  '/deposit': 'src/features/deposit/DepositPage.tsx',
};

/**
 * The requests a page sends first and waits on, announced with its code so they run in parallel
 * with it instead of after it: path → URLs, exactly as the page asks for them (test/route-html.test.ts).
 * The spot page shows nothing until the coin list arrives, and the order book of the default pair.
 */
const COINS_URL = '/api/v1/coins?';
export const ROUTE_DATA: Readonly<Record<string, readonly string[]>> = {
  '/spot-trading': [`${COINS_URL}apikey=nexa-web`, '/api/v5/market/books?instId=BTC-USDT&sz=20'],
};

/** index.html without any page's files, for every other client route (the server's fallback). */
export const FALLBACK_HTML = 'spa.html';

/**
 * The landing page for visitors who read English: index.html with the hero's title already drawn
 * (src/features/landing/hero/hero-shell.html), so it is on screen before any script has arrived. The
 * server sends it only when the language cookie or, without one, the browser's first language is
 * English, since the title is English until the app has run.
 */
export const LANDING_ENGLISH_HTML = 'index.en.html';
export const LANDING_SHELL = 'src/features/landing/hero/hero-shell.html';

/**
 * The spot page for visitors who read English: its HTML with the market header drawn as a template
 * (src/features/spot/header/coin-header-shell.html, the header with {{name}} for each figure) and
 * its stylesheets written in. The server fills in the figures of the moment and writes the coin list
 * it drew them from into the page, so the app's first render starts from the same list instead of
 * asking for it (apps/server/src/plugins/spot-shell.ts).
 */
export const SPOT_ENGLISH_HTML = 'spot-trading.en.html';
export const SPOT_SHELL = 'src/features/spot/header/coin-header-shell.html';
export const SPOT_ROUTE = '/spot-trading';

/** The built HTML of a path of ROUTE_PAGES: `/` keeps index.html, the others go under spa/. */
export function routeHtmlFile(route: string): string {
  return route === '/' ? 'index.html' : `spa${route}.html`;
}

export interface PagePreloads {
  scripts: string[];
  styles: string[];
  /** API URLs the page fetches first. */
  data?: readonly string[];
}

/**
 * The chunks a lazy page imports statically (itself included) that the entry does not already
 * load, and their stylesheets: what the browser otherwise discovers only once the entry has run.
 */
export function pagePreloads(bundle: Rollup.OutputBundle, pageModule: string, root: string): PagePreloads {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const relative = (id: string) => path.relative(root, id).split(path.sep).join('/');
  const page = chunks.find((chunk) => chunk.facadeModuleId && relative(chunk.facadeModuleId) === pageModule);
  if (!page) throw new Error(`${pageModule} is not a chunk of its own: is it lazy-loaded in src/app/pages.ts?`);
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('The bundle has no entry chunk');

  const withImports = (fileName: string, seen: Set<string>): Set<string> => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) withImports(imported, seen);
    return seen;
  };
  const loadedByEntry = withImports(entry.fileName, new Set());
  const scripts = [...withImports(page.fileName, new Set())].filter((file) => !loadedByEntry.has(file));
  const styles = scripts.flatMap((file) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
  });
  return { scripts, styles };
}

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * `html` with the page's data and files announced at the end of its head, after the entry's script
 * and stylesheet so those are asked for first. Attributes match what Vite's loader and fetch() ask
 * for (crossorigin, same URL), so the browser reuses the responses.
 */
export function withPreloads(html: string, { scripts, styles, data = [] }: PagePreloads, base = '/'): string {
  const tags = [
    ...data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`),
  ];
  const head = /^([ \t]*)<\/head>/m.exec(html);
  if (!head) throw new Error('index.html has no </head> line');
  const indent = head[1] ?? '';
  const lines = tags.map((tag) => `${indent}  ${tag}\n`).join('');
  return `${html.slice(0, head.index)}${lines}${html.slice(head.index)}`;
}

const cssText = (bundle: Rollup.OutputBundle, file: string): string => {
  const asset = bundle[file];
  if (asset?.type !== 'asset') throw new Error(`${file} is not a stylesheet of the bundle`);
  const text = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
  if (/<\/style/i.test(text)) throw new Error(`${file} cannot be inlined: it contains </style>`);
  return text;
};

/**
 * The link that stands for a stylesheet written into the page: `disabled`, so the browser neither
 * fetches nor applies it, but Vite's loader, which adds a stylesheet link for each CSS file a lazy
 * chunk needs unless one is there already, finds it and adds none. Without it the loader linked the
 * entry's stylesheet again once a page's chunk loaded, after the page's own styles, and its
 * `html, body { padding: 0 }` undid the help panel's room at the bottom of the page.
 */
const writtenInLink = (href: string) => `<link rel="stylesheet" crossorigin href="${href}" disabled>`;

/**
 * `html` with the entry's stylesheets written into the page instead of linked: one round trip less
 * before the first paint, which was waiting on them. `pageStyles` are written in too, after them and
 * ahead of the page's code, in place of their preloads.
 */
export function withInlineStyles(html: string, bundle: Rollup.OutputBundle, entryStyles: readonly string[], pageStyles: readonly string[] = [], base = '/'): string {
  let out = html;
  for (const file of entryStyles) {
    const link = `<link rel="stylesheet" crossorigin href="${base}${file}">`;
    if (!out.includes(link)) throw new Error(`index.html does not link ${file} as expected`);
    out = out.replace(link, () => `<style>${cssText(bundle, file)}</style>${writtenInLink(`${base}${file}`)}`);
  }
  const extra = pageStyles.map((file) => `<style>${cssText(bundle, file)}</style>${writtenInLink(`${base}${file}`)}`).join('');
  for (const file of pageStyles) out = out.replace(`<link rel="preload" as="style" crossorigin href="${base}${file}">`, '');
  return extra ? out.replace(/([ \t]*)<\/head>/, (_m, indent: string) => `${indent}  ${extra}\n${indent}</head>`) : out;
}

/** `html` with `shell` drawn after the static header of index.html's #root, where the app's page goes. */
export function withShell(html: string, shell: string): string {
  const header = '</header>';
  const at = html.indexOf(header);
  if (at < 0) throw new Error('index.html has no static header to draw the page after');
  return `${html.slice(0, at + header.length)}${shell.trim()}${html.slice(at + header.length)}`;
}

/**
 * Writes a copy of index.html per page of ROUTE_PAGES that makes the browser fetch the page's code
 * together with the entry instead of after it, saving a round trip and the entry's run time on a
 * first visit. The server sends each path its copy (apps/server/src/plugins/static-web.ts).
 */
export function routeHtml(): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'route-html',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') return this.error('No index.html in the bundle');
      const html = index.source;
      this.emitFile({ type: 'asset', fileName: FALLBACK_HTML, source: html });
      const entry = Object.values(bundle).find((file): file is Rollup.OutputChunk => file.type === 'chunk' && file.isEntry);
      const entryStyles = [...(entry?.viteMetadata?.importedCss ?? [])];
      for (const [route, pageModule] of Object.entries(ROUTE_PAGES)) {
        const preloads = { ...pagePreloads(bundle, pageModule, root), data: ROUTE_DATA[route] };
        const announced = withPreloads(html, preloads, base);
        if (route === SPOT_ROUTE) {
          // The coin list comes written into this copy: no request to announce for it.
          const data = preloads.data?.filter((url) => !url.startsWith(COINS_URL));
          const shell = readFileSync(path.join(root, SPOT_SHELL), 'utf8');
          const english = withInlineStyles(withShell(withPreloads(html, { ...preloads, data }, base), shell), bundle, entryStyles, preloads.styles, base);
          this.emitFile({ type: 'asset', fileName: SPOT_ENGLISH_HTML, source: english });
        }
        if (route !== '/') {
          this.emitFile({ type: 'asset', fileName: routeHtmlFile(route), source: announced });
          continue;
        }
        // index.html and the English copies have their stylesheets written in; the other pages link
        // them: an earlier first paint with nothing to show only moved their start-up work after it,
        // where Lighthouse counts it as blocking time (spot score 92 linked, 82-88 inlined, docs/benchmarks.md).
        index.source = withInlineStyles(announced, bundle, entryStyles, [], base);
        const shell = readFileSync(path.join(root, LANDING_SHELL), 'utf8');
        const english = withInlineStyles(withShell(announced, shell), bundle, entryStyles, preloads.styles, base);
        this.emitFile({ type: 'asset', fileName: LANDING_ENGLISH_HTML, source: english });
      }
    },
  };
}
