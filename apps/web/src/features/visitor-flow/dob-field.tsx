import { DateInput } from '@mantine/dates';
import { parseUsDate } from '@sv/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { yesterdayIso } from './flow';
import './i18n.en';

export type DobProblem = 'future' | 'invalid' | null;

/** Keeps digits and inserts the slashes of mm/dd/yyyy as they are typed (spec 002 §5 mask). */
export function maskUsDate(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/**
 * Date of birth (spec 002 §5, 000 §5): Mantine DateInput masked mm/dd/yyyy with a calendar up to
 * yesterday. A typed future date clears the field and blocks saving (`problem` 'future') until
 * the field is edited again; an incomplete date is 'invalid'.
 */
export function DobField(props: {
  value: string | null;
  problem: DobProblem;
  onChange: (iso: string | null, problem: DobProblem) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const maxDate = yesterdayIso();
  // remounting clears DateInput's own text when a future date is refused
  const [generation, setGeneration] = useState(0);

  const onInput = (e: FormEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const masked = maskUsDate(input.value);
    input.value = masked;
    if (masked === '') return props.onChange(null, null);
    if (masked.length < 10) return props.onChange(null, 'invalid');
    const iso = parseUsDate(masked);
    if (iso === null) return props.onChange(null, 'invalid');
    if (iso > maxDate) {
      props.onChange(null, 'future');
      setGeneration((g) => g + 1);
      return;
    }
    props.onChange(iso, null);
  };

  const error =
    props.problem === 'future'
      ? t('visitorFlow.record.field.dobFuture')
      : props.problem === 'invalid'
        ? t('visitorFlow.record.field.dobInvalid')
        : props.error;

  return (
    <DateInput
      key={generation}
      label={t('visitorFlow.record.field.dob')}
      placeholder={t('visitorFlow.record.field.dobHint')}
      valueFormat="MM/DD/YYYY"
      dateParser={(text) => {
        const iso = parseUsDate(maskUsDate(text));
        return iso && iso <= maxDate ? iso : null;
      }}
      maxDate={maxDate}
      defaultLevel={props.value ? 'month' : 'decade'}
      defaultDate={props.value ?? '1980-01-01'}
      inputMode="numeric"
      clearable
      clearButtonProps={{ 'aria-label': t('visitorFlow.record.field.dobClear') }}
      value={props.value}
      onInput={onInput}
      onChange={(v) => {
        // the calendar (or a complete typed date) chose a day up to yesterday
        const iso = v ? String(v).slice(0, 10) : null;
        if (iso !== props.value) props.onChange(iso, null);
      }}
      error={error}
      fixOnBlur={false}
      popoverProps={{ withinPortal: true }}
    />
  );
}
