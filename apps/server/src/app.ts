import { printerAddressPolicy, WEBHOOK_EVENT_BODIES, WEBHOOK_SIGNATURE_DOC } from '@sv/contracts';
import { z } from 'zod';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createServices, type Services } from './composition';
import { registerFeatures } from './features/index';
import { createApiKeyAuth } from './platform/auth/api-key-auth';
import { registerAuth, sessionCookieName } from './platform/auth/auth-plugin';
import type { AppDeps } from './platform/deps';
import { AppError } from './platform/http/app-error';
import { frameworkErrors, registerErrorHandler } from './platform/http/error-handler';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { type LogStream, loggerOptions } from './platform/logger';

/** One registered route (HEAD routes Fastify adds for GET are left out). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered on the app, in registration order */
    routeList: RegisteredRoute[];
  }
}

/**
 * The HTTP app: platform plugins, then the feature modules' routes on the app's services (built
 * once by the composition root, composition.ts; pass them in to share them with the jobs).
 */
export async function buildApp(deps: AppDeps, opts: { logStream?: LogStream; services?: Services } = {}) {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, opts.logStream),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 12 * 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  // Route registry: every route registered from here on (plugins and features included), for
  // tooling such as the authorization matrix, which must cover every route.
  const routeList: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url ?? route.path });
    }
  });
  app.decorate('routeList', routeList);
  // the sensitive reads queued by the audit writer (ADR 0044) are written before the app stops
  app.addHook('onClose', async () => {
    await deps.audit.flush();
  });

  // issue 23 §7 (ADR 0027): loopback printer addresses only under the test/e2e override, which
  // the contracts' printer-address rule reads (one process, one policy)
  printerAddressPolicy.allowLoopback = config.PRINTER_ALLOW_LOOPBACK;
  if (config.PRINTER_ALLOW_LOOPBACK && config.NODE_ENV !== 'test')
    app.log.warn('PRINTER_ALLOW_LOOPBACK is on: building printers may point at this server (test use only)');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON and multipart only: a cross-site "simple" text/plain POST must never reach a handler.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  registerSecurityHeaders(app, { hsts: config.COOKIE_SECURE });

  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'SafeVisitor API',
        version: '1.0.0',
        description: `Generated from the zod contracts in packages/contracts.\n\nWebhooks (issue 28 §5): ${WEBHOOK_SIGNATURE_DOC} The body of each event is the schema \`WebhookEvent_<type>\` below.`,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config.COOKIE_SECURE) },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
          // issue 28 §5 (ADR 0051): a district's API key, the same routes and permission checks
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sv_…',
            description:
              'An API key of a district (Administration → API Keys): `Authorization: Bearer sv_…`. It acts with the ' +
              'permissions it was given, in its district (or building); no cookie and no CSRF token. A revoked key answers 401.',
          },
        },
        schemas: webhookEventSchemas(),
      },
      security: [{ session: [], csrf: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerAuth(app, {
    sessions: deps.sessions,
    audit: deps.audit,
    cookie: { name: sessionCookieName(config.COOKIE_SECURE), secure: config.COOKIE_SECURE },
    now: deps.now,
    apiKeys: createApiKeyAuth(deps.db),
  });

  await registerFeatures(app, deps, opts.services ?? createServices(deps));

  const webDist = config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : null;
  const indexHtml =
    webDist && fs.existsSync(path.join(webDist, 'index.html')) ? path.join(webDist, 'index.html') : null;
  if (webDist && indexHtml) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
    app.get('/assets/*', (req, reply) => reply.sendFile(req.url.split('?')[0].slice(1)));
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.toLowerCase();
    if (url.startsWith('/api/') || request.method !== 'GET' || !indexHtml) {
      throw new AppError('NOT_FOUND', 'Not found');
    }
    // The single-page app owns every other browser route (spec 000 §2: unknown routes go to '/').
    return reply.type('text/html').header('Cache-Control', 'no-store').send(fs.createReadStream(indexHtml));
  });

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;

/** Every webhook event's body as an OpenAPI component (issue 28 §5: "OpenAPI documents every event's body"). */
function webhookEventSchemas() {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_BODIES).map(([type, schema]) => [
      `WebhookEvent_${type}`,
      z.toJSONSchema(schema, { target: 'openapi-3.0' }) as Record<string, unknown>,
    ]),
  );
}
