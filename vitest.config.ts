import { defineConfig } from 'vitest/config';

// Three projects: pure unit tests (packages, web helpers), web component tests (React screens
// rendered in happy-dom with the network faked, issue 24 §5) and API tests that boot the real
// app on a real database (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'bench/**/*.unit.test.ts',
            // helpers of the browser tests (e2e/accessibility/routes.ts)
            'e2e/**/*.unit.test.ts',
          ],
          environment: 'node',
          // property tests run hundreds of cases: a loaded 2-core CI machine needs more than 5 s
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // the files share one load of React, Mantine and the app's modules per worker (each test
          // renders its own providers and QueryClient; setup.ts cleans the page, toasts and fakes)
          isolate: false,
          // a loaded 2-core CI machine renders Mantine screens slowly; a test waits for what it needs
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
