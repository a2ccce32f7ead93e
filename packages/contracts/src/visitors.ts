import { z } from 'zod';
import { optionalPersonName, personName, ZId, ZIsoDate, ZString, versionField } from './common';
import { ZRegistrationBadgeLookupResult } from './registrations';
import { ZVisitorType } from './visits';

const text = (max: number) => ZString.trim().max(max).default('');

/**
 * spec 002 §3 Visitor fields. Date of birth must be a real date no later than yesterday
 * (spec 002 §5: the calendar allows dates up to yesterday; a future date is refused).
 */
export const ZVisitorFields = z.object({
  title: text(20),
  // issue 22: one person-name rule at every entry point (letters, spaces, ' - . only; cleaned)
  firstname: personName({ required: 'First name is required', max: 80 }),
  middlename: optionalPersonName(80),
  lastname: personName({ required: 'Last name is required', max: 80 }),
  suffix: optionalPersonName(20),
  dob: ZIsoDate.nullable().default(null),
  sex: z.enum(['', 'M', 'F', 'X']).default(''),
  eye: text(20),
  hair: text(20),
  height: text(20),
  weight: text(20),
  race: text(40),
  note: text(2000),
  street1: text(200),
  street2: text(200),
  city: text(100),
  state: text(2),
  zipcode: z.union([z.string().regex(/^\d{5}$/, 'Enter a 5-digit zip code'), z.literal('')]).default(''),
  county: text(100),
  email: z.union([ZString.trim().email('Enter a valid email'), z.literal('')]).default(''),
  phone: text(30),
  currentDriversLicenseNumber: text(40),
  licenseState: text(2),
});
export type TVisitorFields = z.input<typeof ZVisitorFields>;

export const ZOpenVisitRef = z.object({
  id: z.number().int(),
  buildingId: z.number().int(),
  buildingName: z.string(),
  checkIn: z.string(),
});

/** PUT /api/visitors/:id: the form and the version it started from (issue 23 §4). */
export const ZVisitorUpdate = ZVisitorFields.extend(versionField);
export type TVisitorUpdate = z.input<typeof ZVisitorUpdate>;

export const ZVisitor = ZVisitorFields.extend({
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
  // an answer carries the names as stored: the input rule (personName) is the request's, not the answer's
  firstname: z.string(),
  middlename: z.string(),
  lastname: z.string(),
  suffix: z.string(),
  id: z.number().int(),
  clientId: z.number().int(),
  photoFileId: z.string().nullable(),
  createdAt: z.string(),
  openVisit: ZOpenVisitRef.nullable(),
  /** what they came for last time: prefills a returning visitor's check-in (issue 10 §9) */
  lastVisit: z
    .object({
      buildingId: z.number().int(),
      visitorType: ZVisitorType,
      visitReasonId: z.number().int().nullable(),
      reason: z.string(),
      personVisiting: z.string(),
    })
    .nullable(),
  /** linked active exclusions of this visitor (spec 002 §2: Deny & Add Exclusion needs to know) */
  hasActiveExclusion: z.boolean(),
  /** when the person last checked in anywhere in the district (issue 22 "Already on file … last visit") */
  lastVisitAt: z.string().nullable(),
  /** the record this one was merged into (issue 22): use that record instead */
  mergedIntoId: z.number().int().nullable(),
  /** merges into this record that can still be undone (issue 22: until the end of the next day) */
  undoableMerges: z.array(
    z.object({ id: z.number().int(), mergedId: z.number().int(), mergedAt: z.string(), undoUntil: z.string() }),
  ),
});
export type TVisitor = z.infer<typeof ZVisitor>;

/**
 * "Create a New Visitor" (issue 22 "A person, not a record"): the same person already on file
 * (licence number + state, or canonical name + date of birth) is answered instead of a new record,
 * with `existing: true`. A likely duplicate by name alone (a date of birth missing on either side)
 * is refused with 409 and the candidates unless `confirmNew` ("Create anyway").
 */
