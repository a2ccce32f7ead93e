import { randomBytes } from 'node:crypto';
import {
  CONSTANTS,
  REGISTRATION_ACTIONS,
  REGISTRATION_EXPORT_COLUMNS,
  ROLE,
  SV_REGISTRATION_EXPORT_COLUMNS,
  type TRegistration,
  type TRegistrationListItem,
  type ZRegistrationApprove,
  type ZRegistrationBuildings,
  type ZRegistrationDeny,
  type ZRegistrationExport,
  type ZRegistrationMakePending,
  type ZRegistrationSave,
  type ZRegistrationSearch,
  type ZSvRegistrationExport,
  type ZSvRegistrationSave,
  type ZSvRegistrationSearch,
  STALE_EDIT_MESSAGE,
  VERSION_REQUIRED_MESSAGE,
} from '@sv/contracts';
import {
  approveAllDefaultExpiry,
  addDays,
  confidenceLabel,
  DEFAULT_EXCLUSION_DOB,
  defaultApprovalExpiry,
  formatUsDate,
  isDobAcceptable,
  localDateOf,
  type RegistrationAction,
  type RegistrationForRules,
  registrationActions,
  registrationDisplay,
  safeVendorActions,
  safeVendorDisplayState,
} from '@sv/domain';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { type ExportDefinition, keysetBatches } from '../../platform/exports/export-definition';
import { sendExport } from '../../platform/exports/export-writer';
import { createFileStore } from '../../platform/files/files';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { cleanName } from '../exclusions/exclusions.service';
import { createExclusionsRepository } from '../exclusions/exclusions.repository';
import { createVisitorsRepository, visitorFieldsOf } from '../visitors/visitors.repository';
import { buildRegistrationBadgesPdf, buildRegistrationBadgesZpl } from './registrations.badge';
import { parsePrinterAddress, sendRawTcp } from '../../integrations/printing/printer-client';
import { arrivalLink, issueArrivalToken } from '../nearby/nearby.service';
import { printerAddressFor } from '../visits/visits.service';
import {
  createRegistrationsRepository,
  type RegistrationFilter,
  type RegistrationKind,
  type RegistrationListRow,
  type RegistrationsRepository,
  type StoredRegistration,
} from './registrations.repository';

type SaveInput = z.output<typeof ZRegistrationSave>;
type SvSaveInput = z.output<typeof ZSvRegistrationSave>;
type SearchInput = z.output<typeof ZRegistrationSearch> | z.output<typeof ZSvRegistrationSearch>;
type ApproveInput = z.output<typeof ZRegistrationApprove>;
type DenyInput = z.output<typeof ZRegistrationDeny>;
type ExportInput = z.output<typeof ZRegistrationExport> | z.output<typeof ZSvRegistrationExport>;

/** Our own messages (the spec is silent on these); shown verbatim by the web. */
export const REGISTRATION_MESSAGES = {
  notFound: 'Registration not found',
  typeRequired: 'Choose a registration type of this district.',
  typeInactive: 'This registration type is no longer active. Choose an active type.',
  clientMismatch: 'The registration type belongs to another district.',
  companyRequired: 'Choose a vendor company of this district.',
  companyInactive: 'This vendor company is no longer active. Choose an active company.',
  companyMismatch: 'The vendor company belongs to another district.',
  dobFuture: 'The date of birth must be before today.',
  photoNotFound: 'The photo was not found. Upload it again.',
  expDateRequired: 'Choose an expiration date.',
  expDatePast: 'The expiration date cannot be in the past.',
  buildingsOfClient: 'Choose buildings of the registration’s district.',
  noEmail: 'This registration has no e-mail address.',
  nothingToPrint: 'None of these registrations is approved, so there is no badge to print.',
  noPrinter: 'No network printer is set for this building: print the PDF badge.',
  badPrinter: 'The building’s printer address is not valid.',
  printerDown: 'The badge printer did not answer. Check that it is on, or print the PDF badge.',
  /** 409: the action is not offered for the registration's current state (spec 001 §2 actions menu) */
  notOffered: {
    approve: 'This registration cannot be approved in its current state.',
    deny: 'This registration cannot be denied in its current state.',
    denyAndExclude: 'This registration cannot be denied in its current state.',
    makePending: 'This registration is already pending.',
    print: 'Only an approved registration has a badge to print.',
    sendExpirationEmail: 'An expiration e-mail is only sent for approved registrations that expire within 30 days.',
    buildings: 'Buildings can only be chosen for a pending or approved registration.',
    clearPhoto: 'This registration has no photo.',
    uploadPhoto: 'This registration already has a photo. Remove it first.',
    cancelEmailWarnings: 'This registration has no e-mail warnings to cancel.',
    information: 'Not available.',
    edit: 'Not available.',
  } satisfies Record<RegistrationAction, string>,
} as const;

/** The search help (§2 "A help text for the search is fetched"); our own words. */
export const REGISTRATION_SEARCH_HELP = [
  'Choose a status to list registrations in that state; Pending is shown first.',
  'First name and last name match from the beginning of the name and ignore capitals: "jo" finds Jo, John and Jones.',
  'ID finds one registration by its number. E-mail matches from the beginning of the address.',
  'Expired registrations (approved, past their expiration date) are left out of All and Approved unless you tick Include expired; the Expired status lists only them.',
  'Clear search resets every filter to Pending.',
].join('\n');

/** Exclusion type of a Deny/Exclude (EXCLUSION_TYPE_OPTIONS has no "registration denied"): 'Other' shows the reason. */
export const DENY_EXCLUSION_TYPE = 'Other';
export const DENY_EXCLUSION_REASON = 'Registration denied';

/**
 * The expiration e-mail window (our rule; spec 001 §3 only names the flag isSendExpirationEmail):
 * an approved registration with an expiration date from 30 days ago to 30 days ahead — the
 * volunteer is reminded shortly before the badge expires or shortly after it has.
 */
export const EXPIRATION_EMAIL_WINDOW_DAYS = 30;

/** Crockford base32 (no I, L, O, U): printed under the barcode and typed if a scan fails. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A random, unguessable registration badge code: 16 characters, 80 bits. */
export function newRegistrationBadgeCode(): string {
  return Array.from(randomBytes(16), (b) => CODE_ALPHABET[b % 32]).join('');
}

