import type { ZRegistrationInformation } from '@sv/contracts';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** How each kind names itself on its information page. */
export interface InformationWording {
  /** 'Registration', 'SafeVendor registration' */
  title: string;
  /** 'Registration type', 'Company' */
  owner: string;
  /** 'registration-information', 'safevendor-information' */
  fileName: string;
}

/**
 * The downloadable information page of a registration (spec 001 §2 "registration information
 * (disclosure, authorization, additional form detail)", the windows /Registration/Info/{id} and
 * /SVRegistration/Info/{id}): disclosure, authorization, the signature and the form's answers.
 */
export function informationHtml(info: z.infer<typeof ZRegistrationInformation>, wording: InformationWording): string {
  const section = (title: string, text: string | null) =>
    `<h2>${html(title)}</h2><p style="white-space:pre-wrap">${html(text ?? 'Not signed: added by an administrator.')}</p>`;
  const sig = info.signature;
  const signature = sig
    ? `<h2>Signature</h2>${
        sig.kind === 'drawn' && /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(sig.value)
          ? `<img alt="Drawn signature" src="${sig.value}" style="max-width:400px">`
          : `<p>${html(sig.value)}</p>`
      }<p>Signed ${html(sig.signedAt)} from ${html(sig.ip)} (${html(sig.userAgent)})</p>`
    : '';
  const answers = info.answers.length
    ? `<h2>Additional form detail</h2><dl>${info.answers
        .map((a) => `<dt>${html(a.name)}</dt><dd>${html(a.value)}</dd>`)
        .join('')}</dl>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${html(wording.title)} ${info.id}</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:24px auto;padding:0 16px}</style></head>
<body><h1>${html(wording.title)} ${info.id}: ${html(info.name)}</h1>
<p>${html(wording.owner)}: ${html(info.registrationType)}. Submitted ${html(info.submittedAt)} (${html(info.source)}).</p>
${section('Disclosure', info.disclosureText)}
${section('Authorization', info.authorizationText)}
${signature}
${answers}
</body></html>`;
}

/** The information page as a download (never cached: it holds personal data). */
export const sendInformationPage = (
  reply: FastifyReply,
  info: z.infer<typeof ZRegistrationInformation>,
  wording: InformationWording,
) =>
  reply
    .header('Cache-Control', 'no-store')
    .header('Content-Disposition', `attachment; filename="${wording.fileName}-${info.id}.html"`)
    .type('text/html; charset=utf-8')
    .send(informationHtml(info, wording));
