import {
  ZPublicForm,
  ZPublicFormParams,
  ZPublicFormQuery,
  ZPublicSubmission,
  ZPublicSubmissionResult,
} from '@sv/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { createIdempotentRoutes, IDEMPOTENCY_NOTE } from '../../platform/http/idempotent-route';
import type { ZodApp } from '../../platform/http/zod-app';
import { type PublicRegistrationService, type PublicClient } from './public-registration.service';

/** A JSON body with a 10 MB photo as a data URL (4/3 of it in base64) and a drawn signature. */
const SUBMISSION_BODY_LIMIT = 15 * 1024 * 1024;

const clientOf = (req: FastifyRequest): PublicClient => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
  requestId: req.id,
});

/**
 * The public registration form (issue 11), reached without signing in from the district's link
 * or an invitation's personal link. Anonymous by design: no requireCtx. CSRF: the submission is
 * exempt from the session CSRF token (platform/auth/auth-plugin CSRF_EXEMPT) because the person
 * has no session; it stays safe from cross-site forgery because the API accepts JSON only (a
 * cross-site form can send neither application/json nor a preflighted request), cross-site
 * requests (Sec-Fetch-Site: cross-site) are refused for every state change, and it acts on no
 * session: a forged submission could do nothing a visitor cannot do on the page itself.
 */
export async function publicRegistrationRoutes(app: ZodApp, deps: AppDeps, service: PublicRegistrationService) {
  const once = createIdempotentRoutes(deps);
  const tags = ['public-registration'];

  app.get(
    '/api/public/registration-forms/:clientId/:code',
    {
      schema: {
        tags,
        summary:
          'The public registration form of an active registration type (no sign-in; ?invitation=token prefills from an open invitation of that type); 429 over 60 loads per address in 10 minutes',
        params: ZPublicFormParams,
        querystring: ZPublicFormQuery,
        response: { 200: ZPublicForm },
      },
    },
    async (req) => service.form(req.params.clientId, req.params.code, req.query.invitation, clientOf(req)),
  );

  app.post(
    '/api/public/registration-forms/:clientId/:code/submissions',
    {
      bodyLimit: SUBMISSION_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Submit a registration (no sign-in): creates one pending registration and e-mails a confirmation; 429 over 5 submissions per address in 10 minutes ' +
          IDEMPOTENCY_NOTE,
        params: ZPublicFormParams,
        body: ZPublicSubmission,
        response: { 200: ZPublicSubmissionResult },
      },
    },
    async (req) => once(req, () => service.submit(req.params.clientId, req.params.code, req.body, clientOf(req))),
  );
}
