import type { z } from 'zod';

/**
 * Reads a settings set stored as jsonb with its contract: missing keys take the contract's
 * defaults, and a stored value the contract no longer accepts falls back to its default instead of
 * breaking the screen (older rows, hand edits).
 */
export function readStored<S extends z.ZodObject>(schema: S, raw: unknown): z.infer<S> {
  const obj: Record<string, unknown> = raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...raw } : {};
  const first = schema.safeParse(obj);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete obj[String(issue.path[0])];
  return schema.parse(obj);
}

/** Keys whose values differ (for the audit trail: which settings changed, never their values). */
export function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}
