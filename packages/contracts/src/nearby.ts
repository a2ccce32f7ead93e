import { z } from 'zod';

/**
 * Nearby visitors (spec 002 §2 Dashboard, §4 Nearby visitor, §7 NearbyList / DeleteNearby;
 * ADR 0017). A registered person's phone reports its position through the personal arrival link;
 * within a building's radius they are listed on that building's dashboards until they leave,
 * check in or are removed.
 */

/** The arrival token: 32 random bytes as base64url (43 characters). */
export const ARRIVAL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * POST /api/public/arrivals (anonymous, JSON only): the token travels in the body, never in a
 * query string; the position is the phone's (navigator.geolocation), sent after consent.
 */
export const ZArrivalRequest = z
  .object({
    token: z.string().regex(ARRIVAL_TOKEN_PATTERN, 'This arrival link is not valid.'),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    /** metres, as the phone reports it (kept out of the decision; informative) */
    accuracy: z.number().min(0).max(100_000).optional(),
  })
  .strict();
export type TArrivalRequest = z.input<typeof ZArrivalRequest>;

/** Which buildings the person is now nearby (names only: the token holder's own registration). */
export const ZArrivalResponse = z.object({
  nearby: z.array(z.object({ buildingName: z.string(), distanceMetres: z.number() })),
});
export type TArrivalResponse = z.infer<typeof ZArrivalResponse>;

/** spec 002 §2 Dashboard: a nearby visitor card (name, type, distance, time entered). */
export const ZNearbyCard = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  visitorName: z.string(),
  registrationType: z.string(),
  distanceMetres: z.number(),
  enteredAt: z.string(),
});
export type TNearbyCard = z.infer<typeof ZNearbyCard>;
export const ZNearbyListResponse = z.object({ data: z.array(ZNearbyCard) });
export type TNearbyListResponse = z.infer<typeof ZNearbyListResponse>;
