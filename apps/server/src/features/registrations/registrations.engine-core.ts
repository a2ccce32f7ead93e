import {
  CONSTANTS,
  ROLE,
  type ZRegistrationApprove,
  type ZRegistrationDeny,
  type ZRegistrationExport,
  type ZRegistrationSave,
  type ZRegistrationSearch,
  type ZSvRegistrationExport,
  type ZSvRegistrationSave,
  type ZSvRegistrationSearch,
} from '@sv/contracts';
import {
  approveAllDefaultExpiry,
  canonicalName,
  defaultApprovalExpiry,
  formatUsDate,
  localDateOf,
  type RegistrationAction,
  registrationStatus,
} from '@sv/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { AppDeps } from '../../platform/deps';
import { createFileStore } from '../../platform/files/files';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error';
import { districtScope } from '../../platform/db/scope';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ExclusionsRepository } from '../exclusions';
import { createVisitorsRepository, visitorFieldsOf } from '../visitors';
import { type NearbyRepository, arrivalLink } from '../nearby';
import {
  type RegistrationFilter,
  type RegistrationKind,
  type RegistrationListRow,
  type RegistrationsRepository,
  type StoredRegistration,
} from './registrations.repository';
import { RuleRow, fullName, offeredActions, rulesOf } from './registrations.rules';
import { REGISTRATION_MESSAGES } from './registrations.rules';

export type SaveInput = z.output<typeof ZRegistrationSave>;
export type SvSaveInput = z.output<typeof ZSvRegistrationSave>;
export type SearchInput = z.output<typeof ZRegistrationSearch> | z.output<typeof ZSvRegistrationSearch>;
export type ApproveInput = z.output<typeof ZRegistrationApprove>;
export type DenyInput = z.output<typeof ZRegistrationDeny>;
export type ExportInput = z.output<typeof ZRegistrationExport> | z.output<typeof ZSvRegistrationExport>;

/**
 * What differs between the kinds the engine runs (ADR 0014): the repository's kind, and the
 * shapes the kind's API answers with — one registration (`present`) and a list row (`listItem`).
 */
export interface RegistrationKindConfig<D, L> {
  kind: RegistrationKind;
  present(repo: RegistrationsRepository, ctx: RequestCtx, id: number, today: string): Promise<D>;
  listItem(row: RegistrationListRow, roleId: number, today: string): L;
}

/** What an engine is built on (composition.ts): its kind's repository and the exclusions repository. */
export interface RegistrationEngineParts {
  repo: RegistrationsRepository;
  exclusionsRepo: ExclusionsRepository;
  nearbyRepo: Pick<NearbyRepository, 'issueArrivalToken'>;
  /**
   * The renewal invitation the office sends with "Send Expiration Email" (issue 25, audit 001 B4;
   * ADR 0038): true when the person was sent a renewal link (features/invitations).
   */
  renewals: { inviteNow(ctx: RequestCtx, registrationId: number): Promise<boolean> };
}

/**
 * What every use-case module of the registrations engine shares (issue 24 §1: the engine split by
 * use case): the kind's repository, its permissions and audit names, and the helpers.
 */
export function createEngineCore<D extends { clientId: number }, L>(
  deps: AppDeps,
  { repo, exclusionsRepo, nearbyRepo, renewals }: RegistrationEngineParts,
  cfg: RegistrationKindConfig<D, L>,
) {
  const vendor = cfg.kind === 'vendor';
  if (repo.kind !== cfg.kind) throw new Error(`a ${cfg.kind} registrations engine needs the ${cfg.kind} repository`);
  const fileStore = createFileStore(deps.db);
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
    const rules = rulesOf(row, today());
    if (!offeredActions(rules, ctx.actor.roleId, cfg.kind).has(action)) {
      if (action === 'print' && rules.suspended && registrationStatus(rules) === 'approved') {
        throw conflict(REGISTRATION_MESSAGES.printSuspended);
      }
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
    const visitorsRepo = createVisitorsRepository(tx);
    const visitorId = reg.visitorId ?? (await resolveVisitor(reg, visitorsRepo));
    // issue 25 (audit 001 U2): the registration's photo is the desk's photo on file for a record
    // that has none (the badge prints it; the desk compared the face with nothing)
    if (reg.photoFileId)
      await visitorsRepo.setPhoto(districtScope(reg.clientId), visitorId, reg.photoFileId, { onlyIfNone: true });
    return visitorId;
  }

  async function resolveVisitor(
    reg: StoredRegistration,
    visitorsRepo: ReturnType<typeof createVisitorsRepository>,
  ): Promise<number> {
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
   * ADR 0035 (issue 25, audit 001 U3): the same person (canonical first and last name, date of
   * birth) may not hold two live registrations — pending, or approved and not expired — of the
   * same registration type (or vendor company) in a district. The office is told which one exists
   * so it opens that one; a denied or expired registration does not block a new application.
   * ADR 0038: a renewal and the registration it renews are one person's one registration while
   * the renewal waits for its approval (which supersedes the original), so neither blocks an edit
   * of the other; any third live registration of the person is still refused.
   */
  async function refuseDuplicate(
    p: {
      clientId: number;
      registrationTypeId: number | null;
      vendorCompanyId: number | null;
      firstname: string;
      lastname: string;
      dob: string | null;
      exceptId: number | null;
      /** the registration being saved renews this one (ADR 0038) */
      renewalOfId?: number | null;
    },
    day: string,
    tx: Db,
  ) {
    if (!p.dob) return;
    const candidates = await repo.liveOfOwnerByDob({ ...p, dob: p.dob, today: day, exceptId: p.exceptId }, tx);
    const first = canonicalName(p.firstname);
    const last = canonicalName(p.lastname);
    const renewalPair = (c: { id: number; renewalOfId: number | null }) =>
      (p.renewalOfId != null && c.id === p.renewalOfId) || (p.exceptId !== null && c.renewalOfId === p.exceptId);
    const same = candidates.find(
      (c) => !renewalPair(c) && canonicalName(c.firstname) === first && canonicalName(c.lastname) === last,
    );
    if (!same) return;
    const message = REGISTRATION_MESSAGES.duplicate(
      `${same.firstname} ${same.lastname}`,
      same.approved === null ? 'a pending' : 'an approved',
      p.vendorCompanyId !== null ? 'company' : 'type',
      same.id,
    );
    throw new AppError('CONFLICT', message, { lastname: [message] });
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
    const token = await nearbyRepo.issueArrivalToken(reg.id, deps.now());
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
    deps,
    cfg,
    repo,
    exclusionsRepo,
    nearbyRepo,
    renewals,
    vendor,
    fileStore,
    P,
    act,
    what,
    today,
    mustFind,
    details,
    singleApprovalDefault,
    mustLock,
    requireOffered,
    ensureVisitor,
    refuseDuplicate,
    resolveOwner,
    checkPhoto,
    filterOf,
    badgeContents,
    sendApprovalEmail,
  };
}
export type EngineCore<D extends { clientId: number }, L> = ReturnType<typeof createEngineCore<D, L>>;
