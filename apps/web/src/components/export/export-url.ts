export type ExportFormat = 'csv' | 'xlsx';
export type ExportParams = Record<string, string | number | boolean | null | undefined>;

/**
 * The download URL of an export (GET with the session cookie): /api/exports/{kind}?format=…
 * &columns=…&<params>. Params are ids and flags only (no search text or PII in URLs).
 * `columns` undefined = every column.
 */
export function exportUrl(kind: string, format: ExportFormat, params: ExportParams = {}, columns?: string[]): string {
  const q = new URLSearchParams({ format });
  if (columns) q.set('columns', columns.join(','));
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  return `/api/exports/${encodeURIComponent(kind)}?${q.toString()}`;
}
