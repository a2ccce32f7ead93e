import { Alert, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/**
 * Wraps a form: disables every field while saving (a fieldset) and shows the first server
 * error in an alert (spec 000 §8 "Failed save: the first server error is shown in an alert").
 */
export function FormShell(props: {
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  error?: string | null;
  children: ReactNode;
  'aria-label'?: string;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label={props['aria-label']}>
      <fieldset disabled={props.saving} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {props.error ? (
            <Alert color="red" role="alert" variant="light">
              {props.error}
            </Alert>
          ) : null}
          {props.children}
        </Stack>
      </fieldset>
    </form>
  );
}
