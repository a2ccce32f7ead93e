import {
  can,
  ROLE,
  SV_REGISTRATION_ACTIONS,
  type TSvRegistration,
  type TSvRegistrationListItem,
  type TVendorCompanyValues,
  type ZSvRegistrationApprove,
  type ZVendorCompanyListQuery,
} from '@sv/contracts';
import { backgroundCheckNote, registrationDisplay, safeVendorDisplayState } from '@sv/domain';
import type { z } from 'zod';
import { requirePermission } from '../../platform/auth/permission';
import { mustHaveSaved, refuseStale } from '../../platform/db/versions';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import {
  type RegistrationListRow,
  type RegistrationsRepository,
  actionsFor,
  alertSummary,
  createRegistrationEngine,
  type RegistrationEngineParts,
  REGISTRATION_MESSAGES,
  registrationSourceOf,
  rulesOf,
} from '../registrations';
import { createVendorCompaniesRepository } from './safevendor.repository';

export const VENDOR_COMPANY_MESSAGES = {
  notFound: 'Vendor company not found',
  clientRequired: 'Choose a district.',
  codeTaken: 'This URL code is already used by a vendor company or registration type of this district.',
  codeTakenField: 'This URL code is already in use',
} as const;

const codeTaken = () =>
  new AppError('CONFLICT', VENDOR_COMPANY_MESSAGES.codeTaken, { code: [VENDOR_COMPANY_MESSAGES.codeTakenField] });

/** A unique violation of (client_id, code) raced past the check: the same field error. */
function isUniqueViolation(e: unknown) {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
}

/** Vendor companies (spec 001 §2 'SafeVendor Companies': Name, URL Code, Username; active-only; add; edit in a modal). */
export function createVendorCompaniesService(
  deps: AppDeps,
  { repo }: { repo: ReturnType<typeof createVendorCompaniesRepository> },
) {
  async function mustFind(ctx: RequestCtx, id: number) {
    const row = await repo.findRow(ctx.actor, id);
    if (!row) throw notFound(VENDOR_COMPANY_MESSAGES.notFound);
    return row;
  }

  const valuesOf = (v: TVendorCompanyValues) => ({
    name: v.name,
    code: v.code,
    ddUsername: v.ddUsername,
    isActive: v.isActive,
    inArrestWatch: v.inArrestWatch,
  });

  return {
    async list(ctx: RequestCtx, q: z.output<typeof ZVendorCompanyListQuery>) {
      requirePermission(ctx.actor, 'vendorCompanies.read');
      // admins may narrow to a district; everyone else is held to their own by the repository
      const clientId = ctx.actor.roleId === ROLE.Admin ? q.clientId : undefined;
      return repo.list(ctx.actor, { ...q, clientId });
    },

    async get(ctx: RequestCtx, id: number) {
      requirePermission(ctx.actor, 'vendorCompanies.read');
      return mustFind(ctx, id);
    },

    /** Companies for the SafeVendor filter and form (svregistrationdata/vendorcompanies). */
    async options(ctx: RequestCtx) {
      requirePermission(ctx.actor, 'safeVendor.read');
      return { companies: await repo.options(ctx.actor) };
    },

    async create(ctx: RequestCtx, body: TVendorCompanyValues) {
      requirePermission(ctx.actor, 'vendorCompanies.manage');
      const clientId = ctx.actor.roleId === ROLE.Admin ? body.clientId : ctx.actor.clientId;
      if (clientId === null) {
        throw badRequest(VENDOR_COMPANY_MESSAGES.clientRequired, {
          clientId: [VENDOR_COMPANY_MESSAGES.clientRequired],
        });
      }
      if (!(await repo.clientInScope(ctx.actor, clientId))) throw notFound('Client not found');
      if (await repo.codeTaken(clientId, body.code)) throw codeTaken();
      let id: number;
      try {
        id = await repo.insert(clientId, valuesOf(body));
      } catch (e) {
        if (isUniqueViolation(e)) throw codeTaken();
        throw e;
      }
      await deps.audit.record(ctx, {
        action: 'vendorCompany.create',
        targetType: 'vendor_company',
        targetId: id,
        clientId,
        details: { name: body.name, code: body.code, isActive: body.isActive, inArrestWatch: body.inArrestWatch },
      });
      return mustFind(ctx, id);
    },

    async update(ctx: RequestCtx, id: number, body: TVendorCompanyValues & { version: number }) {
      requirePermission(ctx.actor, 'vendorCompanies.manage');
      const before = await repo.findById(ctx.actor, id);
      if (!before) throw notFound(VENDOR_COMPANY_MESSAGES.notFound);
      refuseStale(before, body.version);
      if (await repo.codeTaken(before.clientId, body.code, id)) throw codeTaken();
      try {
        mustHaveSaved(await repo.update(ctx.actor, id, valuesOf(body), body.version));
      } catch (e) {
        if (isUniqueViolation(e)) throw codeTaken();
        throw e;
      }
      await deps.audit.record(ctx, {
        action: 'vendorCompany.update',
        targetType: 'vendor_company',
        targetId: id,
        clientId: before.clientId,
        details: {
          name: { from: before.name, to: body.name },
          code: { from: before.code, to: body.code },
          isActive: { from: before.isActive, to: body.isActive },
          inArrestWatch: { from: before.inArrestWatch, to: body.inArrestWatch },
        },
      });
      return mustFind(ctx, id);
    },
  };
}

