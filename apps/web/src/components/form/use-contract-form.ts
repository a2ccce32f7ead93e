import { schemaResolver, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** A form made by useContractForm, as a component that renders a feature's form takes it. */
export type ContractForm<T> = UseFormReturnType<T>;

type FormOptions<T> = Omit<UseFormInput<T>, 'validate'> & { initialValues: T };

/** How a form words the contract's findings, when the contract's own sentences are not its words. */
export interface ContractWords<T> {
  /**
   * The form's sentence for a finding on `field` (the first finding of each field is shown); ''
   * or undefined keeps the contract's. `values` are the form's, for a message that depends on them.
   */
  message?: (field: string, issue: z.core.$ZodIssue, values: T) => string | undefined;
  /** the form field a finding belongs to, when the request names it otherwise (default: its path) */
  field?: (path: readonly PropertyKey[]) => string;
  /**
   * Rules the contract cannot say from the request alone (a date not before today in a zone), and
   * findings repeated on another field (`found`: the contract's); what they answer wins.
   */
  rules?: (values: T, found: Readonly<Record<string, string>>) => Record<string, string | undefined>;
}

/**
 * The form's errors: the contract's findings on the request the values make, one per field, in
 * the form's words, then the form's own rules. Exported for the unit test.
 */
export function contractErrors<T>(
  schema: z.ZodType,
  request: unknown,
  values: T,
  words: ContractWords<T>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = schema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = words.field ? words.field(issue.path) : issue.path.map(String).join('.');
      if (key in errors) continue;
      errors[key] = words.message?.(key, issue, values) || issue.message;
    }
  }
  for (const [key, message] of Object.entries(words.rules?.(values, { ...errors }) ?? {}))
    if (message) errors[key] = message;
  return errors;
}

/**
 * The one form kit (architecture guide §7): a form validated in the browser by the same zod
 * contract the server validates the request with. Its values are the request's fields; a form
 * whose values are not the request itself (a typed date, a signature drawn or typed, an id chosen
 * in a select that goes in the path) says how they make it with `toRequest`, and the contract
 * validates that. `message`, `field` and `rules` (ContractWords) put the findings in the form's
 * words and language. `one-way.test.ts` fails CI on a form built on Mantine's useForm directly.
 */
export function useContractForm<T extends Record<string, unknown>, R>(
  schema: z.ZodType<unknown, R>,
  options: FormOptions<T> & ContractWords<T> & { toRequest: (values: T) => R },
): UseFormReturnType<T>;
export function useContractForm<T extends Record<string, unknown>>(
  schema: z.ZodType<unknown, T>,
  options: FormOptions<T> & ContractWords<T>,
): UseFormReturnType<T>;
export function useContractForm<T extends Record<string, unknown>>(
  schema: z.ZodType,
  options: FormOptions<T> & ContractWords<T> & { toRequest?: (values: T) => unknown },
): UseFormReturnType<T> {
  const { toRequest, message, field, rules, ...form } = options;
  const plain = !toRequest && !message && !field && !rules;
  return useForm<T>({
    mode: 'controlled',
    ...form,
    validate: plain
      ? schemaResolver(schema as z.ZodType<unknown, T>, { sync: true })
      : (values: T) =>
          contractErrors(schema, toRequest ? toRequest(values) : values, values, { message, field, rules }),
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

/**
 * What an edit form sends (issue 23 §4, ADR 0025): its values, plus the version of the record it
 * loaded when it edits one. A record changed meanwhile answers 409 with the product's stale
 * message, which `applyServerErrors` puts in the form's alert while every typed value stays.
 */
export function withVersion<T extends object>(values: T, loaded: { version: number } | null | undefined): T {
  return loaded ? { ...values, version: loaded.version } : values;
}
