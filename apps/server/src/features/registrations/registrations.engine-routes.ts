import {
  MAX_ID,
  ZIdParam,
  ZRegistrationApprovalDefault,
  ZRegistrationApproveResponse,
  ZRegistrationBadgesQuery,
  ZRegistrationInformation,
  ZUploadResponse,
} from '@sv/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { printWindowHtml, printWindowMessageHtml } from '../../integrations/printing/print-window';
import { readUploadedFile } from '../../platform/files/files';
import { AppError, badRequest, STATUS_OF } from '../../platform/http/app-error';
import { IDEMPOTENCY_NOTE, type IdempotentRoute } from '../../platform/http/idempotent-route';
import { type RequestCtx, requireCtx } from '../../platform/http/request-context';
import type { ZodApp } from '../../platform/http/zod-app';

/**
 * The routes every kind of the registrations engine answers the same way (ADR 0014: volunteer
 * registrations under /api/registrations, SafeVendor registrations under /api/sv-registrations):
 * list, export, approve, photos, add/edit, the e-mail actions, information, badge PDFs and the
 * print windows. Each kind's own routes stay in its *.routes.ts, registered between calls of
 * `through`, so the API (and /api/openapi.json) keeps its order. Permissions are the service's
 * (the engine's first statement), not the routes'.
 */

/** The contracts that differ between the kinds; the others are the engine's own (contracts/registrations.ts). */
export interface RegistrationKindContracts {
  /** POST {prefix}/search: the body, and the page it answers */
  search: z.ZodType;
  list: z.ZodType;
  /** POST {prefix}/export */
  export: z.ZodType;
  /** POST {prefix}/approve */
  approve: z.ZodType;
  /** POST {prefix} and PUT {prefix}/:id */
  save: z.ZodType;
  /** one registration: what add, edit, GET {prefix}/:id and the actions answer */
  registration: z.ZodType;
}

type Out<S extends z.ZodType> = z.output<S>;

/** What the shared routes call: the kind's registrations engine (createRegistrationEngine). */
export interface RegistrationKindService<C extends RegistrationKindContracts> {
  search: (ctx: RequestCtx, q: Out<C['search']>) => Promise<Out<C['list']>>;
  exportList: (ctx: RequestCtx, q: Out<C['export']>, reply: FastifyReply) => Promise<unknown>;
  approve: (ctx: RequestCtx, input: Out<C['approve']>) => Promise<Out<typeof ZRegistrationApproveResponse>>;
  uploadPhoto: (ctx: RequestCtx, read: () => Promise<{ buffer: Buffer; clientId: number | null }>) => Promise<string>;
  save: (ctx: RequestCtx, id: number | null, input: Out<C['save']>) => Promise<Out<C['registration']>>;
  get: (ctx: RequestCtx, id: number) => Promise<Out<C['registration']>>;
  approvalDefault: (ctx: RequestCtx, id: number) => Promise<Out<typeof ZRegistrationApprovalDefault>>;
  cancelEmailWarnings: (ctx: RequestCtx, id: number) => Promise<Out<C['registration']>>;
  sendExpirationEmail: (ctx: RequestCtx, id: number) => Promise<Out<C['registration']>>;
  clearPhoto: (ctx: RequestCtx, id: number) => Promise<Out<C['registration']>>;
  information: (ctx: RequestCtx, id: number) => Promise<Out<typeof ZRegistrationInformation>>;
  badgePdf: (ctx: RequestCtx, id: number) => Promise<Buffer>;
  badgesPdf: (ctx: RequestCtx, ids: number[], markPrinted: boolean) => Promise<Buffer>;
  checkPrintable: (ctx: RequestCtx, ids: number[]) => Promise<number[]>;
}

/** The shared routes, in the order they are registered. */
export type SharedRegistrationRoute =
  | 'search'
  | 'export'
  | 'approve'
  | 'uploadPhoto'
  | 'badgesPdf'
  | 'create'
  | 'get'
  | 'update'
  | 'approvalDefault'
  | 'cancelEmailWarnings'
  | 'expirationEmail'
  | 'clearPhoto'
  | 'information'
  | 'badgePdf'
  | 'printWindows';

