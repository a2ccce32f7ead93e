import { ActionIcon, Badge, Image, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { PICKUP_LOG_SORTS, RELEASE_VERIFICATION_LABELS, type TPickupLogRow } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/data-table/data-table';
import { paths } from '../../lib/paths';
import { LogExportButton } from './log-export';
import { type LogRequest, LogScreen } from './log-screen';
import { pickupLogQuery } from './logs-api';
import { formatDateTime } from '../../lib/time/format';
import './i18n.en';

const usePickups = (q: LogRequest) => useQuery(pickupLogQuery(q as never));
const SIS_COLORS: Record<string, string> = {
  sent: 'teal',
  failed: 'red',
  retrying: 'orange',
  pending: 'gray',
  unsupported: 'gray',
};

/**
 * Student Pickup Log /PickupLog/ (spec 002 §2 Logs, §3 pickup log row, §6, §9; issue 12): the one
 * log screen (building and attendant filters for role 2, last 7 days newest first), columns
 * view-photo, Student, Guardian, Reason, Building, Attendant, Date, plus the SIS write-back status;
 * the photo through the authorized file endpoint; export through the log export.
 */
export default function PickupLogPage() {
  const { t } = useTranslation();
  const [photo, setPhoto] = useState<TPickupLogRow | null>(null);
  const columns: Column<TPickupLogRow>[] = [
    {
      key: 'photo',
      header: t('logs.pickups.photo'),
      width: 70,
      // a kiosk pickup where the building requires no photo has none (issue 25)
      render: (r) =>
        r.photoFileId === null ? (
          <Text size="xs" c="dimmed">
            {t('logs.pickups.noPhoto')}
          </Text>
        ) : (
          <Tooltip label={t('logs.pickups.viewPhoto', { name: r.guardianName })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('logs.pickups.viewPhoto', { name: r.guardianName })}
              onClick={() => setPhoto(r)}
              data-testid="view-photo"
            >
              <IconPhoto size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ),
    },
    {
      key: 'student',
      header: t('logs.pickups.student'),
      sortKey: 'student',
      render: (r) => (
        <Text size="sm" fw={500} data-testid="log-student">
          {r.studentName}
        </Text>
      ),
    },
    { key: 'guardian', header: t('logs.pickups.guardian'), sortKey: 'guardian', render: (r) => r.guardianName },
    { key: 'reason', header: t('logs.col.reason'), render: (r) => r.reason },
    { key: 'building', header: t('logs.col.building'), sortKey: 'building', render: (r) => r.buildingName },
    {
      key: 'attendant',
      header: t('logs.col.attendant'),
      sortKey: 'attendant',
      render: (r) => r.attendantName ?? t('logs.noAttendant'),
    },
    {
      key: 'date',
      header: t('logs.col.date'),
      sortKey: 'pickedUpAt',
      render: (r) => formatDateTime(r.pickedUpAt, r.timeZone),
    },
    {
      // issue 22: how the adult was verified before the release
      key: 'verification',
      header: t('logs.pickups.verification'),
      render: (r) =>
        r.verification ? (
          <Text size="sm" data-testid="log-verification">
            {RELEASE_VERIFICATION_LABELS[r.verification as keyof typeof RELEASE_VERIFICATION_LABELS] ?? r.verification}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('logs.pickups.verificationNone')}
          </Text>
        ),
    },
    {
      key: 'sis',
      header: t('logs.pickups.sis'),
      width: 120,
      render: (r) =>
        r.sisStatus ? (
          <Badge size="sm" variant="filled" color={SIS_COLORS[r.sisStatus] ?? 'gray.7'}>
            {t(`logs.pickups.sisStatus.${r.sisStatus}`, { defaultValue: r.sisStatus })}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed" title={t('logs.pickups.sisNone')}>
            {t('logs.pickups.sisNoneShort')}
          </Text>
        ),
    },
  ];
  return (
    <>
      <LogScreen
        textKey="pickups"
        columns={columns}
        defaultSort="pickedUpAt"
        sorts={PICKUP_LOG_SORTS}
        rowKey={(r) => r.id}
        useRows={usePickups}
        renderExport={(q) => <LogExportButton kind="pickups" request={q} />}
      />
      <Modal
        opened={photo !== null}
        onClose={() => setPhoto(null)}
        title={photo ? t('logs.pickups.photoOf', { name: photo.guardianName, student: photo.studentName }) : ''}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {photo?.photoFileId ? (
          <Stack gap="xs">
            <Image
              src={paths.file(photo.photoFileId)}
              alt={t('logs.pickups.photoOf', { name: photo.guardianName, student: photo.studentName })}
              radius="sm"
              data-testid="pickup-photo"
            />
            <Text size="sm" c="dimmed">
              {formatDateTime(photo.pickedUpAt, photo.timeZone)} · {photo.buildingName}
            </Text>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
