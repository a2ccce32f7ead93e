import {
  ZIdParam,
  ZSvRegistration,
  ZSvRegistrationApprove,
  ZSvRegistrationExport,
  ZSvRegistrationListResponse,
  ZSvRegistrationPrint,
  ZSvRegistrationPrintResponse,
  ZSvRegistrationPrintToBuilding,
  ZSvRegistrationSave,
  ZSvRegistrationSearch,
  ZVendorCompanyListQuery,
  ZVendorCompanyListResponse,
  ZVendorCompanyOptions,
  ZVendorCompanyRow,
  ZVendorCompanyUpdate,
  ZVendorCompanyUpsert,
} from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { sendInformationPage, registrationKindRoutes } from '../registrations';
import type { SvRegistrationsService, VendorCompaniesService } from './safevendor.service';

const ZSvExportWindowQuery = z.looseObject({
  status: z.string().max(20).optional(),
  companyId: z.string().max(20).optional(),
});

/** The old window's status ids (spec 001 §3: 0 All, 1 Pending, 2 Approved, 3 Denied, 5 Expired) or the list's names. */
const SV_WINDOW_STATUS: Record<string, string> = {
  '0': 'all',
  '1': 'pending',
  '2': 'approved',
  '3': 'denied',
  '5': 'expired',
  all: 'all',
  pending: 'pending',
  approved: 'approved',
  denied: 'denied',
  expired: 'expired',
};
const svStatusOfWindow = (status: string | undefined) =>
  status === undefined ? null : (SV_WINDOW_STATUS[status.trim().toLowerCase()] ?? null);

/**
 * SafeVendor (spec 001 §2 SafeVendor list, add/edit, 'SafeVendor Companies'; §7 the SettingsData
 * SVC and SVRegistration calls, replaced by the REST API listed in contracts/safevendor.ts).
 * Searches are POSTs with the terms in the body (security guide: no PII in URLs). The routes
 * volunteer registrations share are registrationKindRoutes' (`shared`); SafeVendor's own are here.
 */