export interface RegistrationKindRoutes<C extends RegistrationKindContracts> {
  /** '/api/registrations' or '/api/sv-registrations' */
  prefix: string;
  tags: string[];
  contracts: C;
  service: RegistrationKindService<C>;
  /** the OpenAPI summary of each shared route ('Remove the photo (Clear Photo)' is every kind's) */
  summaries: Record<Exclude<SharedRegistrationRoute, 'clearPhoto' | 'printWindows'>, string>;
  /** names the badge PDFs: `{fileName}-badges.pdf`, `{fileName}-badge-{id}.pdf` */
  fileName: string;
  /** spec 001 §2 print windows: `{printWindow}/:id` and `{printWindow}s?ids=1,2,3` (the router is case-insensitive) */
  printWindow: string;
  /** the kind's list screen, the print window's way back when there is nothing to print */
  listPage: { href: string; label: string };
  /** issue 23 §4: the create runs once per Idempotency-Key (`createIdempotentRoutes(deps)`) */
  once: IdempotentRoute;
}

const fieldNumber = (field: unknown): number | null => {
  const value = (field as { value?: unknown } | undefined)?.value;
  const n = Number(value);
  return typeof value === 'string' && /^\d{1,9}$/.test(value) && n > 0 ? n : null;
};

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

/** A badge PDF, shown inline and never cached. */
export const sendPdf = (reply: FastifyReply, pdf: Buffer, name: string) =>
  reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `inline; filename="${name}"`)
    .type('application/pdf')
    .send(pdf);

/**
 * The shared routes of one kind of registration. `through(last)` registers those not yet
 * registered, in their order, up to and including `last`; the kind registers its own routes
 * between the calls and ends with `through('printWindows')` (a route left out fails the authz
 * matrix: its rows name a route that does not exist).
 */
