/** Where the badge PDF of a visit is served (visits.routes.ts); the print window frames it. */
export const badgePdfUrl = (visitId: number) => `/api/visits/${visitId}/badge.pdf`;

/** The print window's script, a file of the web app (apps/web/public): the CSP allows no inline script. */
export const PRINT_WINDOW_SCRIPT = '/print-window.js';

/**
 * The browser print window of a badge (spec 002 §4: "the browser's print window is used"): a page
 * that frames the badge PDF and opens the print dialog as soon as the PDF has loaded, so the
 * attendant only confirms the printer. Without script the PDF link still works.
 */
export function badgePrintWindow(visitId: number): string {
  return printWindowHtml(badgePdfUrl(visitId), 'Badge');
}

/** The same print window for any same-origin PDF address (registration badges use it too). */
export function printWindowHtml(pdf: string, title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SafeVisitor - ${title}</title>
<style>html,body{margin:0;height:100%;font-family:system-ui,sans-serif}#badge{border:0;display:block;width:100%;height:100%}</style>
</head>
<body>
<div id="print-window" data-pdf="${pdf}" data-title="${title}" style="height:100%"></div>
<noscript><p style="padding:16px"><a href="${pdf}">Open the ${title.toLowerCase()}</a>, then print it.</p></noscript>
<script src="${PRINT_WINDOW_SCRIPT}"></script>
</body>
</html>
`;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * What a print window shows when there is no badge to print (issue 25, audit 001 B3): a page with
 * the product's message and a way back, not the API's JSON error body.
 */
export function printWindowMessageHtml(message: string, backTo: { href: string; label: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SafeVisitor - No badge to print</title>
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:48px auto;padding:0 16px;line-height:1.5}</style>
</head>
<body>
<h1>No badge to print</h1>
<p data-testid="print-window-message">${escapeHtml(message)}</p>
<p><a href="${escapeHtml(backTo.href)}">${escapeHtml(backTo.label)}</a></p>
</body>
</html>
`;
}
