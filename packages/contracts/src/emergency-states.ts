import { z } from 'zod';
import { ZId, ZIdText, zText } from './common';

/**
 * Emergency states and drills (issue 27 §1, §4; ADR 0037). A state covers one or more buildings of
 * a district; a building has at most one active state. Started by building staff for their own
 * building, by a district administrator for several buildings or the whole district.
 */
export const EMERGENCY_KINDS = ['Lockdown', 'Secure', 'Shelter', 'Evacuate'] as const;
export const ZEmergencyKind = z.enum(EMERGENCY_KINDS);
export type TEmergencyKind = z.infer<typeof ZEmergencyKind>;

/** The starter may cancel a state started by mistake within this many seconds (ADR 0037). */
export const EMERGENCY_CANCEL_WINDOW_SECONDS = 10;

/** The word typed to confirm a start: the kind's name in capitals (e.g. LOCKDOWN). */
export const emergencyConfirmWord = (kind: TEmergencyKind) => kind.toUpperCase();

/** Our own sentences (the spec is silent): calm, and each says what to do. */
export const EMERGENCY_MESSAGES = {
  /** the kiosk's refusal while a state is active (translated on the kiosk: server-messages.ts) */
  kioskClosed:
    'The school is in an emergency procedure, so this kiosk is not signing anyone in. Please follow the instructions of school staff.',
  confirmWrong: (kind: TEmergencyKind) => `Type ${emergencyConfirmWord(kind)} to confirm.`,
  alreadyActive: (building: string) =>
    `${building} already has an active emergency state. End it before starting another.`,
  chooseBuildings: 'Choose at least one building.',
  ownBuildingOnly: 'You can start an emergency state for your own building only.',
  cancelWindowPassed: `The ${EMERGENCY_CANCEL_WINDOW_SECONDS}-second cancel window has passed. An administrator ends the state with notes.`,
  cancelOnlyStarter: 'Only the person who started this state can cancel it.',
  notActive: 'This emergency state has already ended.',
  notesRequired: 'Write what happened before ending the state.',
} as const;

export const ZEmergencyStartRequest = z.object({
  kind: ZEmergencyKind,
  drill: z.boolean(),
  /** the buildings it covers; staff may omit it (their own building) */
  buildingIds: z.array(ZId).max(500).optional(),
  /** a district administrator's start for every building of the district */
  wholeDistrict: z.boolean().optional(),
  /** the typed confirmation word (the kind's name, e.g. LOCKDOWN) */
  confirmation: zText(40),
});
export type TEmergencyStartRequest = z.input<typeof ZEmergencyStartRequest>;

export const ZEmergencyNoteRequest = z.object({ text: zText(2000).min(1, 'Required') });
export type TEmergencyNoteRequest = z.input<typeof ZEmergencyNoteRequest>;
export const ZEmergencyEndRequest = z.object({ notes: zText(4000).min(1, EMERGENCY_MESSAGES.notesRequired) });
export type TEmergencyEndRequest = z.input<typeof ZEmergencyEndRequest>;

/** The honest delivery report of the messages to the security contacts (as the emergency button's). */
export const ZDeliveryReport = z.object({
  contacts: z.number().int(),
  notified: z.number().int(),
  delivered: z.number().int(),
  inOutbox: z.number().int(),
  retrying: z.number().int(),
  notConfigured: z.array(z.enum(['email', 'sms'])),
});
export type TDeliveryReport = z.infer<typeof ZDeliveryReport>;

export const ZEmergencyTimelineEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['start', 'messages', 'note', 'cancel', 'end', 'mark']),
  at: z.string(),
  by: z.string().nullable(),
  text: z.string().nullable(),
  report: ZDeliveryReport.nullable(),
});
export type TEmergencyTimelineEntry = z.infer<typeof ZEmergencyTimelineEntry>;

export const ZEmergencyState = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  kind: ZEmergencyKind,
  drill: z.boolean(),
  status: z.enum(['active', 'ended', 'cancelled']),
  buildings: z.array(z.object({ id: z.number().int(), name: z.string() })),
  startedAt: z.string(),
  startedBy: z.object({ id: z.number().int(), name: z.string() }),
  endedAt: z.string().nullable(),
  endedBy: z.string().nullable(),
  endNotes: z.string().nullable(),
  /** when the starter's cancel window closes */
  cancelUntil: z.string(),
  timeline: z.array(ZEmergencyTimelineEntry),
});
export type TEmergencyState = z.infer<typeof ZEmergencyState>;

export const ZEmergencyActiveQuery = z.object({ buildingId: ZIdText.optional() });
export const ZEmergencyActiveResponse = z.object({ states: z.array(ZEmergencyState) });
export type TEmergencyActiveResponse = z.infer<typeof ZEmergencyActiveResponse>;
export const ZEmergencyListQuery = z.object({
  buildingId: ZIdText.optional(),
  limit: z.coerce.number<string | number>().int().min(1).max(200).default(50),
});
export const ZEmergencyListResponse = z.object({ states: z.array(ZEmergencyState) });
export type TEmergencyListResponse = z.infer<typeof ZEmergencyListResponse>;

/**
 * Drills report (issue 27 §4): per building and school year (July 1 – June 30, named by the year
 * it starts in), drills by kind against the district's required counts; overdue = behind an even
 * pace (fewer done than required × the share of the school year gone, rounded down).
 */
