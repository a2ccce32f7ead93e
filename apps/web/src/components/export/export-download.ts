import { ApiError, getCsrfToken } from '../../lib/api-client';

/**
 * Downloads an export through a POST: filters with search text or names go in the body, never in
 * a URL (security guide). The streamed file is saved under the server's file name, or
 * `fallbackName` when it gives none. A refusal is thrown as an ApiError with the server's message
 * (the ExportDialog shows it).
 */
export async function downloadPostedExport(url: string, body: unknown, fallbackName: string): Promise<void> {
  const token = getCsrfToken();
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-csrf-token': token } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    const data = await res.json().catch(() => null);
    throw new ApiError(res.status, {
      requestId: data?.requestId ?? '',
      code: data?.code ?? String(res.status),
      message: data?.message ?? res.statusText,
    });
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
