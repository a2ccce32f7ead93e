import type { Page } from '@playwright/test';
import { expect, loginAs, test } from '../fixtures';
import { apiOf, checkInViaApi } from './desk-api';

/** A visitor checked in at the attendant's building through the API, as the desk would. */
async function checkedInVisit(page: Page) {
  const api = await apiOf(page);
  const visitor = await api.post('/api/visitors', {
    firstname: 'Printa',
    lastname: `Badge${(Date.now() % 100000).toString().replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`,
    dob: '1980-02-03',
    buildingId: api.buildingId,
  });
  const { visit } = await checkInViaApi(api, visitor.id, api.buildingId, {
    personVisiting: 'Front office',
    reason: 'Meeting',
  });
  return visit.id as number;
}

test('the badge print window shows the badge PDF and opens the print dialog by itself (issue 10 §8)', async ({
  page,
}) => {
  await loginAs(page, 'deskNorthHigh');
  const visitId = await checkedInVisit(page);

  // Record print() calls in every frame instead of opening the real dialog.
  await page.context().addInitScript(() => {
    window.print = () => {
      const top = window.top as Window & { __printed?: string[] };
      top.__printed = [...(top.__printed ?? []), window.location.pathname];
    };
  });
  const win = await page.context().newPage();
  await win.goto(`/Badge/print/${visitId}`);
  await expect(win).toHaveTitle('SafeVisitor - Badge');
  const frame = win.locator('iframe#badge');
  await expect(frame).toHaveAttribute('src', `/api/visits/${visitId}/badge.pdf`);
  await expect
    .poll(() => win.evaluate(() => (window as Window & { __printed?: string[] }).__printed ?? []))
    .toEqual([`/api/visits/${visitId}/badge.pdf`]);
  await win.waitForTimeout(500);
  await win.screenshot({ path: `${process.env.SHOTS_DIR ?? 'test-results/screens'}/badge-print-window.png` });
  await win.close();
});