export const ZDrillsReportQuery = z.object({
  /** the calendar year the school year starts in (2026 = July 1 2026 – June 30 2027); default: the current one */
  schoolYear: z.coerce.number<string | number>().int().min(2000).max(2100).optional(),
  buildingId: ZIdText.optional(),
  /** the platform administrator names a district */
  clientId: ZIdText.optional(),
});
export type TDrillsReportQuery = z.input<typeof ZDrillsReportQuery>;
export const ZDrillsReportRow = z.object({
  buildingId: z.number().int(),
  buildingName: z.string(),
  kind: ZEmergencyKind,
  required: z.number().int(),
  done: z.number().int(),
  expectedByNow: z.number().int(),
  overdue: z.boolean(),
  lastDrillAt: z.string().nullable(),
});
export type TDrillsReportRow = z.infer<typeof ZDrillsReportRow>;
export const ZDrillsReport = z.object({
  schoolYear: z.number().int(),
  from: z.string(),
  to: z.string(),
  rows: z.array(ZDrillsReportRow),
  drills: z.array(
    z.object({
      id: z.number().int(),
      kind: ZEmergencyKind,
      buildingId: z.number().int(),
      startedAt: z.string(),
      endedAt: z.string().nullable(),
      durationMinutes: z.number().int().nullable(),
      endNotes: z.string().nullable(),
    }),
  ),
});
export type TDrillsReport = z.infer<typeof ZDrillsReport>;

export const ZDrillRequirements = z.object({
  clientId: ZId.optional(),
  requirements: z.array(z.object({ kind: ZEmergencyKind, requiredCount: z.number().int().min(0).max(100) })).max(4),
});
export type TDrillRequirements = z.input<typeof ZDrillRequirements>;
export const ZDrillRequirementsResponse = z.object({
  clientId: z.number().int(),
  requirements: z.array(z.object({ kind: ZEmergencyKind, requiredCount: z.number().int() })),
});
export type TDrillRequirementsResponse = z.infer<typeof ZDrillRequirementsResponse>;

/**
 * The accountability roster (issue 27 §2, ADR 0042): everyone expected on site when the state
 * started (visits by type, students by grade), marked at the assembly points.
 */
export const ROSTER_MARKS = ['accounted', 'missing', 'needs_help'] as const;
export const ZRosterMark = z.enum(ROSTER_MARKS);
export type TRosterMark = z.infer<typeof ZRosterMark>;
/** A student without a grade in the feed is listed in this group. */
export const ROSTER_UNASSIGNED_GROUP = 'Unassigned';
/** A client clock this far ahead of the server counts as now (ADR 0042). */
export const ROSTER_CLOCK_SKEW_SECONDS = 120;

export const ROSTER_MESSAGES = {
  ended: 'This emergency state has ended, so its roster can no longer be marked.',
  notOnRoster: 'This person is not on the roster of this emergency state.',
  stale: 'A newer mark for this person was already recorded, so this one changed nothing.',
} as const;

export const ZRosterQuery = z.object({ buildingId: ZIdText.optional() });
export const ZRosterMarkRequest = z.object({
  entryId: ZId,
  status: ZRosterMark,
  /** made by the client for this press: sending it again records one mark */
  clientMarkId: z.string().uuid(),
  /** when the button was pressed on the client (a later press wins) */
  pressedAt: z.string().datetime({ offset: true }),
});
export type TRosterMarkRequest = z.input<typeof ZRosterMarkRequest>;

export const ZRosterCounts = z.object({
  total: z.number().int(),
  accounted: z.number().int(),
  missing: z.number().int(),
  needsHelp: z.number().int(),
  unmarked: z.number().int(),
});
export type TRosterCounts = z.infer<typeof ZRosterCounts>;

export const ZRosterEntry = z.object({
  id: z.number().int(),
  buildingId: z.number().int(),
  personKind: z.enum(['visit', 'student']),
  name: z.string(),
  group: z.string(),
  /** the photo's URL when there is one */
  photoUrl: z.string().nullable(),
  /** a visit's badge and type, a student's ID */
  badge: z.string(),
  /** whom a visitor came to see */
  visiting: z.string(),
  status: ZRosterMark.nullable(),
  markedBy: z.string().nullable(),
  markedAt: z.string().nullable(),
});
export type TRosterEntry = z.infer<typeof ZRosterEntry>;

export const ZRosterResponse = z.object({
  state: z.object({
    id: z.number().int(),
    kind: ZEmergencyKind,
    drill: z.boolean(),
    status: z.enum(['active', 'ended', 'cancelled']),
    startedAt: z.string(),
    buildings: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
  counts: ZRosterCounts,
  groups: z.array(z.object({ label: z.string(), personKind: z.enum(['visit', 'student']), counts: ZRosterCounts })),
  entries: z.array(ZRosterEntry),
});
export type TRosterResponse = z.infer<typeof ZRosterResponse>;

export const ZRosterMarkResponse = z.object({
  /** applied: the mark is the entry's now; duplicate: this mark id was already received; stale: a newer press stands */
  outcome: z.enum(['applied', 'duplicate', 'stale']),
  entry: ZRosterEntry,
  counts: ZRosterCounts,
});
export type TRosterMarkResponse = z.infer<typeof ZRosterMarkResponse>;