/** A SafeVendor list row (spec 001 §3 SafeVendor registration; §2 status icon; §4 actions). */
export function svListItem(r: RegistrationListRow, roleId: number, today: string): TSvRegistrationListItem {
  const rules = rulesOf(r, today);
  const generated = r.badgePrintedAt !== null;
  const offered = new Set(actionsFor(r, roleId, today, 'vendor'));
  if (r.vendorCompanyId === null) throw new Error('A SafeVendor registration without a company');
  return {
    id: r.id,
    clientId: r.clientId,
    vendorCompanyId: r.vendorCompanyId,
    company: r.registrationType,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    dob: r.dob,
    expDate: r.expDate,
    note: r.note,
    approved: r.approved,
    isExpired: rules.isExpired === true,
    generated,
    ddStatus: r.ddStatus,
    hasPhoto: r.photoFileId !== null,
    displayState: safeVendorDisplayState({ ...rules, generated }),
    backgroundCheckNote: backgroundCheckNote(rules),
    suspended: r.suspendedAt !== null,
    actions: SV_REGISTRATION_ACTIONS.filter((a) => offered.has(a)),
  };
}

/** One SafeVendor registration (the SafeVendor API's answer). */
async function svDetails(
  repo: RegistrationsRepository,
  ctx: RequestCtx,
  id: number,
  today: string,
): Promise<TSvRegistration> {
  const row = await repo.findById(ctx.actor, id);
  const list = await repo.findListRow(ctx.actor, id);
  if (!row || !list) throw notFound(REGISTRATION_MESSAGES.notFound);
  const [alerts, renewedById] = await Promise.all([repo.alertsOf(id), repo.renewedBy(ctx.actor, id)]);
  return {
    ...svListItem(list, ctx.actor.roleId, today),
    middlename: row.middlename,
    phone: row.phone,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    photoFileId: row.photoFileId,
    // the badge's credential: for those who print badges, not for every reader of the list
    badgeCode: can(ctx.actor, 'safeVendor.manage') ? row.badgeCode : '',
    source: registrationSourceOf(row.source),
    hasSignature: row.signature !== null,
    emailWarnings: row.emailWarnings,
    visitorId: row.visitorId,
    suspendedReason: row.suspendedReason,
    arrestAlerts: alerts.map(alertSummary),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
    // ADR 0038: a renewal says what it renews (spec 001 §4), and both link each other
    renewal: registrationDisplay(rulesOf(list, today)).renewal,
    renewalOfId: row.renewalOfId,
    renewedById,
  };
}

/**
 * SafeVendor registrations (ADR 0014): the registrations engine run for `vendor = true` rows —
 * the same approval, deny, make pending, photos, information, badges and exports, with the
 * SafeVendor offering rules (domain safeVendorActions) and the SafeVendor answers.
 */
export function createSvRegistrationsService(deps: AppDeps, parts: RegistrationEngineParts) {
  const engine = createRegistrationEngine(deps, parts, { kind: 'vendor', present: svDetails, listItem: svListItem });
  return {
    ...engine,
    /** §3 Approval details: ids, expDate, doPrint, doPrintOrEmail (vendors are never under review). */
    approve: (ctx: RequestCtx, input: z.output<typeof ZSvRegistrationApprove>) =>
      engine.approve(ctx, { ...input, underReview: false }),
    /** §4 deny: a vendor is denied without the volunteers' Deny/Exclude. */
    deny: async (ctx: RequestCtx, id: number) =>
      (await engine.deny(ctx, id, { exclude: false, underReview: false, reason: '' })).registration,
    makePending: (ctx: RequestCtx, id: number) => engine.makePending(ctx, id, { underReview: false }),
  };
}
export type VendorCompaniesService = ReturnType<typeof createVendorCompaniesService>;
export type SvRegistrationsService = ReturnType<typeof createSvRegistrationsService>;
