import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { TVisitLogRow } from '@sv/contracts';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/data-table/data-table';
import { formatDate, formatDateTime, formatTime } from '../../lib/time/format';
import './i18n.en';

/** The same colours as the charts' legend. */
const TYPE_COLORS: Record<string, string> = {
  visitor: '#1c5fa8',
  volunteer: '#0b7a6b',
  vendor: '#8a3ea6',
  student: '#b34d00',
};

/**
 * Columns of the visit and vendor logs (spec 002 §3 log rows; spec 001 §9: the vendor log shows
 * Company instead of the type and hides the person visiting). Dates in the building's zone.
 */
export function visitColumns(
  t: TFunction,
  opts: { vendor: boolean; onReprint?: (row: TVisitLogRow) => void },
): Column<TVisitLogRow>[] {
  return [
    {
      key: 'visitor',
      header: t('logs.col.visitor'),
      sortKey: 'visitor',
      render: (r) => (
        <Text size="sm" fw={500} data-testid="log-visitor">
          {r.visitorName}
        </Text>
      ),
    },
    {
      key: 'personVisiting',
      header: t('logs.col.personVisiting'),
      render: (r) => r.personVisiting,
      hidden: opts.vendor,
    },
    { key: 'reason', header: t('logs.col.reason'), render: (r) => r.reason },
    { key: 'building', header: t('logs.col.building'), sortKey: 'building', render: (r) => r.buildingName },
    {
      key: 'attendant',
      header: t('logs.col.attendant'),
      sortKey: 'attendant',
      render: (r) => r.attendantName ?? t('logs.noAttendant'),
    },
    {
      key: 'type',
      header: t('logs.col.type'),
      sortKey: 'type',
      hidden: opts.vendor,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <span
            aria-hidden
            style={{
              width: 10,
              height: 10,
              borderRadius: 2,
              flex: 'none',
              background: TYPE_COLORS[r.visitorType] ?? '#555',
            }}
          />
          <Text size="sm">{t(`logs.type.${r.visitorType}`, { defaultValue: r.visitorType })}</Text>
        </Group>
      ),
    },
    { key: 'company', header: t('logs.col.company'), hidden: !opts.vendor, render: (r) => r.company ?? '—' },
    {
      key: 'date',
      header: t('logs.col.date'),
      sortKey: 'checkIn',
      width: 110,
      render: (r) => formatDate(r.checkIn, r.timeZone),
    },
    { key: 'in', header: t('logs.col.in'), width: 90, render: (r) => formatTime(r.checkIn, r.timeZone) },
    {
      key: 'out',
      header: t('logs.col.out'),
      sortKey: 'checkOut',
      width: 110,
      render: (r) =>
        r.checkOut ? (
          formatDate(r.checkOut, r.timeZone) === formatDate(r.checkIn, r.timeZone) ? (
            formatTime(r.checkOut, r.timeZone)
          ) : (
            formatDateTime(r.checkOut, r.timeZone)
          )
        ) : (
          <Text size="sm" fw={700}>
            {t('logs.stillIn')}
          </Text>
        ),
    },
    {
      key: 'actions',
      header: t('logs.col.actions'),
      width: 80,
      hidden: !opts.onReprint,
      render: (r) =>
        r.badgeId !== null ? (
          <Tooltip label={t('logs.reprint', { name: r.visitorName })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('logs.reprint', { name: r.visitorName })}
              onClick={() => opts.onReprint?.(r)}
            >
              <IconPrinter size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];
}
