import { Alert, Stack } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';

/**
 * Wraps a form: disables every field while saving (a fieldset) and shows the first server
 * error in an alert (spec 000 §8 "Failed save: the first server error is shown in an alert").
 * The alert is brought into view and focused when it appears: on a long form (the registration
 * type editor) Save is far below it, and nothing seemed to happen (issue 25, audit 001 U1).
 */
export function FormShell(props: {
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  error?: string | null;
  children: ReactNode;
  'aria-label'?: string;
}) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!props.error || !alert.current) return;
    alert.current.scrollIntoView?.({ block: 'center' });
    alert.current.focus({ preventScroll: true });
  }, [props.error]);
  return (
    <form onSubmit={props.onSubmit} noValidate aria-label={props['aria-label']}>
      <fieldset disabled={props.saving} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="sm">
          {props.error ? (
            <Alert color="red" role="alert" variant="light" ref={alert} tabIndex={-1}>
              {props.error}
            </Alert>
          ) : null}
          {props.children}
        </Stack>
      </fieldset>
    </form>
  );
}