type RuleRow = Pick<
  StoredRegistration,
  | 'approved'
  | 'underReview'
  | 'expDate'
  | 'ddStatus'
  | 'hasStateCheck'
  | 'hasStateIssues'
  | 'hasConviction'
  | 'photoFileId'
  | 'emailWarnings'
> & { renewalOfId?: number | null; renewalApproved?: boolean | null; renewalExpDate?: string | null };

const isExpiredOn = (r: { approved: boolean | null; expDate: string | null }, today: string) =>
  r.approved === true && r.expDate !== null && r.expDate < today;

/** The domain's view of a row (spec 001 §3 flags computed from the stored columns). */
export function rulesOf(r: RuleRow, today: string): RegistrationForRules {
  const expired = isExpiredOn(r, today);
  const windowStart = addDays(today, -EXPIRATION_EMAIL_WINDOW_DAYS);
  const windowEnd = addDays(today, EXPIRATION_EMAIL_WINDOW_DAYS);
  return {
    approved: r.approved,
    underReview: r.underReview,
    isExpired: expired,
    ddStatus: r.ddStatus,
    hasStateCheck: r.hasStateCheck,
    hasStateIssues: r.hasStateIssues,
    hasConviction: r.hasConviction,
    hasPhoto: r.photoFileId !== null,
    isUploadPhoto: true,
    hasEmailChain: r.emailWarnings,
    isSendExpirationEmail:
      r.approved === true && !r.underReview && r.expDate !== null && r.expDate >= windowStart && r.expDate <= windowEnd,
    ...(r.renewalOfId
      ? {
          renewalApproved: r.renewalApproved ?? null,
          renewalIsExpired: isExpiredOn(
            { approved: r.renewalApproved ?? null, expDate: r.renewalExpDate ?? null },
            today,
          ),
        }
      : {}),
  };
}

/**
 * The offered actions of a row (spec 001 §2 registration actions menu; §4 SafeVendor transitions):
 * the volunteer rules, or SafeVendor's (domain safeVendorActions) for a vendor (ADR 0014).
 */
export function offeredActions(
  rules: RegistrationForRules,
  roleId: number,
  kind: RegistrationKind = 'volunteer',
): ReadonlySet<RegistrationAction> {
  return kind === 'vendor' ? safeVendorActions(rules, roleId) : registrationActions(rules, roleId);
}

export function actionsFor(r: RuleRow, roleId: number, today: string, kind: RegistrationKind = 'volunteer') {
  const offered = offeredActions(rulesOf(r, today), roleId, kind);
  return REGISTRATION_ACTIONS.filter((a) => offered.has(a));
}

/** A volunteer row always has a type (registrations_owner_ck with vendor = false). */
function typeIdOf(r: { registrationTypeId: number | null }): number {
  if (r.registrationTypeId === null) throw new Error('A volunteer registration without a registration type');
  return r.registrationTypeId;
}

function toListItem(r: RegistrationListRow, roleId: number, today: string, suspendedAt: Date | null) {
  const rules = rulesOf(r, today);
  return {
    id: r.id,
    clientId: r.clientId,
    registrationTypeId: typeIdOf(r),
    registrationType: r.registrationType,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    dob: r.dob,
    expDate: r.expDate,
    note: r.note,
    approved: r.approved,
    hasPhoto: r.photoFileId !== null,
    display: { ...registrationDisplay(rules), suspended: suspendedAt !== null },
    actions: actionsFor(r, roleId, today),
  } satisfies TRegistrationListItem;
}

const sourceOf = (s: string): 'admin' | 'public' | 'invitation' => (s === 'public' || s === 'invitation' ? s : 'admin');

export const fullName = (r: { firstname: string; middlename?: string; lastname: string }) =>
  [r.firstname, r.middlename ?? '', r.lastname].filter((p) => p.trim() !== '').join(' ');

export { sourceOf as registrationSourceOf };

/**
 * What differs between the kinds the engine runs (ADR 0014): the repository's kind, and the
 * shapes the kind's API answers with — one registration (`present`) and a list row (`listItem`).
 */
export interface RegistrationKindConfig<D, L> {
  kind: RegistrationKind;
  present(repo: RegistrationsRepository, ctx: RequestCtx, id: number, today: string): Promise<D>;
  listItem(row: RegistrationListRow, roleId: number, today: string): L;
}

/** The volunteer registrations service (spec 001 §2; issue 11). */
export function createRegistrationsService(deps: AppDeps) {
  const engine = createRegistrationEngine(deps, {
    kind: 'volunteer',
    present: volunteerDetails,
    listItem: (r, roleId, today) => toListItem(r, roleId, today, r.suspendedAt),
  });
  return {
    ...engine,
    /**
     * One registration badge to a building's label printer (issue 11 "Printing"), answered like
     * the desk's reprint (ZPrintResponse): a building without a printer answers 'pdf'.
     */
    async printBadge(ctx: RequestCtx, id: number, buildingId: number) {
      try {
        await engine.printToBuilding(ctx, [id], buildingId);
        return { printed: true, mode: 'network' as const, message: 'The badge was sent to the printer.' };
      } catch (err) {
        if (err instanceof AppError && err.message === REGISTRATION_MESSAGES.noPrinter) {
          return { printed: false, mode: 'pdf' as const, message: REGISTRATION_MESSAGES.noPrinter };
        }
        throw err;
      }
    },
  };
}

