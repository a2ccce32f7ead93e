import { ActionIcon, Popover, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { addDays, formatUsDate, parseUsDate } from '@sv/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './i18n.en';

/** Today in the browser's calendar as YYYY-MM-DD (the server re-checks in the building's zone). */
export function todayIso(now = new Date()) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** Keeps digits and inserts the slashes of mm/dd/yyyy as they are typed (spec 000 §5 mask). */
export function maskUsDate(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

export type DobProblem = 'future' | 'invalid' | null;

export interface DobInputProps {
  label: string;
  description?: string;
  /** ISO date or null (empty) */
  value: string | null;
  onChange: (iso: string | null, problem: DobProblem) => void;
  /** set while saving must stay blocked (a future date was typed, or the text is incomplete) */
  problem: DobProblem;
}

/**
 * Date of birth (spec 000 §5): masked mm/dd/yyyy, a calendar up to yesterday; a future date
 * clears the field and blocks saving until the field is edited again.
 */
export function DobInput(props: DobInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value ? (formatUsDate(props.value) ?? '') : '');
  const [open, setOpen] = useState(false);
  const yesterday = addDays(todayIso(), -1);

  const accept = (iso: string | null, shown: string) => {
    if (iso !== null && iso > yesterday) {
      setText('');
      props.onChange(null, 'future');
      return;
    }
    setText(shown);
    props.onChange(iso, null);
  };

  const onType = (raw: string) => {
    const masked = maskUsDate(raw);
    if (masked === '') return accept(null, '');
    if (masked.length < 10) {
      setText(masked);
      return props.onChange(null, 'invalid');
    }
    const iso = parseUsDate(masked);
    if (iso === null) {
      setText(masked);
      return props.onChange(null, 'invalid');
    }
    accept(iso, masked);
  };

  const error =
    props.problem === 'future'
      ? t('exclusions.field.dobFuture')
      : props.problem === 'invalid'
        ? t('exclusions.field.dobInvalid')
        : undefined;

  return (
    <TextInput
      label={props.label}
      description={props.description}
      placeholder="mm/dd/yyyy"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(e) => onType(e.currentTarget.value)}
      error={error}
      rightSection={
        <Popover opened={open} onChange={setOpen} position="bottom-end" withinPortal trapFocus>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              aria-label={t('exclusions.field.openCalendar')}
              onClick={() => setOpen((o) => !o)}
            >
              <IconCalendar size={18} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown>
            <DatePicker
              maxDate={yesterday}
              defaultLevel="decade"
              defaultDate={props.value ?? '1980-01-01'}
              value={props.value}
              onChange={(v) => {
                setOpen(false);
                const iso = v ? String(v).slice(0, 10) : null;
                accept(iso, iso ? (formatUsDate(iso) ?? '') : '');
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
    />
  );
}
