import { z } from 'zod';
import { personName, ZId, ZIsoDate, ZString, zText } from './common';
import { ZTardySlipPrint } from './students';
import { ZVisitorLanguage } from './visitor-wording';
import { ZArrivalVisitorType } from './visits';

/**
 * Kiosk (issue 14; spec 002 §2 Kiosk screens, §3 kiosk settings, §4 kiosk with/without auto badge,
 * health banner, §7 Kiosk). Every route is for kiosk accounts ('kiosk.use') and acts on the
 * account's own building: no building id is taken from the request. The kiosk never decides
 * admission: it sends what the visitor typed or scanned, and the server screens.
 */

export const KIOSK_BUTTON_KEYS = [
  'visitor',
  'checkIn',
  'checkOut',
  'pickup',
  'studentCheckIn',
  'studentCheckOut',
] as const;
export const ZKioskButtonKey = z.enum(KIOSK_BUTTON_KEYS);
export type TKioskButtonKey = z.infer<typeof ZKioskButtonKey>;

/** GET /api/kiosk/config: the main screen (buttons after the kiosk settings and building flags). */
export const ZKioskConfigResponse = z.object({
  buildingId: z.number().int(),
  buildingName: z.string(),
  /** visible buttons in order; 'N/A' hides one; student buttons per the building's flags */
  buttons: z.array(z.object({ key: ZKioskButtonKey, label: z.string() })),
  /** enableAutoCheckInKioskMode: the server checks a clear visitor in and prints the badge */
  autoBadge: z.boolean(),
  /** enableCovidBanner with the two questions ('' settings → the defaults of spec 002 §9) */
  banner: z.object({
    enabled: z.boolean(),
    questions: z.array(z.string()),
    /** each question in Spanish ('' when the district gave none for its own question; issue 25, ADR 0034) */
    questionsEs: z.array(z.string()),
  }),
  photoRequired: z.object({
    visitor: z.boolean(),
    volunteer: z.boolean(),
    studentCheckIn: z.boolean(),
    studentCheckOut: z.boolean(),
  }),
  studentIdLabel: z.string(),
  /**
   * What STUDENT PICKUP (the district's pickupBtn) starts, from the kiosk's SIS settings (spec 002
   * §4 SIS mode; issue 25, audit 002 K14/U2): 'Skyward' (no student-system id) is a pickup whose
   * guardians are read from the SIS at that moment; 'General' (a system id with pickup and/or
   * drop-off detected) is the detected phase, or the visitor's choice when both are. Null: no SIS
   * mode, and the button is not shown. The building's KIOSK STUDENT CHECK IN / CHECK OUT buttons
   * are the drop-off and the pickup from the district's copy of the roster.
   */
  studentPickup: z
    .object({ mode: z.enum(['Skyward', 'General']), phase: z.enum(['choose', 'Pickup', 'Dropoff']) })
    .nullable(),
});
export type TKioskConfigResponse = z.infer<typeof ZKioskConfigResponse>;

/** issue 22: the kiosk's sign-in names follow the one person-name rule (cleaned, letters only) */
const ZPersonName = personName({ required: 'Required', max: 80 });

/** What a visitor types at the kiosk instead of scanning (spec 002 §2 kiosk visitor scan). */
export const ZKioskPerson = z.object({
  firstName: ZPersonName,
  lastName: ZPersonName,
  dob: ZIsoDate,
});
export type TKioskPerson = z.infer<typeof ZKioskPerson>;

/** POST /api/kiosk/lookup: a scan (licence or badge) or a name and date of birth. */
export const ZKioskLookupRequest = z.union([
  z.object({ raw: ZString.min(1).max(4000) }).strict(),
  z.object({ person: ZKioskPerson }).strict(),
]);
export type TKioskLookupRequest = z.infer<typeof ZKioskLookupRequest>;

/**
 * The kiosk's matches (spec 002 §7 kioskScan: "matches with id and preregid"). A lobby screen shows
 * no one else's details: a match is named by first name and last initial only.
 */
