import { z } from 'zod';
import { ZDenyEntryResponse } from './denials';
import { ZVisitorType } from './visits';

/** spec 002 §3 Pending (pre-registered) visitor card. */
export const ZPreRegistration = z.object({
  id: z.number().int(),
  visitorId: z.number().int().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  dob: z.string().nullable(),
  visitDate: z.string(),
  visiting: z.string(),
  reason: z.string(),
  visitorType: ZVisitorType,
  notifyEmail: z.string(),
  notifySms: z.string(),
  /** null = not screened; true = clear; false = potential issues to review */
  bgResults: z.boolean().nullable(),
  issues: z.object({
    exclusionCount: z.number().int(),
    potentialCount: z.number().int(),
    watchdogCount: z.number().int(),
    summary: z.array(z.string()),
  }),
  tempPhotoFileId: z.string().nullable(),
  tempPhotoAt: z.string().nullable(),
  status: z.enum(['scheduled', 'pending', 'checked_in', 'denied', 'closed', 'cancelled']),
  visitId: z.number().int().nullable(),
});
export type TPreRegistration = z.infer<typeof ZPreRegistration>;

export const ZPreRegistrationList = z.object({ data: z.array(ZPreRegistration), localDate: z.string() });

/** ALLOW (spec 002 §4): clears the potential issues, then checks the visitor in. */
export const ZAllowPreRegistrationRequest = z.object({
  personVisiting: z.string().trim().max(200).optional(),
  photoFileId: z.string().uuid().nullable().optional(),
});

export const ZCancelCheckInResponse = z.object({ ok: z.literal(true) });

/** DENY on a card (spec 002 §4): the visitor record is created from the card when needed. */
export const ZDenyPreRegistrationRequest = z.object({ level: z.number().int().min(1).max(6).nullable().optional() });
export const ZDenyPreRegistrationResponse = ZDenyEntryResponse.extend({ visitorId: z.number().int() });
