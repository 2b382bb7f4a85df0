import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { routeHtml } from './scripts/route-html.ts';

export default defineConfig({
  // routeHtml(): an index.html per page announcing its code; compression(): brotli and gzip copies
  // beside each built file, which the server sends as they are.
  plugins: [react(), routeHtml(), compression()],
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
    passWithNoTests: true,
    setupFiles: ['test/setup.ts'],
  },
});