export const ZKioskLookupResponse = z.object({
  kind: z.enum(['license', 'badge', 'registration', 'person', 'unknown']),
  matches: z.array(
    z.object({ visitorId: z.number().int(), displayName: z.string(), preRegistrationId: z.number().int().nullable() }),
  ),
  /** the person read from a scanned licence (their own card), for a first visit */
  person: z.object({ firstName: z.string(), lastName: z.string(), dob: z.string() }).partial().nullable(),
  /** a registration badge (volunteers, vendors): whether it admits here, and why not */
  registration: z
    .object({
      ok: z.boolean(),
      reason: z.string().nullable(),
      registrationId: z.number().int(),
      visitorId: z.number().int().nullable(),
      displayName: z.string(),
    })
    .nullable(),
});
export type TKioskLookupResponse = z.infer<typeof ZKioskLookupResponse>;

/**
 * POST /api/kiosk/sign-ins (Idempotency-Key; spec 002 §7 SetPhotoKiosk): who (a looked-up visitor,
 * a registration badge, or a typed person for a first visit), the photo, the reason and the person
 * visiting. The answer says what the kiosk shows next; the server has screened the person already.
 */
export const ZKioskSignInRequest = z
  .object({
    visitorId: ZId.optional(),
    registrationId: ZId.optional(),
    person: ZKioskPerson.optional(),
    photoFileId: z.string().uuid().nullable().optional(),
    reason: zText(200).default(''),
    personVisiting: zText(200).default(''),
    /**
     * issue 28 §1: the host the visitor picked for "person visiting" (POST /api/kiosk/hosts/search);
     * the server accepts only an active host of the kiosk's own district usable at its building,
     * keeps it on the card, and the check-in tells that host (§4)
     */
    hostId: ZId.optional(),
    visitorType: ZArrivalVisitorType.default('visitor'),
  })
  .refine((b) => b.visitorId !== undefined || b.person !== undefined || b.registrationId !== undefined, {
    message: 'Scan your card or type your name and date of birth.',
    path: ['person'],
  });
export type TKioskSignInRequest = z.input<typeof ZKioskSignInRequest>;

/**
 * POST /api/kiosk/hosts/search (issue 28 §1): the kiosk's "Person visiting" suggestions. A public
 * surface: at least KIOSK_HOST_SEARCH.minChars typed, at most KIOSK_HOST_SEARCH.max hosts of the
 * kiosk's own building (or district-wide), active, found by name only; an id and a display name
 * each, never an e-mail address or a phone number. The words go in the body (never a URL).
 */
export const KIOSK_HOST_SEARCH = { minChars: 2, max: 8 } as const;
export const ZKioskHostSearchRequest = z.object({
  q: zText(100).pipe(
    z.string().min(KIOSK_HOST_SEARCH.minChars, `Type at least ${KIOSK_HOST_SEARCH.minChars} letters of the name`),
  ),
});
export type TKioskHostSearchRequest = z.infer<typeof ZKioskHostSearchRequest>;
export const ZKioskHostOption = z.object({ id: z.number().int(), name: z.string() }).strict();
export const ZKioskHostSearchResponse = z.object({ data: z.array(ZKioskHostOption).max(KIOSK_HOST_SEARCH.max) });
export type TKioskHostSearchResponse = z.infer<typeof ZKioskHostSearchResponse>;

/** 'poll': auto badge, poll auto-validate; 'thankyou': the office takes it from here (arrival card). */
export const ZKioskSignInResponse = z.object({ signInId: z.number().int(), next: z.enum(['poll', 'thankyou']) });
export type TKioskSignInResponse = z.infer<typeof ZKioskSignInResponse>;

/**
 * POST /api/kiosk/sign-ins/:id/auto-validate (spec 002 §4 Kiosk with auto badge; §7
 * SetPhotoKioskAutoValidate + DoAutomatedKioskCheckIn in one call): 'checked_in' after the check-in
 * through the admission gate (and the badge sent to the building's printer when it has one);
 * 'see_office' when anything needs a person's decision (the desk has a pending card).
 */
