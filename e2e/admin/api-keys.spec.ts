import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, loginAs, test } from '../fixtures';

/**
 * API keys and webhooks (issue 28 §5; ADR 0051): a district administrator creates a key (shown
 * once), another system uses it with fetch, the administrator revokes it and it fails at once; a
 * webhook to a local receiver gets a signed test event, which the delivery log shows.
 */
const SHOTS = '/tmp/shots-apikeys';
test.beforeAll(() => fs.mkdirSync(SHOTS, { recursive: true }));
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test('a district administrator creates an API key, another system uses it, and a revoked key fails at once', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000); // two screens, four accessibility checks, a reload
  await page.setViewportSize({ width: 1366, height: 800 });
  await loginAs(page, 'clientAdminNorth');
  await page.goto('/api-keys');
  await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('SafeVisitor - API Keys');

  const name = `SIS sync ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Create API Key' }).click();
  const form = page.getByRole('dialog', { name: 'Create API Key' });
  await form.getByLabel('Name').fill(name);
  await form.getByText('Chosen permissions').click();
  await form.getByRole('checkbox', { name: 'contacts.read' }).check();
  await form.getByRole('checkbox', { name: 'visitors.read' }).check();
  await expectAccessible(page);
  await shot(page, 'api-key-create-1366');
  await form.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  await expect(shown).toBeVisible();
  const secret = ((await shown.getByTestId('api-key-secret').textContent()) ?? '').trim();
  expect(secret).toMatch(/^sv_/);
  await shot(page, 'api-key-shown-once-1366');
  await shown.getByRole('button', { name: 'I have stored the key' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('2 permissions');
  await expect(row).toContainText('Never');
  await expect(page.getByText(secret)).toHaveCount(0);

  // another system: no cookie, no CSRF token, only the key
  const call = (path: string) => fetch(`${baseURL}${path}`, { headers: { authorization: `Bearer ${secret}` } });
  expect((await call('/api/contacts')).status).toBe(200);
  expect((await call('/api/buildings/lookup')).status).toBe(403);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).not.toContainText('Never');
  await shot(page, 'api-keys-list-1366');
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await shot(page, 'api-keys-list-1024');

  await page.getByRole('button', { name: `Revoke the key ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`The key “${name}” was revoked.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Revoked');
  expect((await call('/api/contacts')).status).toBe(401);
});

test('a webhook to a local receiver gets a signed test event, shown in the delivery log', async ({ page }) => {
  test.setTimeout(120_000); // a form, a test delivery, the log, three accessibility checks
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received by the test');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/safevisitor`;
  try {
    await page.setViewportSize({ width: 1366, height: 800 });
    await loginAs(page, 'clientAdminNorth');
    await page.goto('/webhooks');
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Add Webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Add Webhook' });
    await form.getByLabel('Receiver URL').fill(url);
    await form.getByLabel('Description').fill('Access control');
    await form.getByRole('checkbox', { name: 'Visitor checked in' }).check();
    await form.getByRole('checkbox', { name: 'Emergency started' }).check();
    await expectAccessible(page);
    await shot(page, 'webhook-add-1366');
    await form.getByRole('button', { name: 'Save' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy the signing secret' });
    const secret = ((await shown.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'I have stored the secret' }).click();
    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('2 events');

    await row.getByRole('button', { name: `Send a test event to ${url}` }).click();
    await expect(page.getByText('The test event was delivered (HTTP 200).')).toBeVisible();
    expect(received).toHaveLength(1);
    const got = received[0]!;
    const ts = String(got.headers['x-safevisitor-timestamp']);
    expect(got.headers['x-safevisitor-signature']).toBe(
      `v1=${createHmac('sha256', secret).update(`${ts}.${got.body}`).digest('hex')}`,
    );
    expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test' });
    await expect(row).toContainText('Delivered');

    await row.getByRole('button', { name: `Delivery log of ${url}` }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    await expect(log.getByRole('row').filter({ hasText: 'Test event' })).toContainText(
      'HTTP 200 — received by the test',
    );
    await expectAccessible(page);
    await shot(page, 'webhook-log-1366');
    await log.getByRole('button', { name: 'Close' }).click();
    await shot(page, 'webhooks-list-1366');
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(row).toBeVisible();
    await shot(page, 'webhooks-list-1024');
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
