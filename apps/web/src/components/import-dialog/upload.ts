import { MESSAGES, type TImportResult } from '@sv/contracts';
import { getCsrfToken } from '../../lib/api-client';

/** What the dialog shows after an upload: the server's answer, or one error text. */
export type UploadOutcome = { ok: true; result: TImportResult } | { ok: false; error: string };

/**
 * POSTs the file as multipart with XMLHttpRequest (fetch has no upload progress) and the
 * CSRF header. Server-reported errors (AppError body `message`, or `{ success:false, error }`)
 * are shown as they are; a transport failure is 'Upload failed' (spec 000 §8).
 */
export function uploadImport(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const token = getCsrfToken();
    if (token) xhr.setRequestHeader('x-csrf-token', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () => resolve({ ok: false, error: MESSAGES.uploadFailed });
    xhr.onabort = () => resolve({ ok: false, error: MESSAGES.uploadFailed });
    xhr.onload = () => resolve(interpret(xhr.status, xhr.responseText));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

export function interpret(status: number, text: string): UploadOutcome {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (body && typeof body === 'object') {
    const b = body as Partial<TImportResult> & { message?: string };
    if (status >= 200 && status < 300 && b.success === true && b.results)
      return { ok: true, result: b as TImportResult };
    if (typeof b.error === 'string' && b.error) return { ok: false, error: b.error };
    if (typeof b.message === 'string' && b.message && status >= 400) return { ok: false, error: b.message };
  }
  return { ok: false, error: MESSAGES.uploadFailed };
}
