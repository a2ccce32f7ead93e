import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { MAIL } from './e2e/mail';
import { OIDC } from './e2e/oidc';

const PORT = Number(process.env.E2E_PORT ?? 3100);
// A fresh embedded database per run, seeded with the demo data.
const dataDir = path.join(os.tmpdir(), `sv-e2e-${process.pid}-${Date.now()}`);

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // starts the local OIDC provider for the Microsoft sign-in test
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
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
  webServer: {
    command: `node --import tsx apps/server/src/main.ts`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      // E2E_WEB_DIST_DIR: test a build in another folder (parallel work in one tree shares apps/web/dist)
      WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? path.resolve('apps/web/dist'),
      LOG_LEVEL: 'warn',
      E2E_TEST_HOOKS: 'true',
      // Microsoft sign-in against the local provider (e2e/global-setup.ts)
      PUBLIC_URL: OIDC.appUrl,
      OIDC_ISSUER: OIDC.issuer,
      OIDC_CLIENT_ID: OIDC.clientId,
      OIDC_CLIENT_SECRET: OIDC.clientSecret,
      OIDC_LINK_TENANTS: OIDC.tenantId,
      // e-mail goes to the local SMTP peer (e2e/mail.ts, started by e2e/global-setup.ts)
      SMTP_URL: MAIL.url,
    },
  },
});
