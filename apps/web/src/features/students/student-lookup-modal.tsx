import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { TStudentRow } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import type { DeskNavigationState } from '../scan/scan-api';
import { buildingLabelQuery, searchStudents } from './students-api';
import './i18n.en';

export type StudentPhase = 'Pickup' | 'Dropoff';

/**
 * The dashboard's student lookup (spec 002 §2, §4 Dashboard visitor flow pickup/dropoff): by name,
 * the building's student ID (studentIdLabel) or a scanned student ID card (a keyboard-wedge scan
 * of the card's barcode types the ID and Enter). Skyward mode opens /student/pickupSIS/{id};
 * General mode opens /student/pickup/{id} or /student/dropoffSIS/{id} by the phase, chosen here
 * when both are detected, preset otherwise.
 */
export function StudentLookupModal(props: {
  opened: boolean;
  onClose: () => void;
  buildingId: number | null;
  mode: 'Skyward' | 'General';
  /** 'choose' when both are detected (General) */
  phase: StudentPhase | 'choose';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [rows, setRows] = useState<TStudentRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chosen, setChosen] = useState<StudentPhase>('Pickup');
  const phase: StudentPhase = props.phase === 'choose' ? chosen : props.phase;
  const building = useQuery({
    ...buildingLabelQuery(props.buildingId ?? 0),
    enabled: !!props.buildingId && props.opened,
  });
  const label = building.data?.studentIdLabel || t('students.lookup.defaultLabel');

  const find = async () => {
    if (!text.trim() || !props.buildingId) return;
    setBusy(true);
    setError(null);
    try {
      const res = await searchStudents({ buildingId: props.buildingId, text: text.trim() });
      // a scanned card or a typed ID naming exactly one student goes straight on
      if (res.data.length === 1 && res.data[0].identifier === text.trim()) open(res.data[0]);
      else setRows(res.data);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    } finally {
      setBusy(false);
    }
  };

  const open = (s: TStudentRow) => {
    const state = { buildingId: props.buildingId ?? 0 } satisfies DeskNavigationState;
    const to =
      props.mode === 'Skyward'
        ? paths.studentPickupSis(s.id)
        : phase === 'Dropoff'
          ? paths.studentDropoff(s.id)
          : paths.studentPickup(s.id);
    close();
    navigate(to, { state });
  };

  const close = () => {
    setText('');
    setRows(null);
    setError(null);
    props.onClose();
  };

  return (
    <Modal
      opened={props.opened}
      onClose={close}
      title={phase === 'Dropoff' ? t('students.lookup.titleDropoff') : t('students.lookup.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="lg"
    >
      <Stack gap="sm">
        {!props.buildingId ? <Alert color="yellow">{t('students.lookup.buildingNeeded')}</Alert> : null}
        {props.mode === 'General' && props.phase === 'choose' ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="student-phase-label">
              {t('students.lookup.choose')}
            </Text>
            <SegmentedControl
              aria-labelledby="student-phase-label"
              value={chosen}
              onChange={(v) => setChosen(v as StudentPhase)}
              data={[
                { value: 'Pickup', label: t('students.lookup.pickup') },
                { value: 'Dropoff', label: t('students.lookup.dropoff') },
              ]}
            />
          </Stack>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('students.lookup.intro', { label })}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void find();
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('students.lookup.field', { label })}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
              style={{ flex: 1 }}
              error={error}
            />
            <Button
              type="submit"
              loading={busy}
              leftSection={<IconSearch size={16} aria-hidden />}
              disabled={!props.buildingId}
            >
              {t('students.lookup.search')}
            </Button>
          </Group>
        </form>
        {rows !== null && rows.length === 0 ? <Text size="sm">{t('students.lookup.none')}</Text> : null}
        {rows && rows.length > 0 ? (
          <Stack gap={4} role="list" aria-label={t('students.lookup.results')}>
            {rows.map((s) => (
              <UnstyledButton
                key={s.id}
                role="listitem"
                onClick={() => open(s)}
                aria-label={t('students.lookup.open', { name: s.name })}
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6 }}
                data-testid="student-result"
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {s.name}
                    {s.active ? '' : ` (${t('students.lookup.inactive')})`}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {s.identifier} · {s.buildingName ?? ''}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
