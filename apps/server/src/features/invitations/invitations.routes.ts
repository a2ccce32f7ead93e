import { ZErrorBody, ZFileFormatQuery, ZIdParam, ZImportResult, ZInvitationSend, ZInvitationSent } from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { registerImport } from '../../platform/imports/import-definition';
import { ImportFailedError } from '../../platform/imports/import-pipeline';
import { readUpload, sendFile, type ImportsService } from '../imports';
import { INVITATIONS_IMPORT_KIND } from './invitations.import';
import type { InvitationsService } from './invitations.service';

/**
 * Invitations to register (spec 001 §2 "Send registration", §7 RegistrationSendIndividual /
 * RegistrationSendImportFile, §2 windows /Registration/SampleImport and
 * /Registration/RegistrationSendErrorFile/{errorFile}).
 */
export async function invitationsRoutes(
  app: ZodApp,
  deps: AppDeps,
  { invitations: service, imports }: { invitations: InvitationsService; imports: ImportsService },
) {
  const once = createIdempotentRoutes(deps);
  // the kind is known to the pipeline (error files' permission, /api/imports/invitations)
  registerImport(service.importDefinition());
  const tags = ['invitations'];

  app.post(
    '/api/registration-types/:id/invitations',
    {
      schema: {
        tags,
        summary: `Invite one person to register (e-mail, or SMS when only a phone is given); 409 while an invitation to the same person and type is open ${IDEMPOTENCY_NOTE}`,
        params: ZIdParam,
        body: ZInvitationSend,
        response: { 200: ZInvitationSent },
      },
    },
    async (req) => once(req, () => service.send(requireCtx(req), req.params.id, req.body)),
  );

  app.post(
    '/api/registration-types/:id/invitations/import',
    {
      schema: {
        tags,
        summary:
          'Invite many from a CSV or XLSX file (multipart "file"; header FirstName, LastName, Email, Phone, ExpirationDate); rejected rows in the error file',
        params: ZIdParam,
        consumes: ['multipart/form-data'],
        response: { 200: ZImportResult, 500: z.union([ZImportResult, ZErrorBody]) },
      },
    },
    async (req, reply) => {
      const ctx = requireCtx(req);
      await service.authorizeImport(ctx, req.params.id);
      const input = await readUpload(req);
      try {
        return await service.importFile(ctx, req.params.id, input);
      } catch (err) {
        if (!(err instanceof ImportFailedError)) throw err;
        req.log.error({ err: err.cause }, 'invitation import rolled back');
        return reply.status(500).send({ success: false, results: null, errorFile: null, error: err.message });
      }
    },
  );

  app.get(
    '/api/registrations/sample-import',
    {
      schema: {
        tags,
        summary: 'Sample file of the bulk invitation upload (header row and an example row)',
        querystring: ZFileFormatQuery,
      },
    },
    async (req, reply) => sendFile(reply, await service.sample(requireCtx(req), req.query.format)),
  );

  // spec 001 §2 server pages opened in another window (browser GETs with the session cookie)
  app.get(
    '/Registration/SampleImport',
    { schema: { tags, summary: 'Window path: sample file of the bulk invitation upload (CSV)' } },
    async (req, reply) => sendFile(reply, await service.sample(requireCtx(req), 'csv')),
  );
  app.get(
    '/Registration/RegistrationSendErrorFile/:errorFile',
    {
      schema: {
        tags,
        summary: 'Window path: error file of a bulk invitation upload',
        params: z.object({ errorFile: z.string().max(64) }),
      },
    },
    async (req, reply) =>
      sendFile(reply, await imports.errorFile(requireCtx(req), req.params.errorFile, INVITATIONS_IMPORT_KIND)),
  );
  // spec 001 §2 also names /Registration/ErrorFile/{file}: the same error file of the registration
  // import (the bulk invitation upload is this area's only import) (issue 25, audit 001 P10)
  app.get(
    '/Registration/ErrorFile/:file',
    {
      schema: {
        tags,
        summary: 'Window path: error file of a bulk invitation upload (the spec’s second name for it)',
        params: z.object({ file: z.string().max(64) }),
      },
    },
    async (req, reply) =>
      sendFile(reply, await imports.errorFile(requireCtx(req), req.params.file, INVITATIONS_IMPORT_KIND)),
  );
}