export async function safeVendorRoutes(
  app: ZodApp,
  deps: AppDeps,
  { companies, service }: { companies: VendorCompaniesService; service: SvRegistrationsService },
) {
  const once = createIdempotentRoutes(deps);
  const tags = ['safevendor'];

  // ---------------------------------------------------------------- vendor companies

  app.get(
    '/api/vendor-companies',
    {
      schema: {
        tags,
        summary: 'Vendor companies in scope: paged (100), sorted by name, active-only by default',
        // the search words only travel in the POST …/search body (security guide: none in URLs)
        querystring: ZVendorCompanyListQuery.omit({ q: true }),
        response: { 200: ZVendorCompanyListResponse },
      },
    },
    async (req) => companies.list(requireCtx(req), { ...req.query, q: '' }),
  );

  // issue 25 (audit 000 U1): the same list searched on the server; the text stays out of the URL
  app.post(
    '/api/vendor-companies/search',
    {
      schema: {
        tags,
        summary:
          'Vendor companies in scope: paged (100), sorted by name, active-only by default; searched on the server by q (issue 25: the words in the body, never the URL)',
        body: ZVendorCompanyListQuery,
        response: { 200: ZVendorCompanyListResponse },
      },
    },
    async (req) => companies.list(requireCtx(req), req.body),
  );

  app.post(
    '/api/vendor-companies',
    {
      schema: {
        tags,
        summary: `Add a vendor company (URL code unique within the district, types included; 409 on a clash) ${IDEMPOTENCY_NOTE}`,
        body: ZVendorCompanyUpsert,
        response: { 200: ZVendorCompanyRow },
      },
    },
    async (req) => once(req, () => companies.create(requireCtx(req), req.body)),
  );

  app.get(
    '/api/vendor-companies/:id',
    { schema: { tags, summary: 'One vendor company', params: ZIdParam, response: { 200: ZVendorCompanyRow } } },
    async (req) => companies.get(requireCtx(req), req.params.id),
  );

  app.put(
    '/api/vendor-companies/:id',
    {
      schema: {
        tags,
        summary: 'Edit a vendor company (its district does not change; a stale version answers 409)',
        params: ZIdParam,
        body: ZVendorCompanyUpdate,
        response: { 200: ZVendorCompanyRow },
      },
    },
    async (req) => companies.update(requireCtx(req), req.params.id, req.body),
  );

  // ---------------------------------------------------------------- SafeVendor registrations

  app.get(
    '/api/sv-registrations/companies',
    {
      schema: {
        tags,
        summary: 'Vendor companies in scope (active and inactive) for the SafeVendor filter and form',
        response: { 200: ZVendorCompanyOptions },
      },
    },
    async (req) => companies.options(requireCtx(req)),
  );

  const shared = registrationKindRoutes(app, {
    once,
    prefix: '/api/sv-registrations',
    tags,
    service,
    contracts: {
      search: ZSvRegistrationSearch,
      list: ZSvRegistrationListResponse,
      export: ZSvRegistrationExport,
      approve: ZSvRegistrationApprove,
      save: ZSvRegistrationSave,
      registration: ZSvRegistration,
    },
    summaries: {
      search:
        'SafeVendor registrations in scope, paged (100), by name, Pending by default; status icon and actions per row',
      export: 'Export the filtered SafeVendor registrations (CSV or XLSX) with the chosen columns',
      approve: 'Approve one SafeVendor registration, or many (only pending ones change); default expiry one year',
      uploadPhoto:
        'Upload a SafeVendor photo (multipart: file, and clientId for admins); answers { results: [{ id }] }',
      badgesPdf: 'Badges of several approved SafeVendor registrations in one PDF (ids=1,2,3; at most 100)',
      create: 'Add a SafeVendor registration (pending; a date of birth is required)',
      get: 'One SafeVendor registration (audited read)',
      update: 'Edit a SafeVendor registration (its decision changes only through the actions)',
      approvalDefault: 'The expiration date the Approve modal pre-fills (one year from today in the district)',
      cancelEmailWarnings: 'Stop the e-mail warnings of the SafeVendor registration',
      expirationEmail: 'Send the expiration e-mail of the SafeVendor registration now',
      information: 'Disclosure, authorization and signature of the SafeVendor registration (audited read)',
      badgePdf: 'The SafeVendor badge PDF (approved registrations)',
    },
    fileName: 'safevendor',
    printWindow: '/Badge/PrintSVRegistration',
    listPage: { href: '/svregistration', label: 'Back to the SafeVendor registrations' },
  });

  shared.through('uploadPhoto'); // search, export, approve, photo upload

  app.post(
    '/api/sv-registrations/print',
    {
      schema: {
        tags,
        summary: 'Record approved SafeVendor badges as printed (generated) as the print window opens',
        body: ZSvRegistrationPrint,
        response: { 200: ZSvRegistrationPrintResponse },
      },
    },
    async (req) => service.markPrinted(requireCtx(req), req.body.ids),
  );

  app.post(
    '/api/sv-registrations/print-to-building',
    {
      schema: {
        tags,
        summary:
          'Send approved SafeVendor badges as ZPL to a building’s network printer (of their district) and record them as printed',
        body: ZSvRegistrationPrintToBuilding,
        response: { 200: ZSvRegistrationPrintResponse },
      },
    },
    async (req) => service.printToBuilding(requireCtx(req), req.body.ids, req.body.buildingId),
  );

  shared.through('approvalDefault'); // the badges PDF of the print window, add, get, edit, the approval default

  const action = (
    path: string,
    summary: string,
    run: (ctx: ReturnType<typeof requireCtx>, id: number) => Promise<unknown>,
  ) =>
    app.post(
      `/api/sv-registrations/:id/${path}`,
      { schema: { tags, summary, params: ZIdParam, response: { 200: ZSvRegistration } } },
      async (req) => run(requireCtx(req), req.params.id) as Promise<z.infer<typeof ZSvRegistration>>,
    );
  action('deny', 'Deny the SafeVendor request (offered when not denied and not expired)', (ctx, id) =>
    service.deny(ctx, id),
  );
  action('make-pending', 'Mark the SafeVendor request pending again (offered when decided)', (ctx, id) =>
    service.makePending(ctx, id),
  );

  shared.through('printWindows'); // e-mail actions, clear photo, information, badge PDF, the print windows

  app.get('/SVRegistration/Info/:id', { schema: { hide: true, params: ZIdParam } }, async (req, reply) =>
    sendInformationPage(reply, await service.information(requireCtx(req), req.params.id), {
      title: 'SafeVendor registration',
      owner: 'Company',
      fileName: 'safevendor-information',
    }),
  );

  // spec 001 §2 window /SVRegistration/Export?status&companyId&search (issue 25, audit 001 B2): the
  // list with its export dialog open and the window's status and company chosen. The search text
  // is not carried over: no personal data in URLs (security guide); the list keeps its own.
  app.get(
    '/SVRegistration/Export',
    { schema: { hide: true, querystring: ZSvExportWindowQuery } },
    async (req, reply) => {
      service.requireManager(requireCtx(req));
      const target = new URLSearchParams({ export: '1' });
      const status = svStatusOfWindow(req.query.status);
      if (status) target.set('status', status);
      if (req.query.companyId && /^\d{1,9}$/.test(req.query.companyId)) target.set('companyId', req.query.companyId);
      return reply.redirect(`/svregistration?${target.toString()}`, 302);
    },
  );
}
