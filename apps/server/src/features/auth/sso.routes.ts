import {
  ZIdParam,
  ZOk,
  ZScimTokenRequest,
  ZScimTokenResponse,
  ZSsoDecision,
  ZSsoDiscoverRequest,
  ZSsoDiscoverResponse,
  ZSsoDistrictParam,
  ZSsoPendingList,
  ZSsoQuery,
  ZSsoSettings,
  ZSsoSettingsUpdate,
  ZSsoTestStartQuery,
  ZMicrosoftCallbackQuery,
} from '@sv/contracts';
import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../platform/deps';
import { requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';
import { clientInfo, setSessionCookie } from './auth.routes';
import { OIDC_STATE_MINUTES } from './microsoft.service';
import type { SsoService } from './sso.service';

/** Binds a pending district sign-in to the browser that started it (login CSRF protection). */
const STATE_COOKIE = 'sv_sso_state';
const STATE_COOKIE_PATH = '/api/auth/sso';
const tags = ['sso'];

/**
 * Districts bring their own sign-in (issue 30, ADR 0052): the district's sign-in settings (district
 * administrators; domain verification by the platform administrator), the sign-in page's lookup,
 * and the browser navigations of the OIDC flow (every answer a redirect).
 */
export async function ssoRoutes(app: ZodApp, deps: AppDeps, service: SsoService) {
  const stateCookie = (reply: FastifyReply, state: string) =>
    reply.setCookie(STATE_COOKIE, state, {
      httpOnly: true,
      secure: deps.config.COOKIE_SECURE,
      // Lax: sent on the provider's top-level redirect back to the callback
      sameSite: 'lax',
      path: STATE_COOKIE_PATH,
      maxAge: OIDC_STATE_MINUTES * 60,
    });

  app.get(
    '/api/sso/settings',
    {
      schema: {
        tags,
        summary: 'The district’s sign-in provider, domains, require-SSO, provisioning and SCIM (secrets never sent)',
        querystring: ZSsoQuery,
        response: { 200: ZSsoSettings },
      },
    },
    async (req) => service.settings(requireCtx(req), req.query),
  );
  app.put(
    '/api/sso/settings',
    {
      schema: {
        tags,
        summary: 'Save the district’s sign-in settings; switching on needs a test sign-in of the saved configuration',
        body: ZSsoSettingsUpdate,
        response: { 200: ZSsoSettings },
      },
    },
    async (req) => service.updateSettings(requireCtx(req), req.body),
  );
  app.post(
    '/api/sso/domains/:id/verify',
    {
      schema: {
        tags,
        summary: 'The platform administrator verifies a district’s claim of an e-mail domain',
        params: ZIdParam,
        response: { 200: ZOk },
      },
    },
    async (req) => service.verifyDomain(requireCtx(req), req.params.id),
  );
  app.post(
    '/api/sso/scim-token',
    {
      schema: {
        tags,
        summary: 'A new SCIM bearer token for the district, shown once (the previous one stops working)',
        body: ZScimTokenRequest,
        response: { 200: ZScimTokenResponse },
      },
    },
    async (req) => service.newScimToken(requireCtx(req), req.body),
  );
  app.get(
    '/api/sso/pending',
    {
      schema: {
        tags,
        summary: 'First sign-ins waiting for an administrator’s approval',
        querystring: ZSsoQuery,
        response: { 200: ZSsoPendingList },
      },
    },
    async (req) => service.pending(requireCtx(req), req.query),
  );
  app.post(
    '/api/sso/pending/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending sign-in: the user is created with the default role and building and linked',
        params: ZIdParam,
        body: ZSsoDecision,
        response: { 200: ZOk },
      },
    },
    async (req) => service.decide(requireCtx(req), req.params.id, req.body, true),
  );
  app.post(
    '/api/sso/pending/:id/reject',
    {
      schema: {
        tags,
        summary: 'Refuse a pending sign-in',
        params: ZIdParam,
        body: ZSsoDecision,
        response: { 200: ZOk },
      },
    },
    async (req) => service.decide(requireCtx(req), req.params.id, req.body, false),
  );
  app.get(
    '/api/sso/test/start',
    {
      schema: {
        tags,
        summary: 'Test sign-in: 302 to the district’s provider; the callback records the result and signs nobody in',
        querystring: ZSsoTestStartQuery,
      },
    },
    async (req, reply) => {
      const result = await service.testStart(requireCtx(req), req.query);
      if (result.ok) stateCookie(reply, result.state);
      return reply.redirect(result.redirectTo, 302);
    },
  );

  app.post(
    '/api/auth/sso/discover',
    {
      schema: {
        tags,
        summary: 'The district that signs in this e-mail address (a verified domain with its provider switched on)',
        body: ZSsoDiscoverRequest,
        response: { 200: ZSsoDiscoverResponse },
      },
    },
    async (req) => service.discover(req.body.email),
  );
  app.get(
    '/api/auth/sso/districts/:district',
    {
      schema: {
        tags,
        summary: 'The district of a sign-in link (/login/<slug-or-id>): its name and provider kind',
        params: ZSsoDistrictParam,
        response: { 200: z.object({ key: z.string(), name: z.string(), kind: z.string() }) },
      },
    },
    async (req) => service.district(req.params.district),
  );
  app.get(
    '/api/auth/sso/:district/start',
    {
      schema: {
        tags,
        summary: 'Start the district’s sign-in: 302 to its provider (state, nonce, PKCE kept on the server)',
        params: ZSsoDistrictParam,
      },
    },
    async (req, reply) => {
      const result = await service.start(req.params.district, clientInfo(req));
      if (result.ok) stateCookie(reply, result.state);
      return reply.redirect(result.redirectTo, 302);
    },
  );
  app.get(
    '/api/auth/sso/callback',
    {
      schema: {
        tags,
        summary: "A district provider's redirect back: validates, signs in (or records a test), 302",
        querystring: ZMicrosoftCallbackQuery,
      },
    },
    async (req, reply) => {
      const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      const result = await service.callback(rawQuery, req.cookies[STATE_COOKIE], clientInfo(req));
      reply.clearCookie(STATE_COOKIE, { path: STATE_COOKIE_PATH, secure: deps.config.COOKIE_SECURE, httpOnly: true });
      if (result.ok) setSessionCookie(reply, deps, result.token);
      return reply.redirect(result.redirectTo, 302);
    },
  );
}
