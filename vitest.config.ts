import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          include: ['test/**/*.test.ts'],
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: 'risk',
          root: 'packages/risk',
          include: ['test/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
