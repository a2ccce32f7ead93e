import {
  MAX_ID,
  ZIdParam,
  ZRegistrationApprovalDefault,
  ZRegistrationApproveResponse,
  ZRegistrationBadgesQuery,
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
  ZUploadResponse,
  ZVendorCompanyListQuery,
  ZVendorCompanyListResponse,
  ZVendorCompanyOptions,
  ZVendorCompanyRow,
  ZVendorCompanyUpsert,
} from '@sv/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { printWindowHtml } from '../../integrations/printing/print-window';
import type { AppDeps } from '../../platform/deps';
import { readUploadedFile } from '../../platform/files/files';
import { badRequest } from '../../platform/http/app-error';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { createSvRegistrationsService, createVendorCompaniesService } from './safevendor.service';

/** "1,2,3" → ids (each within the integer range), or a 400. */
function parseIds(text: string): number[] {
  const ids = text.split(',').map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_ID)) {
    throw badRequest('Use registration ids from 1 to 2147483647', {
      ids: ['Use registration ids from 1 to 2147483647'],
    });
  }
  return [...new Set(ids)];
}

const fieldNumber = (field: unknown): number | null => {
  const value = (field as { value?: unknown } | undefined)?.value;
  const n = Number(value);
  return typeof value === 'string' && /^\d{1,9}$/.test(value) && n > 0 ? n : null;
};

const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
  reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `inline; filename="${name}"`)
    .type('application/pdf')
    .send(pdf);