export const ZKioskAutoValidateResponse = z.object({
  state: z.enum(['checked_in', 'see_office']),
  visitId: z.number().int().nullable(),
  badge: z.object({ printed: z.boolean(), required: z.boolean() }).nullable(),
});
export type TKioskAutoValidateResponse = z.infer<typeof ZKioskAutoValidateResponse>;

/** POST /api/kiosk/check-outs (Idempotency-Key): by badge scan or by name and date of birth. */
export const ZKioskCheckOutRequest = z.union([
  z.object({ raw: ZString.trim().min(1).max(4000) }).strict(),
  z.object({ person: ZKioskPerson }).strict(),
]);
export type TKioskCheckOutRequest = z.infer<typeof ZKioskCheckOutRequest>;
export const ZKioskCheckOutResponse = z.object({ checkedOut: z.number().int() });
export type TKioskCheckOutResponse = z.infer<typeof ZKioskCheckOutResponse>;

/** POST /api/kiosk/problems (Idempotency-Key): the problem screen tells the office (a pending card). */
export const ZKioskProblemRequest = z.object({ kind: z.enum(['health']) });
export type TKioskProblemRequest = z.infer<typeof ZKioskProblemRequest>;
export const ZKioskProblemResponse = z.object({ notified: z.boolean() });

/** POST /api/kiosk/photos: the visitor's photo (multipart image), used by the sign-in. */
export const ZKioskPhotoResponse = z.object({ photoFileId: z.string() });

// ---------------------------------------------------------------- students at the kiosk

/**
 * The kiosk student modal (spec 002 §2, §4 Kiosk student sign in/out, §5 "student validation
 * sends studentId, last name, building … and action", §7 ValidateStudent, AddSelfPickupSIS /
 * AddSelfDropoffSIS): the student's ID (typed or scanned from the card; the building's
 * studentIdLabel names it) and last name, at the kiosk's building.
 */
export const ZKioskStudentIdentity = z.object({
  studentId: ZString.trim().min(1, 'Required').max(50),
  lastName: ZString.trim().min(1, 'Required').max(80),
});
export const ZKioskStudentAction = z.enum(['dropoff', 'pickup']);
export const ZKioskStudentValidateRequest = ZKioskStudentIdentity.extend({
  action: ZKioskStudentAction,
  /**
   * spec 002 §7 ValidateStudent isSkyward: STUDENT PICKUP in Skyward mode; the student's guardians
   * are read from the SIS before the adult is matched (honoured only while the kiosk's SIS
   * settings say Skyward; issue 25)
   */
  isSkyward: z.boolean().optional(),
});
export type TKioskStudentValidateRequest = z.infer<typeof ZKioskStudentValidateRequest>;
/** Success names the student by first name only, with the reasons of the action. */
export const ZKioskStudentValidateResponse = z.object({
  firstName: z.string(),
  /** nameEs: the district's Spanish name, '' when it gave none (issue 25, ADR 0034) */
  reasons: z.array(z.object({ id: z.number().int(), name: z.string(), nameEs: z.string() })),
});
export type TKioskStudentValidateResponse = z.infer<typeof ZKioskStudentValidateResponse>;

/** A late arrival signs in (drop-off): the reason, and the photo when the building requires it. */
export const ZKioskStudentDropoffRequest = ZKioskStudentIdentity.extend({
  reasonId: ZId,
  photoFileId: z.string().uuid().nullable().optional(),
  /** the language the kiosk is showing: the tardy slip's fixed words (issue 29 §1, ADR 0055) */
  language: ZVisitorLanguage.default('en'),
});
export type TKioskStudentDropoffRequest = z.infer<typeof ZKioskStudentDropoffRequest>;
export const ZKioskStudentDropoffResponse = z.object({
  eventId: z.number().int(),
  message: z.string(),
  /** the print window of the tardy slip (spec 002 §4 Dropoff: prints automatically) */
  slipWindowUrl: z.string(),
  /** how the slip is printed, by the building's print method (audit 002 ksl U6, ADR 0027) */
  slipPrint: ZTardySlipPrint,
  /** the slip as ZPL, for 'browser' (Zebra Browser Print on the kiosk's computer) */
  slipZplUrl: z.string(),
});
export type TKioskStudentDropoffResponse = z.infer<typeof ZKioskStudentDropoffResponse>;

