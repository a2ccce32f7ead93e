import type { APIResponse, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from '../fixtures';

/** The signed-in user's session and an API caller that carries the CSRF token (desk browser tests). */
export async function apiOf(page: Page) {
  const session = await (await page.request.get('/api/auth/session')).json();
  const headers = (extra: Record<string, string> = {}) => ({ 'x-csrf-token': session.csrfToken, ...extra });
  const ok = async (res: APIResponse) => {
    expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
    return res.json();
  };
  return {
    user: session.user as { buildingId: number | null; clientId: number | null },
    buildingId: session.user.buildingId as number,
    get: (url: string) => page.request.get(url).then(ok),
    post: (url: string, data: unknown, extra?: Record<string, string>) =>
      // every create takes an Idempotency-Key (issue 23 §4): a fresh one per call unless given
      page.request.post(url, { data, headers: headers({ 'idempotency-key': crypto.randomUUID(), ...extra }) }).then(ok),
    put: (url: string, data: unknown) => page.request.put(url, { data, headers: headers() }).then(ok),
    patch: (url: string, data: unknown) => page.request.patch(url, { data, headers: headers() }).then(ok),
    upload: (url: string, multipart: Record<string, { name: string; mimeType: string; buffer: Buffer }>) =>
      page.request.post(url, { multipart, headers: headers() }).then(ok),
  };
}
export type Api = Awaited<ReturnType<typeof apiOf>>;

/** A tiny JPEG as the visitor's photo (the demo buildings require one at check-in). */
export async function uploadPhoto(api: Api, visitorId: number): Promise<string> {
  const buffer = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#557799' } })
    .jpeg()
    .toBuffer();
  const res = await api.upload(`/api/visitors/${visitorId}/photo`, {
    file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer },
  });
  return res.photoFileId as string;
}

/**
 * A check-in through the API as another desk would make it: the server's screening first (issue 10
 * §1), the photo, then the check-in naming the screening. The visitor needs a date of birth (the
 * registry is searched) and a clean screening.
 */
export async function checkInViaApi(
  api: Api,
  visitorId: number,
  buildingId: number,
  extra: Record<string, unknown> = {},
) {
  const screening = await api.post(`/api/visitors/${visitorId}/screening`, { buildingId });
  return api.post(
    '/api/visits',
    {
      screeningId: screening.id,
      visitorId,
      buildingId,
      visitorType: 'visitor',
      photoFileId: await uploadPhoto(api, visitorId),
      ...extra,
    },
    { 'idempotency-key': crypto.randomUUID() },
  );
}
