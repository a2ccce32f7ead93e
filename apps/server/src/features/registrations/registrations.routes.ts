import {
  ZIdParam,
  ZPrintResponse,
  ZRegistration,
  ZRegistrationApprove,
  ZRegistrationBadges,
  ZRegistrationBuildingOptions,
  ZRegistrationBuildings,
  ZRegistrationDeny,
  ZRegistrationExport,
  ZRegistrationListResponse,
  ZRegistrationMakePending,
  ZRegistrationPhoto,
  ZRegistrationPrintBadge,
  ZRegistrationSave,
  ZRegistrationSearch,
  ZRegistrationSearchHelp,
  ZRegistrationTypeOptions,
} from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { sendInformationPage } from './information-page';
import { registrationKindRoutes, sendPdf } from './registrations.engine-routes';
import type { RegistrationsService } from './registrations.service';

const ZDenyResponse = z.object({ registration: ZRegistration, exclusionId: z.number().int().nullable() });

/**
 * Registrations administration (spec 001 §2 list, actions menu, modals, add/edit; §7 the old
 * RegistrationData / Registration calls, replaced by the REST API listed in contracts/registrations.ts).
 * Searches are POSTs with the terms in the body (security guide: no PII in URLs). The routes
 * SafeVendor registrations share are registrationKindRoutes' (`shared`); the volunteers' own are here.
 */
export async function registrationsRoutes(app: ZodApp, deps: AppDeps, service: RegistrationsService) {
  const once = createIdempotentRoutes(deps);
  const tags = ['registrations'];

  const shared = registrationKindRoutes(app, {
    once,
    prefix: '/api/registrations',
    tags,
    service,
    contracts: {
      search: ZRegistrationSearch,
      list: ZRegistrationListResponse,
      export: ZRegistrationExport,
      approve: ZRegistrationApprove,
      save: ZRegistrationSave,
      registration: ZRegistration,
    },
    summaries: {
      search:
        'Registrations in scope, paged (100), sorted by name, Pending by default; each row with its display state and offered actions',
      export: 'Export the filtered registrations (CSV or XLSX) with the chosen columns',
      approve: 'Approve one registration, or many (only pending ones change); default expiry from the type / one year',
      uploadPhoto:
        'Upload a registration photo (multipart: file, and clientId for admins); answers { results: [{ id }] }',
      badgesPdf: 'Badges of several approved registrations in one PDF (ids=1,2,3; at most 100) for the print window',
      create: 'Add a registration',
      get: 'One registration with buildings, volunteer hours and arrest alerts (audited read)',
      update: 'Edit a registration (its decision changes only through the actions)',
      approvalDefault: 'The expiration date the Approve modal pre-fills (type settings, today in the district)',
      cancelEmailWarnings: 'Stop the e-mail warning chain of the registration and its invitations',
      expirationEmail: 'Send the expiration e-mail now',
      information: 'Disclosure, authorization, signature and answers of the registration (audited read)',
      badgePdf: 'The registration badge PDF (approved registrations)',
    },
    fileName: 'registration',
    printWindow: '/Badge/PrintRegistration',
    listPage: { href: '/registration', label: 'Back to the registrations' },
  });

  shared.through('search');

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

  shared.through('badgesPdf'); // export, approve, photo upload, the badges PDF of the print window

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

  shared.through('approvalDefault'); // add, get, edit, the approval default

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

  shared.through('expirationEmail'); // cancel e-mail warnings, expiration e-mail

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

  shared.through('clearPhoto');

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

  shared.through('printWindows'); // information, badge PDF, the print windows

  // spec 001 §2 server windows (issue 25, audit 001 B2, P8, P9)
  app.get('/Registration/Info/:id', { schema: { hide: true, params: ZIdParam } }, async (req, reply) =>
    sendInformationPage(reply, await service.information(requireCtx(req), req.params.id), {
      title: 'Registration',
      owner: 'Registration type',
      fileName: 'registration-information',
    }),
  );
  // the export is chosen in the list's export dialog (columns, format, the list's filters): the
  // window opens the list with that dialog open
  app.get('/Registration/Export', { schema: { hide: true } }, async (req, reply) => {
    service.requireManager(requireCtx(req));
    return reply.redirect('/registration?export=1', 302);
  });
}
