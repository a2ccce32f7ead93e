import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response (security guide "Sessions and requests").
 * API, photo and export responses are never cached.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { hsts: boolean }) {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url.toLowerCase();
    const docs = url.startsWith('/api/docs');
    reply.header(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self'${docs ? " 'unsafe-inline'" : ''} 'wasm-unsafe-eval'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "connect-src 'self'",
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    if (opts.hsts) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const isAsset = url.startsWith('/assets/');
    if (!isAsset) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
