import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { routeHtml } from './scripts/route-html.ts';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';
import { transformAsync, types, type PluginObj } from '@babel/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * Babel pass for Lingui's macros (`<Trans>`, `t`, `msg`...), which exist only as a Babel plugin in
 * Lingui 5 while @vitejs/plugin-react 6 compiles with oxc. The hook filter is applied by Vite before
 * any JavaScript runs, so only modules that import a macro reach Babel; TypeScript and JSX are parsed
 * and left for oxc.
 */
// Named rather than looked up from the working directory: the repository's test run starts from the root.
const linguiConfigPath = fileURLToPath(new URL('lingui.config.ts', import.meta.url));

function linguiMacro(): Plugin {
  const linguiConfig = getConfig({ configPath: linguiConfigPath });
  return {
    name: 'exchange:lingui-macro',
    enforce: 'pre',
    transform: {
      filter: {
        id: { include: /\.[cm]?[jt]sx?$/, exclude: /\/node_modules\// },
        code: /from ['"]@lingui\/(?:react|core)\/macro['"]/,
      },
      async handler(code, id) {
        const result = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { plugins: ['typescript', 'jsx'] },
          plugins: [['@lingui/babel-plugin-lingui-macro', { stripMessageField: false, linguiConfig }], englishTextIds],
        });
        if (!result?.code) return null;
        return { code: result.code, map: result.map };
      },
    },
  };
}

/**
 * Rewrites each message descriptor the macros wrote (`/*i18n*\/ { id, message }`) so that its id
 * is its English text, as the catalogues are keyed (lingui/textIds.ts). English then needs no
 * catalogue: a plain text is its own id, and a text with placeholders or tags keeps its message,
 * compiled here as the catalogues are. Its words ship in the chunk of the page that shows them, as
 * before there were catalogues, with no hashed id beside them.
 */
function englishTextIds(): PluginObj {
  return {
    visitor: {
      Program: {
        exit(program, state) {
          program.traverse({
            ObjectExpression(path) {
              if (!path.node.leadingComments?.some((comment) => comment.value === 'i18n')) return;
              const properties = path.node.properties.filter((p): p is types.ObjectProperty => types.isObjectProperty(p));
              const prop = (name: string) => properties.find((p) => types.isIdentifier(p.key, { name }));
              const message = prop('message');
              const idProp = prop('id');
              if (!message || !idProp || !types.isStringLiteral(message.value)) return;
              if (prop('context')) throw path.buildCodeFrameError(`${state.filename}: message contexts are not used here; word the message differently instead`);
              const text = message.value.value;
              idProp.value = types.stringLiteral(text);
              const compiled = compileMessageOrThrow(text);
              if (compiled.length === 1 && compiled[0] === text) path.node.properties.splice(path.node.properties.indexOf(message), 1);
              else message.value = types.valueToNode(compiled);
            },
          });
        },
      },
    },
  };
}

export default defineConfig({
  // routeHtml(): an index.html per page announcing its code; compression(): brotli and gzip copies
  // beside each built file, which the server sends as they are.
  plugins: [linguiMacro(), react(), lingui({ configPath: linguiConfigPath }), routeHtml(), compression()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/dev/outbox': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  build: { sourcemap: false, chunkSizeWarningLimit: 600, manifest: true },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts', 'test/setup/i18n.tsx'],
    // The page tests run beside the server's (two at a time, vitest.config.ts); on the shared two
    // cores a page test that waits on a few renders took just over the default 5 s once.
    testTimeout: 15_000,
    passWithNoTests: true,
  },
});
