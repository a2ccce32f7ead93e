import type { FastifyInstance } from 'fastify';

/**
 * Responses a page of this origin may frame: the badge PDF, which the badge print window
 * (/Badge/print/{id}) frames to print it, the registration badge PDFs the registration print
 * windows (/Badge/PrintRegistration/{id}, /Badge/PrintRegistrations/?ids=…) and the SafeVendor ones
 * (/Badge/PrintSVRegistration/{id}, /Badge/PrintSVRegistrations/?ids=…) frame, and the tardy slip
 * PDF, which its print window (/GenerateAndPrint/GenerateTardySlipForEvent/{id}/…) frames, and a
 * building's test page (/Building/PrintTestPage/{id}, issue 23 §7).
 * Everything else may be framed by nobody.
 */
const SAME_ORIGIN_FRAMES =
  /^\/api\/(visits\/\d+\/badge\.pdf|buildings\/\d+\/test-page\.pdf|(sv-)?registrations\/(\d+\/badge|badges)\.pdf|students\/dropoffs\/\d+\/tardy-slip\.pdf)(\?|$)/;

/** Zebra Browser Print listens on the desk's computer only (HTTP 9100, HTTPS 9101). */
const BROWSER_PRINT_ORIGINS = 'http://localhost:9100 https://localhost:9101';

/**
 * Security headers on every response (security guide "Sessions and requests").
 * API, photo and export responses are never cached.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { hsts: boolean }) {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url.toLowerCase();
    const docs = url.startsWith('/api/docs');
    const framable = SAME_ORIGIN_FRAMES.test(url);
    reply.header(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self'${docs ? " 'unsafe-inline'" : ''} 'wasm-unsafe-eval'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        // issue 23 §7 (ADR 0027): Zebra Browser Print's local API on the desk's own computer
        `connect-src 'self' ${BROWSER_PRINT_ORIGINS}`,
        "font-src 'self' data:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        framable ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
      ].join('; '),
    );
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', framable ? 'SAMEORIGIN' : 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // geolocation only for the arrival page's document (ADR 0017: the phone's position, after consent)
    const arrival = url.startsWith('/arrive/');
    reply.header('Permissions-Policy', `camera=(self), microphone=(), geolocation=(${arrival ? 'self' : ''})`);
    if (opts.hsts) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const isAsset = url.startsWith('/assets/');
    if (!isAsset) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
