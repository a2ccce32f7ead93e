import { schemaResolver, useForm, type UseFormInput } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/**
 * The one form kit (architecture guide §7): a form validated in the browser by the same zod
 * contract the server validates the request with.
 */
export function useContractForm<T extends Record<string, unknown>>(
  schema: z.ZodType<unknown, T>,
  options: Omit<UseFormInput<T>, 'validate'> & { initialValues: T },
) {
  return useForm<T>({
    mode: 'controlled',
    ...options,
    validate: schemaResolver(schema, { sync: true }),
  });
}

/** Puts the server's per-field messages beside the fields; answers the first message for the alert. */
export function applyServerErrors(form: { setErrors(e: Record<string, string>): void }, error: unknown): string {
  if (error instanceof ApiError) {
    const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? '']));
    if (Object.keys(fieldErrors).length) form.setErrors(fieldErrors);
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