/**
 * A pickup at the kiosk: the adult collecting types their name and date of birth; the server finds
 * them among the student's people, screens them and releases only through `recordPickup` (issue 12).
 */
export const ZKioskStudentPickupRequest = ZKioskStudentIdentity.extend({
  guardian: ZKioskPerson,
  reasonId: ZId,
  /** the adult's photo; none only where the building turned requireKioskStudentPhotoCheckOut off (issue 25) */
  photoFileId: z.string().uuid().nullable().optional(),
});
export type TKioskStudentPickupRequest = z.infer<typeof ZKioskStudentPickupRequest>;
/**
 * What happened (issue 22): released; or a code was sent to the phone or e-mail on file for this
 * guardian (the hint is masked, e.g. "•••-•••-1234"); or the adult is sent to the front office
 * (not verified, not authorised or restricted: the desk has a card and security was told).
 */
export const ZKioskStudentPickupResponse = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('released'), id: z.number().int(), message: z.string() }),
  z.object({
    outcome: z.literal('code_sent'),
    verificationId: z.string().uuid(),
    channel: z.enum(['sms', 'email']),
    hint: z.string(),
    expiresInMinutes: z.number().int(),
  }),
  z.object({
    outcome: z.literal('code_wrong'),
    verificationId: z.string().uuid(),
    attemptsLeft: z.number().int(),
    message: z.string(),
  }),
  z.object({ outcome: z.literal('see_office'), message: z.string() }),
]);
export type TKioskStudentPickupResponse = z.infer<typeof ZKioskStudentPickupResponse>;

/** POST /api/kiosk/students/pickups/code: the code the adult received (6 digits). */
export const ZKioskPickupCodeRequest = z.object({
  verificationId: z.string().uuid(),
  code: ZString.trim().regex(/^\d{6}$/, 'Enter the 6 digits of the code'),
});
export type TKioskPickupCodeRequest = z.infer<typeof ZKioskPickupCodeRequest>;

/** Our own wording (spec silent): a student ID and last name that match nobody at this building. */
export const KIOSK_MESSAGES = {
  studentNotFound: 'No student at this school has this ID and last name.',
  // issue 22 "Floods": our own wording (the spec is silent); calm, and it says what to do
  tooManySignIns: 'This kiosk has had many sign-ins in the last minute. Please wait a moment, or see the front office.',
  tooManyHealth: 'The front office has been told. Please wait a moment, or see the front office.',
  tooManyTardies:
    'This kiosk has had many student sign-ins in the last minute. Please wait a moment, or see the front office.',
  tardyAlreadyRecorded: 'You were already signed in today. Here is your slip again.',
  // issue 22: calm and true; the kiosk shows them in the visitor's language (web i18n)
  seeOffice: (studentFirstName: string) => `Please see the front office to pick up ${studentFirstName}.`,
  codeWrong: 'That code is not right. Please try again.',
  // issue 25: the building's requireKioskStudentPhotoCheckOut is on and no photo came
  pickupPhotoRequired: 'This school requires a photo to sign a student out.',
  // issue 28 §1: a host id that is not one of this kiosk's hosts (another district's, unknown, inactive)
  hostNotFound: 'Choose the person you are visiting from the list, or type their name.',
  tooManyHostSearches: 'Please type the name of the person you are visiting.',
} as const;

/**
 * Issue 22 "Floods": how much one kiosk account may do per minute (fixed windows shared by every
 * server instance, `platform/http/window-limit.ts`). A real lobby line stays far below them: a
 * sign-in takes a visitor at least half a minute, a late student a few seconds more than that.
 * A student has at most one tardy a day from the kiosk (a second answers the first slip).
 */
export const KIOSK_LIMITS = {
  signIn: { max: 10, windowMinutes: 1 },
  health: { max: 5, windowMinutes: 1 },
  tardy: { max: 15, windowMinutes: 1 },
  // issue 28 §1: "Person visiting" suggestions, one request per pause in typing (a few per visitor)
  hostSearch: { max: 60, windowMinutes: 1 },
} as const;
