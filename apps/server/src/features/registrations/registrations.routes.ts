import {
  MAX_ID,
  ZIdParam,
  ZPrintResponse,
  ZRegistration,
  ZRegistrationApprovalDefault,
  ZRegistrationApprove,
  ZRegistrationApproveResponse,
  ZRegistrationBadges,
  ZRegistrationBadgesQuery,
  ZRegistrationBuildingOptions,
  ZRegistrationBuildings,
  ZRegistrationDeny,
  ZRegistrationExport,
  ZRegistrationInformation,
  ZRegistrationListResponse,
  ZRegistrationMakePending,
  ZRegistrationPhoto,
  ZRegistrationPrintBadge,
  ZRegistrationSave,
  ZRegistrationSearch,
  ZRegistrationSearchHelp,
  ZRegistrationTypeOptions,
  ZUploadResponse,
} from '@sv/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { printWindowHtml } from '../../integrations/printing/print-window';
import type { AppDeps } from '../../platform/deps';
import { readUploadedFile } from '../../platform/files/files';
import { badRequest } from '../../platform/http/app-error';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { registrationBadgesPdfUrl } from './registrations.badge';
import { createRegistrationsService } from './registrations.service';

const fieldNumber = (field: unknown): number | null => {
  const value = (field as { value?: unknown } | undefined)?.value;
  const n = Number(value);
  return typeof value === 'string' && /^\d{1,9}$/.test(value) && n > 0 ? n : null;
};

const ZDenyResponse = z.object({ registration: ZRegistration, exclusionId: z.number().int().nullable() });

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

const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
  reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `inline; filename="${name}"`)
    .type('application/pdf')
    .send(pdf);

/**
 * Registrations administration (spec 001 §2 list, actions menu, modals, add/edit; §7 the old
 * RegistrationData / Registration calls, replaced by the REST API listed in contracts/registrations.ts).
 * Searches are POSTs with the terms in the body (security guide: no PII in URLs).
 */
