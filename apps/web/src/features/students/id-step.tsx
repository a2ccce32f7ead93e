import { Alert, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconId } from '@tabler/icons-react';
import type { TPickupCheckResponse, TReleaseVerificationRequest } from '@sv/contracts';
import { parseAamva } from '@sv/domain';
import { useTranslation } from 'react-i18next';
import { maskUsDate, US_DATE_PLACEHOLDER } from '../../lib/time/fields';
import { formatCalendarDate, parseUsDate } from '../../lib/time/format';
import './i18n.en';

// ---------------------------------------------------------------- the ID step (issue 22)

export type IdCheck = {
  method: TReleaseVerificationRequest['method'] | null;
  raw: string;
  licenseNumber: string;
  licenseState: string;
  dob: string;
};
export const EMPTY_ID_CHECK: IdCheck = { method: null, raw: '', licenseNumber: '', licenseState: '', dob: '' };

/** The request's verification, or null while the step is incomplete (the server checks it again). */
export function verificationOf(c: IdCheck): TReleaseVerificationRequest | null {
  if (c.method === 'known_visitor') return { method: 'known_visitor' };
  if (c.method === 'id_scan') return c.raw.trim() ? { method: 'id_scan', raw: c.raw } : null;
  if (c.method === 'id_typed') {
    const dob = parseUsDate(c.dob);
    return c.licenseNumber.trim() && c.licenseState.trim() && dob
      ? { method: 'id_typed', licenseNumber: c.licenseNumber.trim(), licenseState: c.licenseState.trim(), dob }
      : null;
  }
  return null;
}

/**
 * "Releasing a child needs a verified adult" (issue 22): before the release the attendant checks
 * the adult's ID (scanned, or the licence typed), or, when an identity is on file, confirms the
 * adult is that person. Nothing on file: only the ID will do. The server decides again.
 */
export function IdStep(props: {
  /** what is on file for the adult; unknown at a reunification station (every method offered) */
  identity?: TPickupCheckResponse['identity'];
  value: IdCheck;
  error: string | null;
  onChange: (v: IdCheck) => void;
}) {
  const { t } = useTranslation();
  const { identity, value, onChange } = props;
  const set = (patch: Partial<IdCheck>) => onChange({ ...value, ...patch });
  const scanned = value.method === 'id_scan' && value.raw.trim() ? parseAamva(value.raw) : null;
  const onFile = [
    identity?.dob ? t('students.pickup.idOnFileDob', { dob: formatCalendarDate(identity.dob) }) : null,
    identity?.licenseHint ? t('students.pickup.idOnFileLicense', { hint: identity.licenseHint }) : null,
  ].filter(Boolean);
  return (
    <Stack gap="xs" data-testid="pickup-id-step">
      <Text size="sm" fw={600}>
        {t('students.pickup.idTitle')}
      </Text>
      {!identity ? null : identity.onFile ? (
        <Text size="sm">{t('students.pickup.idOnFile', { what: onFile.join(', ') })}</Text>
      ) : (
        <Alert color="yellow" p="xs">
          {t('students.pickup.idNothingOnFile')}
        </Alert>
      )}
      <Radio.Group
        label={t('students.pickup.idMethod')}
        value={value.method ?? ''}
        onChange={(m) => set({ method: m as IdCheck['method'] })}
        error={props.error}
        required
      >
        <Stack gap={6} mt={4}>
          {!identity || identity.onFile ? <Radio value="known_visitor" label={t('students.pickup.idKnown')} /> : null}
          <Radio value="id_scan" label={t('students.pickup.idScanMethod')} />
          <Radio value="id_typed" label={t('students.pickup.idTypedMethod')} />
        </Stack>
      </Radio.Group>
      {value.method === 'id_scan' ? (
        <TextInput
          label={t('students.pickup.idScanField')}
          leftSection={<IconId size={16} aria-hidden />}
          value={value.raw}
          onChange={(e) => set({ raw: e.currentTarget.value })}
          description={
            scanned
              ? t('students.pickup.idScanRead', {
                  name: [scanned.firstName, scanned.lastName].filter(Boolean).join(' '),
                  dob: formatCalendarDate(scanned.dateOfBirth) ?? '?',
                })
              : t('students.pickup.idScanUnread')
          }
          autoComplete="off"
          data-autofocus
        />
      ) : null}
      {value.method === 'id_typed' ? (
        <Group grow align="flex-start">
          <TextInput
            label={t('students.pickup.idNumber')}
            value={value.licenseNumber}
            onChange={(e) => set({ licenseNumber: e.currentTarget.value })}
            required
            autoComplete="off"
          />
          <TextInput
            label={t('students.pickup.idState')}
            value={value.licenseState}
            onChange={(e) => set({ licenseState: e.currentTarget.value.toUpperCase().slice(0, 20) })}
            required
            autoComplete="off"
            maw={90}
          />
          <TextInput
            label={t('students.pickup.idDob')}
            value={value.dob}
            placeholder={US_DATE_PLACEHOLDER}
            inputMode="numeric"
            onChange={(e) => set({ dob: maskUsDate(e.currentTarget.value) })}
            error={value.dob.length === 10 && !parseUsDate(value.dob) ? t('students.pickup.idDobInvalid') : null}
            required
            autoComplete="off"
          />
        </Group>
      ) : null}
    </Stack>
  );
}
