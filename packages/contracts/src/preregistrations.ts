import { z } from 'zod';
import { ZString } from './common';
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
  /** the host the card names (an invitation's, or one picked at the kiosk; issue 28 §1): the desk's check-in starts from it */
  hostId: z.number().int().nullable().default(null),
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
    /**
     * the results the card shows, each with the reference ALLOW confirms (issue 10 §1: ALLOW clears
     * exactly the issues listed on the card the attendant confirmed)
     */
    findings: z.array(
      z.object({ source: z.enum(['exclusion', 'registry', 'registry_status']), ref: z.string(), label: z.string() }),
    ),
  }),
  tempPhotoFileId: z.string().nullable(),
  tempPhotoAt: z.string().nullable(),
  /** 'checked_out': checked in from this card, and the visit has ended (audit 002 B5) */
  status: z.enum(['scheduled', 'pending', 'checked_in', 'checked_out', 'denied', 'closed', 'cancelled']),
  visitId: z.number().int().nullable(),
  /**
   * screened against the exclusion list before arrival (issue 22): a possible match, shown on the
   * card ("Possible exclusion match") and sorted first; the person is still screened at arrival and
   * cannot be checked in without a decision on it
   */
  flagged: z.boolean(),
  // issue 22: what the card matched before arrival: an exclusion (exclusionId) or a registry entry (registryRef)
  flagReasons: z.array(
    z.object({
      exclusionId: z.number().int().optional(),
      registryRef: z.string().optional(),
      label: z.string(),
      reasons: z.array(z.string()),
    }),
  ),
});
export type TPreRegistration = z.infer<typeof ZPreRegistration>;

export const ZPreRegistrationList = z.object({ data: z.array(ZPreRegistration), localDate: z.string() });

/** ALLOW (spec 002 §4): clears the potential issues, then checks the visitor in. */
/**
 * ALLOW on a pending card (spec 002 §4; issue 10 §1): the server screens the person again at that
 * moment and clears exactly the results whose references the attendant confirmed on the card; any
 * other result that needs a decision refuses the check-in (and the card shows it).
 */
export const ZAllowPreRegistrationRequest = z.object({
  confirmedRefs: z
    .array(z.object({ source: z.enum(['exclusion', 'registry', 'registry_status']), ref: ZString.max(200) }))
    .max(100)
    .default([]),
  personVisiting: ZString.trim().max(200).optional(),
  photoFileId: z.string().uuid().nullable().optional(),
});

/** A scheduled card's visitor record (created from the card the first time), for the screening step. */
export const ZPreRegistrationVisitorResponse = z.object({ visitorId: z.number().int() });

export const ZCancelCheckInResponse = z.object({ ok: z.literal(true) });

/** DENY on a card (spec 002 §4): the visitor record is created from the card when needed. */
export const ZDenyPreRegistrationRequest = z.object({ level: z.number().int().min(1).max(6).nullable().optional() });
export const ZDenyPreRegistrationResponse = ZDenyEntryResponse.extend({ visitorId: z.number().int() });
