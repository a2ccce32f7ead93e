import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, parseUsDate } from './format';
import { maskUsDate, pickedDate, US_DATE_PLACEHOLDER, yesterdayIso } from './fields';
import './i18n.en';

/**
 * Why a typed date of birth cannot be saved: 'future' (cleared, spec 000 §5), 'invalid'
 * (incomplete), 'not-a-date' (complete but no such day, e.g. 02/30/1990: audit 002 B11).
 */
export type DobProblem = 'future' | 'invalid' | 'not-a-date' | null;

export interface DobInputProps {
  /** defaults to "Date of birth" */
  label?: string;
  description?: string;
  /** ISO date or null (empty) */
  value: string | null;
  /** set while saving must stay blocked; the parent keeps it so it can disable its save button */
  problem: DobProblem;
  onChange: (iso: string | null, problem: DobProblem) => void;
  /** the form's own error for the field, shown when the text itself is fine */
  error?: string;
  /** defaults to mm/dd/yyyy; the kiosk passes its language's (mm/dd/aaaa in Spanish) */
  placeholder?: string;
  /**
   * The field must be filled in: an asterisk and aria-required, like the other required fields
   * (issue 25, audit 001 U12, audit 002-ksl U3: the save was blocked without it, unmarked). Not
   * the native attribute: the form's own message says what is missing, in the page's language.
   */
  required?: boolean;
  /** the look of the surrounding form (the kiosk's large fields: styles, min width) */
  textInputProps?: Pick<TextInputProps, 'styles' | 'miw' | 'size' | 'w'>;
}

/** What the text box shows for `value`. */
const shown = (value: string | null) => formatCalendarDate(value) ?? '';

/**
 * The one date-of-birth field (issue 24 §2; spec 000 §5, 001 §5, 002 §5): typed mm/dd/yyyy with
 * the mask, or picked in a calendar that ends yesterday. A future date clears the field and blocks
 * saving (`problem` 'future') until the field is edited again. A value set from outside (a
 * licence scan, a form reset) replaces the text.
 */
export function DobInput(props: DobInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => shown(props.value));
  const [seenValue, setSeenValue] = useState(props.value);
  const [open, setOpen] = useState(false);
  const yesterday = yesterdayIso();

  // a value from outside that the text does not say (adjusting state while rendering, as React advises)
  if (props.value !== seenValue) {
    setSeenValue(props.value);
    if (props.value !== parseUsDate(text)) setText(shown(props.value));
  }

  const accept = (iso: string | null, display: string) => {
    if (iso !== null && iso > yesterday) {
      setText('');
      props.onChange(null, 'future');
      return;
    }
    setText(display);
    props.onChange(iso, null);
  };

  const onType = (raw: string) => {
    const masked = maskUsDate(raw);
    if (masked === '') return accept(null, '');
    setText(masked);
    if (masked.length < 10) return props.onChange(null, 'invalid');
    const iso = parseUsDate(masked);
    if (iso === null) return props.onChange(null, 'not-a-date');
    accept(iso, masked);
  };

  const error =
    props.problem === 'future'
      ? t('dob.future')
      : props.problem === 'invalid'
        ? t('dob.invalid')
        : props.problem === 'not-a-date'
          ? t('dob.notADate')
          : props.error;

  return (
    <TextInput
      {...props.textInputProps}
      label={props.label ?? t('dob.label')}
      description={props.description}
      withAsterisk={props.required}
      aria-required={props.required || undefined}
      placeholder={props.placeholder ?? US_DATE_PLACEHOLDER}
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(e) => onType(e.currentTarget.value)}
      error={error}
      rightSection={
        <Popover opened={open} onChange={setOpen} position="bottom-end" withinPortal trapFocus>
          <Popover.Target>
            <ActionIcon variant="subtle" aria-label={t('dob.openCalendar')} onClick={() => setOpen((o) => !o)}>
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              maxDate={yesterday}
              defaultLevel={props.value ? 'month' : 'decade'}
              defaultDate={props.value ?? '1980-01-01'}
              value={props.value}
              onChange={(v) => {
                setOpen(false);
                const iso = pickedDate(v) ?? null;
                accept(iso, shown(iso));
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
