import {
  ZIdParam,
  ZRegistrationInformation,
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
  ZVendorCompanyUpsert,
} from '@sv/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { registrationKindRoutes } from '../registrations/registrations.engine-routes';
import { createSvRegistrationsService, createVendorCompaniesService } from './safevendor.service';

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The downloadable information page (spec 001 §2 "information (disclosure and authorization sections with download)"). */
function informationHtml(info: z.infer<typeof ZRegistrationInformation>): string {
  const section = (title: string, text: string | null) =>
    `<h2>${html(title)}</h2><p style="white-space:pre-wrap">${html(text ?? 'Not signed: added by an administrator.')}</p>`;
  const sig = info.signature;
  const signature = sig
    ? `<h2>Signature</h2>${
        sig.kind === 'drawn' && /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(sig.value)
          ? `<img alt="Drawn signature" src="${sig.value}" style="max-width:400px">`
          : `<p>${html(sig.value)}</p>`
      }<p>Signed ${html(sig.signedAt)} from ${html(sig.ip)} (${html(sig.userAgent)})</p>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SafeVendor registration ${info.id}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px}</style></head>
<body><h1>SafeVendor registration ${info.id}: ${html(info.name)}</h1>
<p>Company: ${html(info.registrationType)}. Submitted ${html(info.submittedAt)} (${html(info.source)}).</p>
${section('Disclosure', info.disclosureText)}
${section('Authorization', info.authorizationText)}
${signature}
</body></html>`;
}

/**
 * SafeVendor (spec 001 §2 SafeVendor list, add/edit, 'SafeVendor Companies'; §7 the SettingsData
 * SVC and SVRegistration calls, replaced by the REST API listed in contracts/safevendor.ts).
 * Searches are POSTs with the terms in the body (security guide: no PII in URLs). The routes
 * volunteer registrations share are registrationKindRoutes' (`shared`); SafeVendor's own are here.
 */
export async function safeVendorRoutes(app: ZodApp, deps: AppDeps) {
  const companies = createVendorCompaniesService(deps);
  const service = createSvRegistrationsService(deps);
  const tags = ['safevendor'];

  // ---------------------------------------------------------------- vendor companies

  app.get(
    '/api/vendor-companies',
    {
      schema: {
        tags,
        summary: 'Vendor companies in scope: paged (100), sorted by name, active-only by default',
        querystring: ZVendorCompanyListQuery,
        response: { 200: ZVendorCompanyListResponse },
      },
    },
    async (req) => companies.list(requireCtx(req), req.query),
  );

  app.post(
    '/api/vendor-companies',
    {
      schema: {
        tags,
        summary: 'Add a vendor company (URL code unique within the district, types included; 409 on a clash)',
        body: ZVendorCompanyUpsert,
        response: { 200: ZVendorCompanyRow },
      },
    },
    async (req) => companies.create(requireCtx(req), req.body),
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
        summary: 'Edit a vendor company (its district does not change)',
        params: ZIdParam,
        body: ZVendorCompanyUpsert,
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

  app.get('/SVRegistration/Info/:id', { schema: { hide: true, params: ZIdParam } }, async (req, reply) => {
    const info = await service.information(requireCtx(req), req.params.id);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="safevendor-information-${info.id}.html"`)
      .type('text/html; charset=utf-8')
      .send(informationHtml(info));
  });
}