/** One volunteer registration with buildings, hours and alerts (the volunteer API's answer). */
async function volunteerDetails(
  repo: RegistrationsRepository,
  ctx: RequestCtx,
  id: number,
  today: string,
): Promise<TRegistration> {
  const row = await repo.findById(ctx.actor, id);
  const list = await repo.findListRow(ctx.actor, id);
  if (!row || !list) throw notFound(REGISTRATION_MESSAGES.notFound);
  const [buildingIds, totals, alerts] = await Promise.all([
    repo.buildingIdsOf(id),
    repo.visitTotals(id),
    repo.alertsOf(id),
  ]);
  const source = sourceOf(row.source);
  return {
    ...toListItem(list, ctx.actor.roleId, today, row.suspendedAt),
    middlename: row.middlename,
    phone: row.phone,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    underReview: row.underReview,
    ddStatus: row.ddStatus,
    photoFileId: row.photoFileId,
    answers: row.answers,
    source,
    hasSignature: row.signature !== null,
    emailWarnings: row.emailWarnings,
    buildingIds,
    visitorId: row.visitorId,
    suspendedReason: row.suspendedReason,
    badgeCode: row.badgeCode,
    volunteerMinutes: totals.minutes,
    visitCount: totals.count,
    arrestAlerts: alerts.map(alertSummary),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

export const alertSummary = (a: Awaited<ReturnType<RegistrationsRepository['alertsOf']>>[number]) => ({
  id: a.id,
  level: a.level,
  levelLabel: confidenceLabel(a.level) ?? `Level ${a.level}`,
  status:
    a.status === 'cleared' || a.status === 'confirmed' ? (a.status as 'cleared' | 'confirmed') : ('open' as const),
  suspends: a.suspends,
  createdAt: a.createdAt.toISOString(),
});

/**
 * The registrations engine (spec 001 §2 actions, §4 states, §9 defaults; ADR 0014): approval,
 * deny, make pending, e-mail warnings, expiration e-mail, photos, buildings, information, badge
 * PDFs and exports of one kind — volunteer registrations or SafeVendor registrations.
 */
export function createRegistrationEngine<D extends { clientId: number }, L>(
  deps: AppDeps,
  cfg: RegistrationKindConfig<D, L>,
) {
  const vendor = cfg.kind === 'vendor';
  const repo = createRegistrationsRepository(deps.db, cfg.kind);
  const fileStore = createFileStore(deps.db);
  const exclusionsRepo = createExclusionsRepository(deps.db);
  /** spec 001 §6; ADR 0014: SafeVendor has its own permissions */
  const P = vendor
    ? ({ read: 'safeVendor.read', manage: 'safeVendor.manage' } as const)
    : ({ read: 'registrations.read', manage: 'registrations.manage' } as const);
  /** audit action names: registration.* or svregistration.* */
  const act = (name: string) => `${vendor ? 'svregistration' : 'registration'}.${name}`;
  /** how e-mails name the registration */
  const what = (r: { registrationType: string }) =>
    vendor ? `SafeVendor registration for ${r.registrationType}` : `${r.registrationType} registration`;

  /** "Today" for expiry and date-of-birth rules: the district's day (§9 dates; clients have no zone, so the default). */
  const today = () => localDateOf(deps.now(), CONSTANTS.defaultTimeZone);

  async function mustFind(ctx: RequestCtx, id: number, tx: Db = deps.db) {
    const row = await repo.findById(ctx.actor, id, tx);
    if (!row) throw notFound(REGISTRATION_MESSAGES.notFound);
    return row;
  }

  const details = (ctx: RequestCtx, id: number): Promise<D> => cfg.present(repo, ctx, id, today());

  /**
   * The §9 single-approval default: the type's settings for a volunteer; one year for a vendor
   * (a company has no expiry settings; ADR 0014).
   */
  async function singleApprovalDefault(
    ctx: RequestCtx,
    row: StoredRegistration,
    day: string,
    underReview: boolean,
    tx: Db = deps.db,
  ) {
    // the date the invitation asked for (spec 001 §3 requestedExpirationDate) while still ahead
    if (!underReview && row.expDate !== null && row.expDate >= day) return row.expDate;
    if (vendor) return underReview ? null : approveAllDefaultExpiry(day);
    const type =
      row.registrationTypeId === null ? undefined : await repo.findType(ctx.actor, row.registrationTypeId, tx);
    return type
      ? defaultApprovalExpiry(
          { badgeByDate: type.badgeByDate, fixedDate: type.strExpDate, months: type.months },
          day,
          underReview,
        )
      : null;
  }

  async function mustLock(ctx: RequestCtx, id: number, tx: Db) {
    const row = await repo.lockById(ctx.actor, id, tx);
    if (!row) throw notFound(REGISTRATION_MESSAGES.notFound);
    return row;
  }

  /** 409 when the registration's state does not offer the action (spec 001 §2 actions menu). */
  function requireOffered(ctx: RequestCtx, row: RuleRow, action: RegistrationAction) {
    if (!offeredActions(rulesOf(row, today()), ctx.actor.roleId, cfg.kind).has(action)) {
      throw conflict(REGISTRATION_MESSAGES.notOffered[action]);
    }
  }

  /**
   * The district visitor record of an approved registration (the desk's check-in and screening
   * work on visitors): the same person on file (issue 22: visitors repository resolveOrInsert,
   * canonical name + date of birth), or a new one. What the person typed only fills what the
   * record lacks ('self').
   */
  async function ensureVisitor(reg: StoredRegistration, tx: Db): Promise<number> {
    if (reg.visitorId !== null) return reg.visitorId;
    const visitorsRepo = createVisitorsRepository(tx);
    const fields = visitorFieldsOf({
      firstname: reg.firstname,
      middlename: reg.middlename,
      lastname: reg.lastname,
      dob: reg.dob,
      street1: reg.street1,
      street2: reg.street2,
      city: reg.city,
      state: reg.state,
      zipcode: /^\d{5}$/.test(reg.zipcode) ? reg.zipcode : '',
      email: reg.email,
      phone: reg.phone,
    });
    return (await visitorsRepo.resolveOrInsert(reg.clientId, null, fields, { mode: 'self' })).id!;
  }

  /**
   * The registration type (volunteer) or vendor company (SafeVendor) a saved registration belongs
   * to, checked against the actor's scope and the registration's district: 400 with the field's
   * error when it is missing, of another district, or a newly chosen inactive one.
   */
  async function resolveOwner(
    ctx: RequestCtx,
    input: SaveInput | SvSaveInput,
    before: StoredRegistration | null,
    tx: Db,
  ): Promise<{
    clientId: number;
    columns: { registrationTypeId: number | null; vendorCompanyId: number | null; vendor: boolean };
    expiry: { badgeByDate: boolean; fixedDate: string | null; months: number | null } | null;
  }> {
    if ('vendorCompanyId' in input) {
      if (!vendor) throw badRequest(REGISTRATION_MESSAGES.typeRequired);
      const fail = (message: string) => badRequest(message, { vendorCompanyId: [message] });
      const company = await repo.findCompany(ctx.actor, input.vendorCompanyId, tx);
      if (!company) throw fail(REGISTRATION_MESSAGES.companyRequired);
      if (before && company.clientId !== before.clientId) throw fail(REGISTRATION_MESSAGES.companyMismatch);
      if (!company.isActive && before?.vendorCompanyId !== company.id)
        throw fail(REGISTRATION_MESSAGES.companyInactive);
      return {
        clientId: company.clientId,
        columns: { registrationTypeId: null, vendorCompanyId: company.id, vendor: true },
        expiry: null,
      };
    }
    if (vendor) throw badRequest(REGISTRATION_MESSAGES.companyRequired);
    const type = await repo.findType(ctx.actor, input.registrationTypeId, tx);
    const typeError = (message: string) => badRequest(message, { registrationTypeId: [message] });
    if (!type) throw typeError(REGISTRATION_MESSAGES.typeRequired);
    if (before && type.clientId !== before.clientId) throw typeError(REGISTRATION_MESSAGES.clientMismatch);
    if (!before && input.clientId !== null && ctx.actor.roleId === ROLE.Admin && input.clientId !== type.clientId) {
      throw typeError(REGISTRATION_MESSAGES.clientMismatch);
    }
    // an existing registration keeps its (possibly deactivated) type; a new choice must be active
    if (!type.isActive && before?.registrationTypeId !== type.id) throw typeError(REGISTRATION_MESSAGES.typeInactive);
    return {
      clientId: type.clientId,
      columns: { registrationTypeId: type.id, vendorCompanyId: null, vendor: false },
      expiry: { badgeByDate: type.badgeByDate, fixedDate: type.strExpDate, months: type.months },
    };
  }

  async function checkPhoto(ctx: RequestCtx, photoFileId: string | null, clientId: number, tx: Db) {
    if (photoFileId === null) return null;
    const meta = await fileStore.findMeta(ctx, photoFileId, tx);
    if (!meta || meta.clientId !== clientId || meta.kind !== 'registration-photo') {
      throw badRequest(REGISTRATION_MESSAGES.photoNotFound, { photoFileId: [REGISTRATION_MESSAGES.photoNotFound] });
    }
    return photoFileId;
  }

  function filterOf(ctx: RequestCtx, q: SearchInput | ExportInput): RegistrationFilter {
    return {
      today: today(),
      // admins may narrow to one client; everyone else is held to their scope by the repository
      clientId: ctx.actor.roleId === ROLE.Admin ? q.clientId : null,
      status: q.status,
      registrationTypeId: 'registrationTypeId' in q ? q.registrationTypeId : null,
      vendorCompanyId: 'vendorCompanyId' in q ? q.vendorCompanyId : null,
      search: 'search' in q ? q.search : '',
      firstname: 'firstname' in q ? q.firstname : '',
      lastname: 'lastname' in q ? q.lastname : '',
      id: 'id' in q ? q.id : '',
      email: 'email' in q ? q.email : '',
      // SafeVendor has no include-expired box: All (§3 status 0) lists every vendor, expired ones
      // included; Approved leaves them to Expired (5), of which they are a display state (§4)
      includeExpired: 'includeExpired' in q ? q.includeExpired : q.status === 'all',
    };
  }

  /**
   * The badge PDF of one or several approved registrations. `markPrinted` (POST only) stores
   * badge_printed_at; a GET (the print window's frame) changes no data (sessions.test: GET routes
   * change nothing but sessions and the audit trail), so its print is recorded in the audit log only.
   */
  async function badgesPdf(ctx: RequestCtx, ids: number[], markPrinted: boolean) {
    requirePermission(ctx.actor, P.manage);
    const unique = [...new Set(ids)];
    const rows = await repo.findListRows(ctx.actor, unique);
    if (rows.length === 0) throw notFound(REGISTRATION_MESSAGES.notFound);
    const day = today();
    if (unique.length === 1) requireOffered(ctx, rows[0], 'print');
    const printable = rows.filter((r) => actionsFor(r, ctx.actor.roleId, day, cfg.kind).includes('print'));
    if (printable.length === 0) throw conflict(REGISTRATION_MESSAGES.nothingToPrint);
    const badges = await badgeContents(ctx, printable);
    const pdf = await buildRegistrationBadgesPdf(badges);
    const printedIds = printable.map((r) => r.id);
    if (markPrinted) await repo.markBadgesPrinted(printedIds, deps.now());
    await deps.audit.record(ctx, {
      action: act('badge.print'),
      targetType: 'registration',
      targetId: printedIds.length === 1 ? printedIds[0] : null,
      clientId: printable[0].clientId,
      details: { ids: printedIds },
    });
    return Buffer.from(pdf);
  }

  /** What the badges of approved rows show (district, type or company, name, expiry, code, photo). */
  async function badgeContents(ctx: RequestCtx, printable: RegistrationListRow[]) {
    const clientNames = new Map<number, string>();
    const badges = [];
    for (const r of printable) {
      if (!clientNames.has(r.clientId)) {
        clientNames.set(r.clientId, (await repo.clientExists(ctx.actor, r.clientId))?.name ?? '');
      }
      badges.push({
        districtName: clientNames.get(r.clientId) ?? '',
        registrationType: r.registrationType,
        name: fullName(r),
        expires: r.expDate ? (formatUsDate(r.expDate) ?? '') : '',
        badgeCode: r.badgeCode,
        photo: r.photoFileId ? await repo.photoBytes(r.photoFileId, r.clientId) : null,
      });
    }
    return badges;
  }

  /**
   * The approval e-mail of print-or-email (spec 001 §7 Approve doPrintOrEmail): with the badge PDF
   * attached when the registration has a printable badge (stored as a 'registration-badge' file,
   * sent to the volunteer's own address only; no link that works without signing in).
   */
  async function sendApprovalEmail(reg: RegistrationListRow, clientName: string, badgeFileId: string | null) {
    const expires = reg.expDate ? formatUsDate(reg.expDate) : null;
    // ADR 0017 (spec 002 §4 Nearby visitor): the personal arrival link; a new approval e-mail
    // replaces the earlier token. It holds only the random token, no personal data.
    const token = await issueArrivalToken(deps.db, reg.id, deps.now());
    await deps.messenger.send([
      {
        clientId: reg.clientId,
        channel: 'email',
        recipient: reg.email,
        subject: `Your ${what(reg)} is approved`,
        body: [
          `Hello ${reg.firstname},`,
          '',
          `Your ${what(reg)} with ${clientName} has been approved${expires ? ` until ${expires}` : ''}.`,
          badgeFileId
            ? 'Your ID badge is attached as a PDF: print it (or ask the district office to print it) and bring it with a photo ID when you come to a school.'
            : 'Your ID badge will be printed for you at the district office; bring a photo ID when you pick it up.',
          '',
          'When you arrive at a school, you can open this personal link on your phone and tap "I\'m arriving" so the front desk knows you are nearby (your position is only sent when you allow it):',
          arrivalLink(deps.config.PUBLIC_URL, token),
        ].join('\n'),
        kind: 'registration.approved',
        ...(badgeFileId ? { attachments: [{ fileId: badgeFileId, fileName: 'badge.pdf' }] } : {}),
      },
    ]);
  }

  return {
    async searchHelp(ctx: RequestCtx) {
      requirePermission(ctx.actor, P.read);
      return { text: REGISTRATION_SEARCH_HELP };
    },

    async types(ctx: RequestCtx) {
      requirePermission(ctx.actor, P.read);
      return { types: await repo.typesInScope(ctx.actor) };
    },

    async search(ctx: RequestCtx, q: SearchInput) {
      requirePermission(ctx.actor, P.read);
      const day = today();
      const page = await repo.search(ctx.actor, {
        ...filterOf(ctx, q),
        page: q.page,
        perPage: q.perPage,
        sort: q.sort,
        dir: q.dir,
      });
      return { ...page, data: page.data.map((r) => cfg.listItem(r, ctx.actor.roleId, day)) };
    },

    /** One registration; a sensitive read (date of birth, address), audited. */
    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.read);
      const out = await details(ctx, id);
      await deps.audit.record(ctx, {
        action: act('read'),
        targetType: 'registration',
        targetId: id,
        clientId: out.clientId,
      });
      return out;
    },

    /**
     * Add (id null) or edit (spec 001 §2 Add/edit, §4 defaults, §5 date of birth). A volunteer
     * belongs to a registration type, a SafeVendor registration to a vendor company (ADR 0014).
     */
    async save(ctx: RequestCtx, id: number | null, input: SaveInput | SvSaveInput) {
      requirePermission(ctx.actor, P.manage);
      const day = today();
      const savedId = await deps.db.transaction(async (tx) => {
        const before = id === null ? null : await mustLock(ctx, id, tx);
        // issue 23 §4: an edit names the version it started from; the row is locked, so the check
        // holds until the commit (an approval made meanwhile is never erased by an older form)
        if (before) {
          if (input.version === undefined)
            throw badRequest(VERSION_REQUIRED_MESSAGE, { version: [VERSION_REQUIRED_MESSAGE] });
          if (input.version !== before.version) throw conflict(STALE_EDIT_MESSAGE);
        }
        const owner = await resolveOwner(ctx, input, before, tx);
        if (!isDobAcceptable(input.dob, day)) {
          throw badRequest(REGISTRATION_MESSAGES.dobFuture, { dob: [REGISTRATION_MESSAGES.dobFuture] });
        }
        const clientId = owner.clientId;
        const photoFileId =
          before && input.photoFileId === before.photoFileId
            ? before.photoFileId
            : await checkPhoto(ctx, input.photoFileId, clientId, tx);
        const values = {
          ...owner.columns,
          firstname: cleanName(input.firstname),
          middlename: cleanName(input.middlename),
          lastname: cleanName(input.lastname),
          email: input.email,
          phone: input.phone,
          dob: input.dob,
          street1: input.street1,
          street2: input.street2,
          city: input.city,
          state: input.state.toUpperCase(),
          zipcode: input.zipcode,
          note: input.note,
          expDate: input.expDate,
          photoFileId,
          // the vendor form has no questions: a vendor keeps the answers of its public form
          ...('answers' in input ? { answers: input.answers } : {}),
        };
        if (before) {
          // The decision (approved / denied / pending) changes only through the actions, which
          // apply the offering rules; the form edits the person and the expiry.
          // a new expiry date earns a new expiry warning (the warning sweep sends one per date)
          await repo.update(
            before.id,
            before.expDate === input.expDate ? values : { ...values, expirationEmailSentAt: null },
            tx,
          );
          await deps.audit.record(
            ctx,
            {
              action: act('update'),
              targetType: 'registration',
              targetId: before.id,
              clientId,
              details: {
                registrationTypeId: { from: before.registrationTypeId, to: owner.columns.registrationTypeId },
                vendorCompanyId: { from: before.vendorCompanyId, to: owner.columns.vendorCompanyId },
                expDate: { from: before.expDate, to: input.expDate },
                photoChanged: before.photoFileId !== photoFileId,
              },
            },
            tx,
          );
          return before.id;
        }
        // §4: a new registration is approved by default (the form may leave it pending); an
        // approved one without a date gets the §9 single-approval default of its type. A new
        // SafeVendor registration is pending: it is approved through Approve (ADR 0014).
        const approved = 'approved' in input ? input.approved : null;
        const expDate =
          input.expDate ?? (approved === true && owner.expiry ? defaultApprovalExpiry(owner.expiry, day, false) : null);
        const newId = await repo.insert(
          {
            ...values,
            expDate,
            clientId,
            approved,
            source: 'admin',
            badgeCode: newRegistrationBadgeCode(),
            decidedBy: approved === null ? null : ctx.actor.userId,
            decidedAt: approved === null ? null : deps.now(),
          },
          tx,
        );
        if (approved === true) {
          const stored = await mustFind(ctx, newId, tx);
          await repo.update(newId, { visitorId: await ensureVisitor(stored, tx) }, tx);
        }
        await deps.audit.record(
          ctx,
          {
            action: act('create'),
            targetType: 'registration',
            targetId: newId,
            clientId,
            details: { ...owner.columns, approved, expDate },
          },
          tx,
        );
        return newId;
      });
      return details(ctx, savedId);
    },

    /** The Approve modal's pre-filled expiration date (§9). */
    async approvalDefault(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.manage);
      const row = await mustFind(ctx, id);
      const day = today();
      return {
        expDate: await singleApprovalDefault(ctx, row, day, false),
        approveAllExpDate: approveAllDefaultExpiry(day),
        today: day,
      };
    },

    /**
     * Approve one or many (§7 Approve; §4 "Bulk approve sends only registrations whose approved
     * is null"; §9 default expiry). Out-of-scope ids are skipped (a single one answers 404).
     */
    async approve(ctx: RequestCtx, input: ApproveInput) {
      requirePermission(ctx.actor, P.manage);
      const ids = [...new Set(input.ids)];
      const single = ids.length === 1;
      const day = today();
      if (input.expDate !== null && input.expDate < day) {
        throw badRequest(REGISTRATION_MESSAGES.expDatePast, { expDate: [REGISTRATION_MESSAGES.expDatePast] });
      }
      const approvedIds: number[] = [];
      await deps.db.transaction(async (tx) => {
        for (const id of ids) {
          const row = await repo.lockById(ctx.actor, id, tx);
          if (!row) {
            if (single) throw notFound(REGISTRATION_MESSAGES.notFound);
            continue;
          }
          let expDate: string | null;
          if (single) {
            requireOffered(ctx, row, 'approve');
            expDate = input.expDate ?? (await singleApprovalDefault(ctx, row, day, input.underReview, tx));
            if (expDate === null && !input.underReview) {
              throw badRequest(REGISTRATION_MESSAGES.expDateRequired, {
                expDate: [REGISTRATION_MESSAGES.expDateRequired],
              });
            }
          } else {
            if (row.approved !== null) continue; // bulk: pending ones only (§4)
            expDate = input.expDate ?? (input.underReview ? null : approveAllDefaultExpiry(day));
          }
          // §4: under review hides the expiration date; none is stored while under review
          if (input.underReview) expDate = null;
          const visitorId = await ensureVisitor(row, tx);
          await repo.update(
            row.id,
            {
              approved: true,
              underReview: input.underReview,
              expDate,
              visitorId,
              decidedBy: ctx.actor.userId,
              decidedAt: deps.now(),
              expirationEmailSentAt: null,
            },
            tx,
          );
          await deps.audit.record(
            ctx,
            {
              action: act('approve'),
              targetType: 'registration',
              targetId: row.id,
              clientId: row.clientId,
              details: { expDate, underReview: input.underReview, bulk: !single },
            },
            tx,
          );
          approvedIds.push(row.id);
        }
      });
      let emailed = 0;
      if (input.doPrintOrEmail && approvedIds.length > 0) {
        const rows = await repo.findListRows(ctx.actor, approvedIds);
        const day = today();
        for (const r of rows) {
          if (!r.email) continue;
          const client = await repo.clientExists(ctx.actor, r.clientId);
          let badgeFileId: string | null = null;
          if (actionsFor(r, ctx.actor.roleId, day, cfg.kind).includes('print')) {
            const pdf = await buildRegistrationBadgesPdf(await badgeContents(ctx, [r]));
            badgeFileId = await fileStore.saveDocument(ctx, r.clientId, 'registration-badge', 'application/pdf', pdf);
          }
          await sendApprovalEmail(r, client?.name ?? '', badgeFileId);
          emailed++;
        }
      }
      const done = new Set(approvedIds);
      return { approvedIds, skippedIds: ids.filter((id) => !done.has(id)), emailed };
    },

    /** Deny; with exclude, the exclusion is added in the same transaction (§2 Deny/Exclude). */
    async deny(ctx: RequestCtx, id: number, input: DenyInput) {
      requirePermission(ctx.actor, P.manage);
      if (input.exclude) requirePermission(ctx.actor, 'exclusions.manage');
      let exclusionId: number | null = null;
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, input.exclude ? 'denyAndExclude' : 'deny');
        await repo.update(
          id,
          { approved: false, underReview: input.underReview, decidedBy: ctx.actor.userId, decidedAt: deps.now() },
          tx,
        );
        await deps.audit.record(
          ctx,
          {
            action: act('deny'),
            targetType: 'registration',
            targetId: id,
            clientId: row.clientId,
            details: { exclude: input.exclude, underReview: input.underReview },
          },
          tx,
        );
        if (input.exclude) {
          // client-wide (every building of the district), linked to the visitor record if there is one
          exclusionId = await exclusionsRepo.insert(
            {
              clientId: row.clientId,
              buildingId: null,
              isGlobal: true,
              active: true,
              visitorId: row.visitorId,
              firstname: cleanName(row.firstname),
              lastname: cleanName(row.lastname),
              dob: row.dob ?? DEFAULT_EXCLUSION_DOB,
              exclusionType: DENY_EXCLUSION_TYPE,
              reason: input.reason || DENY_EXCLUSION_REASON,
              photoFileId: null,
              created: deps.now(),
              createdBy: ctx.actor.userId,
            },
            tx,
          );
          await deps.audit.record(
            ctx,
            {
              action: 'exclusion.create',
              targetType: 'exclusion',
              targetId: exclusionId,
              clientId: row.clientId,
              details: { isGlobal: true, active: true, exclusionType: DENY_EXCLUSION_TYPE, fromRegistration: id },
            },
            tx,
          );
        }
      });
      return { registration: await details(ctx, id), exclusionId };
    },

    async makePending(ctx: RequestCtx, id: number, input: z.output<typeof ZRegistrationMakePending>) {
      requirePermission(ctx.actor, P.manage);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'makePending');
        await repo.update(
          id,
          { approved: null, underReview: input.underReview, decidedBy: ctx.actor.userId, decidedAt: deps.now() },
          tx,
        );
        await deps.audit.record(
          ctx,
          {
            action: act('makePending'),
            targetType: 'registration',
            targetId: id,
            clientId: row.clientId,
            details: { underReview: input.underReview },
          },
          tx,
        );
      });
      return details(ctx, id);
    },

    async cancelEmailWarnings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.manage);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'cancelEmailWarnings');
        await repo.update(id, { emailWarnings: false }, tx);
        await repo.cancelInvitationWarnings(id, deps.now(), tx);
        await deps.audit.record(
          ctx,
          {
            action: act('cancelEmailWarnings'),
            targetType: 'registration',
            targetId: id,
            clientId: row.clientId,
          },
          tx,
        );
      });
      return details(ctx, id);
    },

    async sendExpirationEmail(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.manage);
      const row = await mustFind(ctx, id);
      requireOffered(ctx, row, 'sendExpirationEmail');
      if (!row.email) throw badRequest(REGISTRATION_MESSAGES.noEmail);
      const list = await repo.findListRow(ctx.actor, id);
      const client = await repo.clientExists(ctx.actor, row.clientId);
      const expires = formatUsDate(row.expDate ?? '') ?? '';
      const past = row.expDate !== null && row.expDate < today();
      await deps.messenger.send([
        {
          clientId: row.clientId,
          channel: 'email',
          recipient: row.email,
          subject: `Your ${what({ registrationType: list?.registrationType ?? '' })} ${past ? 'has expired' : 'expires soon'}`,
          body: [
            `Hello ${row.firstname},`,
            '',
            `Your ${what({ registrationType: list?.registrationType ?? '' })} with ${client?.name ?? 'the district'} ${past ? 'expired' : 'expires'} on ${expires}.`,
            vendor
              ? 'To keep working at our schools, please contact the district office to renew it.'
              : 'To keep volunteering, please contact the district office to renew it.',
          ].join('\n'),
          kind: 'registration.expiration',
        },
      ]);
      await repo.update(id, { expirationEmailSentAt: deps.now() });
      await deps.audit.record(ctx, {
        action: act('expirationEmail'),
        targetType: 'registration',
        targetId: id,
        clientId: row.clientId,
      });
      return details(ctx, id);
    },

    /** Stores a photo for a registration form or the Upload Photo action; attached by id afterwards. */
    async uploadPhoto(ctx: RequestCtx, read: () => Promise<{ buffer: Buffer; clientId: number | null }>) {
      requirePermission(ctx.actor, P.manage);
      const { buffer, clientId: requested } = await read();
      let clientId = requested;
      if (ctx.actor.roleId !== ROLE.Admin) {
        if (clientId !== null && clientId !== ctx.actor.clientId) throw notFound('Client not found');
        clientId = ctx.actor.clientId;
      }
      if (clientId === null) throw badRequest('Choose a district.', { clientId: ['Choose a district.'] });
      if (!(await repo.clientExists(ctx.actor, clientId))) throw notFound('Client not found');
      const id = await fileStore.saveImage(ctx, clientId, 'registration-photo', buffer);
      await deps.audit.record(ctx, { action: act('photo.upload'), targetType: 'file', targetId: id, clientId });
      return id;
    },

    async setPhoto(ctx: RequestCtx, id: number, photoFileId: string) {
      requirePermission(ctx.actor, P.manage);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'uploadPhoto');
        await checkPhoto(ctx, photoFileId, row.clientId, tx);
        await repo.update(id, { photoFileId }, tx);
        await deps.audit.record(
          ctx,
          { action: act('photo.set'), targetType: 'registration', targetId: id, clientId: row.clientId },
          tx,
        );
      });
      return details(ctx, id);
    },

    async clearPhoto(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.manage);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'clearPhoto');
        await repo.update(id, { photoFileId: null }, tx);
        await deps.audit.record(
          ctx,
          { action: act('photo.remove'), targetType: 'registration', targetId: id, clientId: row.clientId },
          tx,
        );
      });
      return details(ctx, id);
    },

    async buildings(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.read);
      const row = await mustFind(ctx, id);
      const [buildings, buildingIds] = await Promise.all([repo.clientBuildings(row.clientId), repo.buildingIdsOf(id)]);
      return { buildings, buildingIds };
    },

    async setBuildings(ctx: RequestCtx, id: number, input: z.output<typeof ZRegistrationBuildings>) {
      requirePermission(ctx.actor, P.manage);
      const wanted = [...new Set(input.buildingIds)].sort((a, b) => a - b);
      await deps.db.transaction(async (tx) => {
        const row = await mustLock(ctx, id, tx);
        requireOffered(ctx, row, 'buildings');
        const own = new Set((await repo.clientBuildings(row.clientId, tx)).map((b) => b.id));
        if (wanted.some((b) => !own.has(b))) {
          throw badRequest(REGISTRATION_MESSAGES.buildingsOfClient, {
            buildingIds: [REGISTRATION_MESSAGES.buildingsOfClient],
          });
        }
        await repo.setBuildings(id, wanted, tx);
        await deps.audit.record(
          ctx,
          {
            action: act('buildings'),
            targetType: 'registration',
            targetId: id,
            clientId: row.clientId,
            details: { buildingIds: wanted },
          },
          tx,
        );
      });
      return this.buildings(ctx, id);
    },

    /** Disclosure, authorization, signature and answers (§2 Information; SigDetails); audited read. */
    async information(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, P.read);
      const row = await mustFind(ctx, id);
      const list = await repo.findListRow(ctx.actor, id);
      const sig = row.signature;
      await deps.audit.record(ctx, {
        action: act('information'),
        targetType: 'registration',
        targetId: id,
        clientId: row.clientId,
      });
      return {
        id: row.id,
        name: fullName(row),
        registrationType: list?.registrationType ?? '',
        submittedAt: row.createdAt.toISOString(),
        source: sourceOf(row.source),
        disclosureText: sig?.disclosureText ?? null,
        authorizationText: sig?.authorizationText ?? null,
        // null when an administrator added the registration: nobody signed anything
        signature: sig
          ? {
              kind: sig.kind,
              value: sig.value,
              signedAt: sig.signedAt,
              ip: sig.ip,
              userAgent: sig.userAgent,
              language: sig.language === 'es' ? ('es' as const) : ('en' as const),
            }
          : null,
        answers: row.answers,
      };
    },

    /**
     * Records approved registrations' badges as printed (spec 001 §3 SafeVendor `generated`: the
     * badge has been printed) when the print window is opened; the window's GET changes nothing.
     */
    async markPrinted(ctx: RequestCtx, ids: number[]) {
      requirePermission(ctx.actor, P.manage);
      const unique = [...new Set(ids)];
      const rows = await repo.findListRows(ctx.actor, unique);
      if (rows.length === 0) throw notFound(REGISTRATION_MESSAGES.notFound);
      if (unique.length === 1) requireOffered(ctx, rows[0], 'print');
      const day = today();
      const printedIds = rows
        .filter((r) => actionsFor(r, ctx.actor.roleId, day, cfg.kind).includes('print'))
        .map((r) => r.id);
      if (printedIds.length === 0) throw conflict(REGISTRATION_MESSAGES.nothingToPrint);
      await repo.markBadgesPrinted(printedIds, deps.now());
      await deps.audit.record(ctx, {
        action: act('badge.printed'),
        targetType: 'registration',
        targetId: printedIds.length === 1 ? printedIds[0] : null,
        clientId: rows[0].clientId,
        details: { ids: printedIds },
      });
      return { printedIds };
    },

    /**
     * Sends approved badges as ZPL to a building's network printer (issue 15 "ZPL to the building
     * printer"; spec 002 §4: an address shorter than 7 characters means none) and records them as
     * printed. The building must be in the actor's scope and of the registrations' district.
     */
    async printToBuilding(ctx: RequestCtx, ids: number[], buildingId: number) {
      requirePermission(ctx.actor, P.manage);
      const unique = [...new Set(ids)];
      const rows = await repo.findListRows(ctx.actor, unique);
      if (rows.length === 0) throw notFound(REGISTRATION_MESSAGES.notFound);
      if (unique.length === 1) requireOffered(ctx, rows[0], 'print');
      const day = today();
      const printable = rows.filter((r) => actionsFor(r, ctx.actor.roleId, day, cfg.kind).includes('print'));
      if (printable.length === 0) throw conflict(REGISTRATION_MESSAGES.nothingToPrint);
      const building = await repo.buildingForPrint(ctx.actor, buildingId);
      if (!building) throw notFound('Building not found');
      if (printable.some((r) => r.clientId !== building.clientId)) {
        throw badRequest(REGISTRATION_MESSAGES.buildingsOfClient, {
          buildingId: [REGISTRATION_MESSAGES.buildingsOfClient],
        });
      }
      // a registration badge is not a visitor's: the building's main badge printer
      const address = printerAddressFor(building, 'volunteer');
      if (!address) throw conflict(REGISTRATION_MESSAGES.noPrinter);
      const target = parsePrinterAddress(address);
      if (!target) throw badRequest(REGISTRATION_MESSAGES.badPrinter);
      const zpl = await buildRegistrationBadgesZpl(await badgeContents(ctx, printable));
      try {
        await sendRawTcp(target, zpl);
      } catch {
        throw new AppError('UPSTREAM_UNAVAILABLE', REGISTRATION_MESSAGES.printerDown);
      }
      const printedIds = printable.map((r) => r.id);
      await repo.markBadgesPrinted(printedIds, deps.now());
      await deps.audit.record(ctx, {
        action: act('badge.printed'),
        targetType: 'registration',
        targetId: printedIds.length === 1 ? printedIds[0] : null,
        clientId: building.clientId,
        buildingId: building.id,
        details: { ids: printedIds, printer: 'network' },
      });
      return { printedIds };
    },

    badgePdf: (ctx: RequestCtx, id: number) => badgesPdf(ctx, [id], false),
    badgesPdf,

    /** Checks access like the PDF does (the print window frames it): 404 out of scope, 409 not printable. */
    async checkPrintable(ctx: RequestCtx, ids: number[]) {
      requirePermission(ctx.actor, P.manage);
      const rows = await repo.findListRows(ctx.actor, [...new Set(ids)]);
      if (rows.length === 0) throw notFound(REGISTRATION_MESSAGES.notFound);
      if (ids.length === 1) requireOffered(ctx, rows[0], 'print');
      return rows.map((r) => r.id);
    },

    /** Export of the filtered list through the one export pipeline, with the chosen columns. */
    async exportList(ctx: RequestCtx, q: ExportInput, reply: FastifyReply) {
      requirePermission(ctx.actor, P.manage);
      const filter = filterOf(ctx, q);
      type Row = Awaited<ReturnType<typeof repo.exportBatch>>[number];
      const cell: Record<number, (r: Row) => string | number | null> = {
        1: (r) => r.registrationType,
        2: (r) => registrationDisplay(rulesOf(r, filter.today)).label,
        3: (r) => (r.underReview ? null : r.expDate),
        4: (r) => r.firstname,
        5: (r) => r.lastname,
        6: (r) => r.id,
        7: (r) => r.email,
        8: (r) => r.dob,
        9: (r) => r.note,
        10: (r) => r.phone,
        11: (r) =>
          [r.street1, r.street2, r.city, [r.state, r.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        12: vendor
          ? (r) => (r.badgePrintedAt ? 'Yes' : 'No')
          : (r) => `${Math.floor(r.volunteerMinutes / 60)}:${String(r.volunteerMinutes % 60).padStart(2, '0')}`,
      };
      // SafeVendor (ADR 0014): the same rows, Company for the type and "Badge Printed" for the hours
      const columns = vendor ? SV_REGISTRATION_EXPORT_COLUMNS : REGISTRATION_EXPORT_COLUMNS;
      if (vendor)
        cell[2] = (r) => safeVendorDisplayState({ ...rulesOf(r, filter.today), generated: r.badgePrintedAt !== null });
      const def: ExportDefinition<Row, Record<string, string>> = {
        kind: vendor ? 'svregistrations' : 'registrations',
        permission: P.manage,
        paramsSchema: z.record(z.string(), z.string()),
        columns: columns.map((c) => ({ id: c.id, header: c.header, value: cell[c.id] })),
        rows: (rctx) =>
          keysetBatches(
            1000,
            (r: Row) => r.id,
            (after) => repo.exportBatch(rctx.actor, filter, after, 1000),
          ),
        fileName: () => `${vendor ? 'safevendor_registrations' : 'registrations'}_${filter.today}`,
      };
      const params: Record<string, string> = {};
      if (filter.clientId) params.clientId = String(filter.clientId);
      // an empty column list answers 400 MESSAGES.exportNeedsColumn (selectColumns in the writer)
      return sendExport(deps, ctx, def, { format: q.format, columns: q.columns.join(','), params }, reply);
    },
  };
}
export type RegistrationsService = ReturnType<typeof createRegistrationsService>;
