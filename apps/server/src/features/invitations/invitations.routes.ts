import { ZErrorBody, ZFileFormatQuery, ZIdParam, ZImportResult, ZInvitationSend, ZInvitationSent } from '@sv/contracts';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { registerImport } from '../../platform/imports/import-definition';
import { ImportFailedError } from '../../platform/imports/import-pipeline';
import { readUpload, sendFile } from '../imports/imports.routes';
import { createImportsService } from '../imports/imports.service';
import { createInvitationImport, INVITATIONS_IMPORT_KIND } from './invitations.import';
import { createInvitationsService } from './invitations.service';

/**
 * Invitations to register (spec 001 §2 "Send registration", §7 RegistrationSendIndividual /
 * RegistrationSendImportFile, §2 windows /Registration/SampleImport and
 * /Registration/RegistrationSendErrorFile/{errorFile}).
 */
export async function invitationsRoutes(app: ZodApp, deps: AppDeps) {
  const service = createInvitationsService(deps);
  const imports = createImportsService(deps);
  // the kind is known to the pipeline (error files' permission, /api/imports/invitations)
  registerImport(createInvitationImport(deps));
  const tags = ['invitations'];

  app.post(
    '/api/registration-types/:id/invitations',
    {
      schema: {
        tags,
        summary:
          'Invite one person to register (e-mail, or SMS when only a phone is given); 409 while an invitation to the same person and type is open',
        params: ZIdParam,
        body: ZInvitationSend,
        response: { 200: ZInvitationSent },
      },
    },
    async (req) => service.send(requireCtx(req), req.params.id, req.body),
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
}