export async function registrationsRoutes(app: ZodApp, deps: AppDeps) {
  const service = createRegistrationsService(deps);
  const tags = ['registrations'];

  app.post(
    '/api/registrations/search',
    {
      schema: {
        tags,
        summary:
          'Registrations in scope, paged (100), sorted by name, Pending by default; each row with its display state and offered actions',
        body: ZRegistrationSearch,
        response: { 200: ZRegistrationListResponse },
      },
    },
    async (req) => service.search(requireCtx(req), req.body),
  );

  app.get(
    '/api/registrations/search-help',
    {
      schema: { tags, summary: 'The help text of the registration search', response: { 200: ZRegistrationSearchHelp } },
    },
    async (req) => service.searchHelp(requireCtx(req)),
  );

  app.get(
    '/api/registrations/types',
    {
      schema: {
        tags,
        summary: 'Registration types in scope (active and inactive) for the list filter and the form',
        response: { 200: ZRegistrationTypeOptions },
      },
    },
    async (req) => service.types(requireCtx(req)),
  );

  app.post(
    '/api/registrations/export',
    {
      schema: {
        tags,
        summary: 'Export the filtered registrations (CSV or XLSX) with the chosen columns',
        body: ZRegistrationExport,
      },
    },
    async (req, reply) => service.exportList(requireCtx(req), req.body, reply),
  );

  app.post(
    '/api/registrations/approve',
    {
      schema: {
        tags,
        summary:
          'Approve one registration, or many (only pending ones change); default expiry from the type / one year',
        body: ZRegistrationApprove,
        response: { 200: ZRegistrationApproveResponse },
      },
    },
    async (req) => service.approve(requireCtx(req), req.body),
  );

  app.post(
    '/api/registrations/photos',
    {
      schema: {
        tags,
        summary:
          'Upload a registration photo (multipart: file, and clientId for admins); answers { results: [{ id }] }',
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

  app.get(
    '/api/registrations/badges.pdf',
    {
      schema: {
        tags,
        summary: 'Badges of several approved registrations in one PDF (ids=1,2,3; at most 100) for the print window',
        querystring: ZRegistrationBadgesQuery,
      },
    },
    async (req, reply) =>
      sendPdf(
        reply,
        await service.badgesPdf(requireCtx(req), parseIds(req.query.ids), false),
        'registration-badges.pdf',
      ),
  );

  app.post(
    '/api/registrations/:id/badge/print',
    {
      schema: {
        tags,
        summary:
          "Send an approved registration's badge to a building's label printer as ZPL (no printer: answers mode 'pdf'); records it as printed",
        params: ZIdParam,
        body: ZRegistrationPrintBadge,
        response: { 200: ZPrintResponse },
      },
    },
    async (req) => service.printBadge(requireCtx(req), req.params.id, req.body.buildingId),
  );

  app.post(
    '/api/registrations/badges.pdf',
    {
      schema: {
        tags,
        summary: 'Badges of several approved registrations in one PDF (at most 100); records them as printed',
        body: ZRegistrationBadges,
      },
    },
    async (req, reply) =>
      sendPdf(reply, await service.badgesPdf(requireCtx(req), req.body.ids, true), 'registration-badges.pdf'),
  );

  app.post(
    '/api/registrations',
    {
      schema: { tags, summary: 'Add a registration', body: ZRegistrationSave, response: { 200: ZRegistration } },
    },
    async (req) => service.save(requireCtx(req), null, req.body),
  );

  app.get(
    '/api/registrations/:id',
    {
      schema: {
        tags,
        summary: 'One registration with buildings, volunteer hours and arrest alerts (audited read)',
        params: ZIdParam,
        response: { 200: ZRegistration },
      },
    },
    async (req) => service.get(requireCtx(req), req.params.id),
  );

  app.put(
    '/api/registrations/:id',
    {
      schema: {
        tags,
        summary: 'Edit a registration (its decision changes only through the actions)',
        params: ZIdParam,
        body: ZRegistrationSave,
        response: { 200: ZRegistration },
      },
    },
    async (req) => service.save(requireCtx(req), req.params.id, req.body),
  );

  app.get(
    '/api/registrations/:id/approval-default',
    {
      schema: {
        tags,
        summary: 'The expiration date the Approve modal pre-fills (type settings, today in the district)',
        params: ZIdParam,
        response: { 200: ZRegistrationApprovalDefault },
      },
    },
    async (req) => service.approvalDefault(requireCtx(req), req.params.id),
  );

  app.post(
    '/api/registrations/:id/deny',
    {
      schema: {
        tags,
        summary: 'Deny; with exclude, also add a district-wide exclusion in the same transaction',
        params: ZIdParam,
        body: ZRegistrationDeny,
        response: { 200: ZDenyResponse },
      },
    },
    async (req) => service.deny(requireCtx(req), req.params.id, req.body),
  );

  app.post(
    '/api/registrations/:id/make-pending',
    {
      schema: {
        tags,
        summary: 'Mark the registration pending again',
        params: ZIdParam,
        body: ZRegistrationMakePending,
        response: { 200: ZRegistration },
      },
    },
    async (req) => service.makePending(requireCtx(req), req.params.id, req.body),
  );

  app.post(
    '/api/registrations/:id/cancel-email-warnings',
    {
      schema: {
        tags,
        summary: 'Stop the e-mail warning chain of the registration and its invitations',
        params: ZIdParam,
        response: { 200: ZRegistration },
      },
    },
    async (req) => service.cancelEmailWarnings(requireCtx(req), req.params.id),
  );

  app.post(
    '/api/registrations/:id/expiration-email',
    {
      schema: {
        tags,
        summary: 'Send the expiration e-mail now',
        params: ZIdParam,
        response: { 200: ZRegistration },
      },
    },
    async (req) => service.sendExpirationEmail(requireCtx(req), req.params.id),
  );

  app.put(
    '/api/registrations/:id/photo',
    {
      schema: {
        tags,
        summary: 'Attach an uploaded photo (Upload Photo)',
        params: ZIdParam,
        body: ZRegistrationPhoto,
        response: { 200: ZRegistration },
      },
    },
    async (req) => service.setPhoto(requireCtx(req), req.params.id, req.body.photoFileId),
  );

  app.delete(
    '/api/registrations/:id/photo',
    {
      schema: { tags, summary: 'Remove the photo (Clear Photo)', params: ZIdParam, response: { 200: ZRegistration } },
    },
    async (req) => service.clearPhoto(requireCtx(req), req.params.id),
  );

  app.get(
    '/api/registrations/:id/buildings',
    {
      schema: {
        tags,
        summary: 'The district’s buildings and the ones this registration is valid at (none = all)',
        params: ZIdParam,
        response: { 200: ZRegistrationBuildingOptions },
      },
    },
    async (req) => service.buildings(requireCtx(req), req.params.id),
  );

  app.put(
    '/api/registrations/:id/buildings',
    {
      schema: {
        tags,
        summary: 'Set the buildings this registration is valid at (buildings of its district only)',
        params: ZIdParam,
        body: ZRegistrationBuildings,
        response: { 200: ZRegistrationBuildingOptions },
      },
    },
    async (req) => service.setBuildings(requireCtx(req), req.params.id, req.body),
  );

  app.get(
    '/api/registrations/:id/information',
    {
      schema: {
        tags,
        summary: 'Disclosure, authorization, signature and answers of the registration (audited read)',
        params: ZIdParam,
        response: { 200: ZRegistrationInformation },
      },
    },
    async (req) => service.information(requireCtx(req), req.params.id),
  );

  app.get(
    '/api/registrations/:id/badge.pdf',
    { schema: { tags, summary: 'The registration badge PDF (approved registrations)', params: ZIdParam } },
    async (req, reply) =>
      sendPdf(reply, await service.badgePdf(requireCtx(req), req.params.id), `registration-badge-${req.params.id}.pdf`),
  );

  // spec 001 §2 server-rendered windows: the print window frames the badge PDF and opens the
  // browser's print dialog (like /Badge/print/{id} for visit badges). Access is checked first so
  // an out-of-scope id answers 404 here too. The router is case-insensitive, so
  // /Badge/printregistration/{id} is the same route.
  app.get('/Badge/PrintRegistration/:id', { schema: { hide: true, params: ZIdParam } }, async (req, reply) => {
    const ids = await service.checkPrintable(requireCtx(req), [req.params.id]);
    return reply.type('text/html; charset=utf-8').send(printWindowHtml(registrationBadgesPdfUrl(ids), 'Badge'));
  });

  app.get(
    '/Badge/PrintRegistrations',
    { schema: { hide: true, querystring: ZRegistrationBadgesQuery } },
    async (req, reply) => {
      const ids = await service.checkPrintable(requireCtx(req), parseIds(req.query.ids));
      return reply.type('text/html; charset=utf-8').send(printWindowHtml(registrationBadgesPdfUrl(ids), 'Badges'));
    },
  );
}