/** The print window's PDF address for one or several SafeVendor registrations (GET, so a frame can load it). */
export const svBadgesPdfUrl = (ids: number[]) =>
  ids.length === 1
    ? `/api/sv-registrations/${ids[0]}/badge.pdf`
    : `/api/sv-registrations/badges.pdf?ids=${ids.join(',')}`;

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
 * Searches are POSTs with the terms in the body (security guide: no PII in URLs).
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

  app.post(
    '/api/sv-registrations/search',
    {
      schema: {
        tags,
        summary:
          'SafeVendor registrations in scope, paged (100), by name, Pending by default; status icon and actions per row',
        body: ZSvRegistrationSearch,
        response: { 200: ZSvRegistrationListResponse },
      },
    },
    async (req) => service.search(requireCtx(req), req.body),
  );

  app.post(
    '/api/sv-registrations/export',
    {
      schema: {
        tags,
        summary: 'Export the filtered SafeVendor registrations (CSV or XLSX) with the chosen columns',
        body: ZSvRegistrationExport,
      },
    },
    async (req, reply) => service.exportList(requireCtx(req), req.body, reply),
  );

  app.post(
    '/api/sv-registrations/approve',
    {
      schema: {
        tags,
        summary: 'Approve one SafeVendor registration, or many (only pending ones change); default expiry one year',
        body: ZSvRegistrationApprove,
        response: { 200: ZRegistrationApproveResponse },
      },
    },
    async (req) => service.approve(requireCtx(req), req.body),
  );

  app.post(
    '/api/sv-registrations/photos',
    {
      schema: {
        tags,
        summary: 'Upload a SafeVendor photo (multipart: file, and clientId for admins); answers { results: [{ id }] }',
        response: { 200: ZUploadResponse },
      },
    },
    async (req) => {
      const id = await service.uploadPhoto(requireCtx(req), async () => {
        const { buffer, fields } = await readUploadedFile(req);
        return { buffer, clientId: fieldNumber(fields.clientId) };
      });
      return { results: [{ id }] };
    },
  );

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

  app.get(
    '/api/sv-registrations/badges.pdf',
    {
      schema: {
        tags,
        summary: 'Badges of several approved SafeVendor registrations in one PDF (ids=1,2,3; at most 100)',
        querystring: ZRegistrationBadgesQuery,
      },
    },
    async (req, reply) =>
      sendPdf(reply, await service.badgesPdf(requireCtx(req), parseIds(req.query.ids), false), 'safevendor-badges.pdf'),
  );

  app.post(
    '/api/sv-registrations',
    {
      schema: {
        tags,
        summary: 'Add a SafeVendor registration (pending; a date of birth is required)',
        body: ZSvRegistrationSave,
        response: { 200: ZSvRegistration },
      },
    },
    async (req) => service.save(requireCtx(req), null, req.body),
  );

  app.get(
    '/api/sv-registrations/:id',
    {
      schema: {
        tags,
        summary: 'One SafeVendor registration (audited read)',
        params: ZIdParam,
        response: { 200: ZSvRegistration },
      },
    },
    async (req) => service.get(requireCtx(req), req.params.id),
  );

  app.put(
    '/api/sv-registrations/:id',
    {
      schema: {
        tags,
        summary: 'Edit a SafeVendor registration (its decision changes only through the actions)',
        params: ZIdParam,
        body: ZSvRegistrationSave,
        response: { 200: ZSvRegistration },
      },
    },
    async (req) => service.save(requireCtx(req), req.params.id, req.body),
  );

  app.get(
    '/api/sv-registrations/:id/approval-default',
    {
      schema: {
        tags,
        summary: 'The expiration date the Approve modal pre-fills (one year from today in the district)',
        params: ZIdParam,
        response: { 200: ZRegistrationApprovalDefault },
      },
    },
    async (req) => service.approvalDefault(requireCtx(req), req.params.id),
  );

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
  action('cancel-email-warnings', 'Stop the e-mail warnings of the SafeVendor registration', (ctx, id) =>
    service.cancelEmailWarnings(ctx, id),
  );
  action('expiration-email', 'Send the expiration e-mail of the SafeVendor registration now', (ctx, id) =>
    service.sendExpirationEmail(ctx, id),
  );

  app.delete(
    '/api/sv-registrations/:id/photo',
    {
      schema: { tags, summary: 'Remove the photo (Clear Photo)', params: ZIdParam, response: { 200: ZSvRegistration } },
    },
    async (req) => service.clearPhoto(requireCtx(req), req.params.id),
  );

  app.get(
    '/api/sv-registrations/:id/information',
    {
      schema: {
        tags,
        summary: 'Disclosure, authorization and signature of the SafeVendor registration (audited read)',
        params: ZIdParam,
        response: { 200: ZRegistrationInformation },
      },
    },
    async (req) => service.information(requireCtx(req), req.params.id),
  );

  app.get(
    '/api/sv-registrations/:id/badge.pdf',
    { schema: { tags, summary: 'The SafeVendor badge PDF (approved registrations)', params: ZIdParam } },
    async (req, reply) =>
      sendPdf(reply, await service.badgePdf(requireCtx(req), req.params.id), `safevendor-badge-${req.params.id}.pdf`),
  );

  // spec 001 §2 server-rendered windows. The router is case-insensitive, so
  // /Badge/printsvregistration/{id} is the same route as /Badge/PrintSVRegistration/{id}.
  app.get('/Badge/PrintSVRegistration/:id', { schema: { hide: true, params: ZIdParam } }, async (req, reply) => {
    const ids = await service.checkPrintable(requireCtx(req), [req.params.id]);
    return reply.type('text/html; charset=utf-8').send(printWindowHtml(svBadgesPdfUrl(ids), 'Badge'));
  });

  app.get(
    '/Badge/PrintSVRegistrations',
    { schema: { hide: true, querystring: ZRegistrationBadgesQuery } },
    async (req, reply) => {
      const ids = await service.checkPrintable(requireCtx(req), parseIds(req.query.ids));
      return reply.type('text/html; charset=utf-8').send(printWindowHtml(svBadgesPdfUrl(ids), 'Badges'));
    },
  );

  app.get('/SVRegistration/Info/:id', { schema: { hide: true, params: ZIdParam } }, async (req, reply) => {
    const info = await service.information(requireCtx(req), req.params.id);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="safevendor-information-${info.id}.html"`)
      .type('text/html; charset=utf-8')
      .send(informationHtml(info));
  });
}
