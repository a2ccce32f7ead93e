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
  for (const [k, v] of Object.entries(exportParamStrings(params))) q.set(k, v);
  return `/api/exports/${encodeURIComponent(kind)}?${q.toString()}`;
}

/** An export's filters as the server reads them: strings, the unset ones left out. */
export function exportParamStrings(params: ExportParams = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') out[k] = String(v);
  return out;
}