export function registrationKindRoutes<C extends RegistrationKindContracts>(
  app: ZodApp,
  kind: RegistrationKindRoutes<C>,
) {
  const { prefix, tags, service, summaries: s, fileName } = kind;
  // Fastify cannot infer through the generic contracts: the routes validate with them, and the
  // bodies are typed from the same contracts below (the service's types are checked by the caller).
  const c: Record<keyof RegistrationKindContracts, z.ZodType> = kind.contracts;
  type In<K extends keyof RegistrationKindContracts> = Out<C[K]>;
  /** The print window's PDF address for one or several registrations (GET, so a frame can load it). */
  const badgesPdfUrl = (ids: number[]) =>
    ids.length === 1 ? `${prefix}/${ids[0]}/badge.pdf` : `${prefix}/badges.pdf?ids=${ids.join(',')}`;
  /**
   * The print window, or — when nothing can be printed (not approved, suspended, another
   * district's) — a page saying why with the error's status (issue 25, audit 001 B3: not raw JSON).
   * Permission errors (403) keep the one error body: the window is not the attendant's.
   */
  const sendPrintWindow = async (reply: FastifyReply, check: () => Promise<number[]>, title: string) => {
    try {
      const ids = await check();
      return reply.type('text/html; charset=utf-8').send(printWindowHtml(badgesPdfUrl(ids), title));
    } catch (err) {
      if (!(err instanceof AppError) || (err.code !== 'CONFLICT' && err.code !== 'NOT_FOUND')) throw err;
      return reply
        .status(STATUS_OF[err.code])
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(printWindowMessageHtml(err.message, kind.listPage));
    }
  };

  const routes: Record<SharedRegistrationRoute, () => unknown> = {
    search: () =>
      app.post(
        `${prefix}/search`,
        { schema: { tags, summary: s.search, body: c.search, response: { 200: c.list } } },
        async (req) => service.search(requireCtx(req), req.body as In<'search'>),
      ),

    export: () =>
      app.post(`${prefix}/export`, { schema: { tags, summary: s.export, body: c.export } }, async (req, reply) =>
        service.exportList(requireCtx(req), req.body as In<'export'>, reply),
      ),

    approve: () =>
      app.post(
        `${prefix}/approve`,
        { schema: { tags, summary: s.approve, body: c.approve, response: { 200: ZRegistrationApproveResponse } } },
        async (req) => service.approve(requireCtx(req), req.body as In<'approve'>),
      ),

    uploadPhoto: () =>
      app.post(
        `${prefix}/photos`,
        { schema: { tags, summary: s.uploadPhoto, response: { 200: ZUploadResponse } } },
        async (req) => {
          const id = await service.uploadPhoto(requireCtx(req), async () => {
            const { buffer, fields } = await readUploadedFile(req);
            return { buffer, clientId: fieldNumber(fields.clientId) };
          });
          return { results: [{ id }] };
        },
      ),

    badgesPdf: () =>
      app.get(
        `${prefix}/badges.pdf`,
        { schema: { tags, summary: s.badgesPdf, querystring: ZRegistrationBadgesQuery } },
        async (req, reply) =>
          sendPdf(
            reply,
            await service.badgesPdf(requireCtx(req), parseIds(req.query.ids), false),
            `${fileName}-badges.pdf`,
          ),
      ),

    create: () =>
      app.post(
        prefix,
        {
          schema: { tags, summary: `${s.create} ${IDEMPOTENCY_NOTE}`, body: c.save, response: { 200: c.registration } },
        },
        async (req) => kind.once(req, () => service.save(requireCtx(req), null, req.body as In<'save'>)),
      ),

    get: () =>
      app.get(
        `${prefix}/:id`,
        { schema: { tags, summary: s.get, params: ZIdParam, response: { 200: c.registration } } },
        async (req) => service.get(requireCtx(req), req.params.id),
      ),

    update: () =>
      app.put(
        `${prefix}/:id`,
        { schema: { tags, summary: s.update, params: ZIdParam, body: c.save, response: { 200: c.registration } } },
        async (req) => service.save(requireCtx(req), req.params.id, req.body as In<'save'>),
      ),

    approvalDefault: () =>
      app.get(
        `${prefix}/:id/approval-default`,
        {
          schema: {
            tags,
            summary: s.approvalDefault,
            params: ZIdParam,
            response: { 200: ZRegistrationApprovalDefault },
          },
        },
        async (req) => service.approvalDefault(requireCtx(req), req.params.id),
      ),

    cancelEmailWarnings: () =>
      app.post(
        `${prefix}/:id/cancel-email-warnings`,
        { schema: { tags, summary: s.cancelEmailWarnings, params: ZIdParam, response: { 200: c.registration } } },
        async (req) => service.cancelEmailWarnings(requireCtx(req), req.params.id),
      ),

    expirationEmail: () =>
      app.post(
        `${prefix}/:id/expiration-email`,
        { schema: { tags, summary: s.expirationEmail, params: ZIdParam, response: { 200: c.registration } } },
        async (req) => service.sendExpirationEmail(requireCtx(req), req.params.id),
      ),

    clearPhoto: () =>
      app.delete(
        `${prefix}/:id/photo`,
        {
          schema: {
            tags,
            summary: 'Remove the photo (Clear Photo)',
            params: ZIdParam,
            response: { 200: c.registration },
          },
        },
        async (req) => service.clearPhoto(requireCtx(req), req.params.id),
      ),

    information: () =>
      app.get(
        `${prefix}/:id/information`,
        { schema: { tags, summary: s.information, params: ZIdParam, response: { 200: ZRegistrationInformation } } },
        async (req) => service.information(requireCtx(req), req.params.id),
      ),

    badgePdf: () =>
      app.get(
        `${prefix}/:id/badge.pdf`,
        { schema: { tags, summary: s.badgePdf, params: ZIdParam } },
        async (req, reply) =>
          sendPdf(
            reply,
            await service.badgePdf(requireCtx(req), req.params.id),
            `${fileName}-badge-${req.params.id}.pdf`,
          ),
      ),

    // spec 001 §2 server-rendered windows: the print window frames the badge PDF and opens the
    // browser's print dialog (like /Badge/print/{id} for visit badges). Access is checked first so
    // an out-of-scope id answers 404 here too.
    printWindows: () => {
      app.get(`${kind.printWindow}/:id`, { schema: { hide: true, params: ZIdParam } }, async (req, reply) =>
        sendPrintWindow(reply, () => service.checkPrintable(requireCtx(req), [req.params.id]), 'Badge'),
      );
      app.get(
        `${kind.printWindow}s`,
        { schema: { hide: true, querystring: ZRegistrationBadgesQuery } },
        async (req, reply) =>
          sendPrintWindow(reply, () => service.checkPrintable(requireCtx(req), parseIds(req.query.ids)), 'Badges'),
      );
    },
  };

  const order = Object.keys(routes) as SharedRegistrationRoute[];
  let next = 0;
  return {
    through(last: SharedRegistrationRoute) {
      const end = order.indexOf(last);
      if (end < next) throw new Error(`The shared registration route '${last}' is registered already`);
      for (; next <= end; next++) routes[order[next]]();
    },
  };
}
