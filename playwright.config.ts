import { defineConfig } from '@playwright/test';

/**
 * Browser tests: one server per worker (ADR 0033), workers E2E_PORT … E2E_PORT + workers − 1
 * (default 3100). E2E_WORKERS: how many (default 2; 1 on a machine that cannot spare the cores).
 */
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export default defineConfig({
  testDir: './e2e',
  // browser specs only: e2e/**/*.unit.test.ts are vitest unit tests of the specs' helpers
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // the tests of one file run in order in one worker; files are spread over the workers
  fullyParallel: false,
  workers: WORKERS,
  // Under CI a test that times out on a loaded 2-core machine gets one more try on a fresh worker
  // (its own server and database); a real regression fails both tries. Playwright reports a test
  // that passed only on the second try as "flaky" in the list, so it stays visible. E2E_RETRIES
  // overrides (0 to see every first-try failure).
  retries: Number(process.env.E2E_RETRIES ?? (process.env.CI ? 1 : 0)),
  reporter: [['list']],
  use: {
    // baseURL: the worker's own server (e2e/fixtures.ts)
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
  // No webServer: each worker starts its own server, SMTP peer and OIDC provider on its own
  // port and its own fresh database (e2e/server.ts, the e2eServer fixture in e2e/fixtures.ts;
  // ADR 0033), so tests in different workers never share data.
});