export const ZVisitorCreateRequest = ZVisitorFields.extend({
  buildingId: ZId.nullable().optional(),
  confirmNew: z.boolean().default(false),
});
export type TVisitorCreateRequest = z.input<typeof ZVisitorCreateRequest>;
export const ZVisitorCreateResponse = ZVisitor.extend({ existing: z.boolean() });
export type TVisitorCreateResponse = z.infer<typeof ZVisitorCreateResponse>;

export const ZVisitorMatch = z.object({
  id: z.number().int(),
  firstname: z.string(),
  middlename: z.string(),
  lastname: z.string(),
  dob: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  photoFileId: z.string().nullable(),
  openVisit: ZOpenVisitRef.nullable(),
  /** what tells two records of one name apart (issue 22): the licence's last 4 and the last visit */
  licenseLast4: z.string().default(''),
  lastVisitAt: z.string().nullable().default(null),
  /**
   * the name search only (audit 002 desk §3.4): the district has an active exclusion of this person
   * (linked, or same identity keys and date of birth) for the searching building; screening still decides
   */
  onExclusionList: z.boolean().optional(),
});
export type TVisitorMatch = z.infer<typeof ZVisitorMatch>;

/** 409 of "Create a New Visitor": "This may be someone already on file" (issue 22). */
export const ZVisitorDuplicatesResponse = z.object({
  requestId: z.string(),
  code: z.literal('CONFLICT'),
  message: z.string(),
  candidates: z.array(ZVisitorMatch),
});
export type TVisitorDuplicatesResponse = z.infer<typeof ZVisitorDuplicatesResponse>;

/**
 * Merge duplicate (issue 22): POST /api/visitors/:id/merge with the duplicate's id moves every
 * row of the duplicate to the record in the path (the survivor). Administrators only.
 */
export const ZVisitorMergeRequest = z.object({ duplicateId: ZId });
export const ZVisitorMergeResponse = z.object({
  id: z.number().int(),
  survivorId: z.number().int(),
  mergedId: z.number().int(),
  /** rows moved per table (table name → count) */
  moved: z.record(z.string(), z.number().int()),
  mergedAt: z.string(),
  undoUntil: z.string(),
  undoneAt: z.string().nullable(),
});
export type TVisitorMergeResponse = z.infer<typeof ZVisitorMergeResponse>;

/** spec 002 §7 POST /api/search (data, action new/in/out). Terms travel in the body, never the URL. */
export const ZVisitorSearchRequest = z.object({
  text: ZString.max(120),
  action: z.enum(['new', 'in', 'out']).default('new'),
  buildingId: ZId.optional(),
});
export const ZVisitorSearchResponse = z.object({ data: z.array(ZVisitorMatch) });

export const ZParsedLicense = z.object({
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  suffix: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  sex: z.enum(['M', 'F', 'X']).nullable(),
  eyeColor: z.string().nullable(),
  hairColor: z.string().nullable(),
  heightInches: z.number().nullable(),
  weightLbs: z.number().nullable(),
  street1: z.string().nullable(),
  street2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  licenseNumber: z.string().nullable(),
  issueDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  aamvaVersion: z.number().nullable(),
  namePrefix: z.string().nullable(),
  race: z.string().nullable(),
  fullName: z.string().nullable(),
});
export type TParsedLicense = z.infer<typeof ZParsedLicense>;

/**
 * Issue 4: POST /api/scans with { raw } (and the building) answers { kind, license, matches }.
 * kind 'license' = an AAMVA driver's licence / ID card; 'badge' = one of our badge barcodes.
 * For action 'out', every matching open visit at the building is checked out (spec 002 §4).
 */
export const ZScanRequest = z.object({
  raw: ZString.min(1).max(4000),
  buildingId: ZId,
  action: z.enum(['new', 'in', 'out']).default('in'),
});
export const ZScanResponse = z.object({
  kind: z.enum(['license', 'badge', 'registration', 'unknown']),
  license: ZParsedLicense.nullable(),
  matches: z.array(ZVisitorMatch),
  checkedOutVisitIds: z.array(z.number().int()),
  /** a registration badge of this district (kind 'registration'): who, and whether it admits here */
  registration: ZRegistrationBadgeLookupResult.nullable(),
});
export type TScanResponse = z.infer<typeof ZScanResponse>;
