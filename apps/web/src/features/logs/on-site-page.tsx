import { Avatar, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import { IconPrinter } from '@tabler/icons-react';
import type { TOnSiteResponse } from '@sv/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import {
  DATE_FORMAT,
  formatDate,
  formatDateTime,
  formatTime,
  formatWallClock,
  parseUsDate,
} from '../../lib/time/format';
import { pickedDate, US_DATE_PLACEHOLDER } from '../../lib/time/fields';
import './i18n.en';

const onSiteQuery = (buildingId?: number, at?: { date: string; time: string }) => {
  const params = new URLSearchParams();
  if (buildingId) params.set('buildingId', String(buildingId));
  if (at) {
    params.set('date', at.date);
    params.set('time', at.time);
  }
  const qs = params.toString();
  return queryOptions({
    queryKey: ['logs', 'on-site', buildingId ?? 'all', at?.date ?? 'now', at?.time ?? ''],
    queryFn: () => api.get<TOnSiteResponse>(`/api/logs/on-site${qs ? `?${qs}` : ''}`),
    staleTime: 0,
    // "now" moves; a moment in the past does not
    refetchInterval: at ? false : 30_000,
  });
};

/**
 * Everyone on site now (beyond the spec, issue 13): the emergency roll call of each building in
 * the user's scope (or `?building=` one), visitors, volunteers, vendors and students still
 * checked in, with photos; printable (the shell is left out of the print).
 */
export default function OnSitePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const buildingId = Number(params.get('building')) || undefined;
  // issue 25: "on site at …" a local date and time (each building's zone); neither = now
  const atDate = params.get('date') ?? '';
  const atTime = params.get('time') ?? '';
  const at = atDate && atTime ? { date: atDate, time: atTime } : undefined;
  const setAt = (key: 'date' | 'time', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const roster = useQuery(onSiteQuery(buildingId, at));
  const data = roster.data;
  return (
    <Stack gap="md" className="sv-roster">
      <style>
        {'@media print { header, nav, .sv-no-print { display: none !important; } main { padding: 0 !important; } }'}
      </style>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {at ? t('logs.onSite.titleAt') : t('logs.onSite.title')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="on-site-when">
            {data?.onSiteAt
              ? t('logs.onSite.at', { when: formatWallClock(data.onSiteAt.date, data.onSiteAt.time) })
              : data
                ? t('logs.onSite.asOf', {
                    when: formatDateTime(data.generatedAt, data.buildings[0]?.timeZone),
                  })
                : t('logs.onSite.loading')}
          </Text>
        </Stack>
        <Group gap={6} align="flex-end" className="sv-no-print" data-testid="on-site-at">
          <DateInput
            label={t('logs.onSite.date')}
            placeholder={US_DATE_PLACEHOLDER}
            valueFormat={DATE_FORMAT}
            dateParser={(text) => parseUsDate(text)}
            value={atDate || null}
            onChange={(v) => setAt('date', pickedDate(v) ?? '')}
            popoverProps={{ withinPortal: true }}
            w={150}
          />
          <TimeInput
            label={t('logs.onSite.time')}
            value={atTime}
            onChange={(e) => setAt('time', e.currentTarget.value.slice(0, 5))}
            w={120}
          />
          <Button
            variant="default"
            disabled={!atDate && !atTime}
            onClick={() =>
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  next.delete('date');
                  next.delete('time');
                  return next;
                },
                { replace: true },
              )
            }
          >
            {t('logs.onSite.now')}
          </Button>
        </Group>
        <Button
          className="sv-no-print"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
        >
          {t('logs.onSite.print')}
        </Button>
      </Group>
      {data?.buildings.map((b) => (
        <Paper key={b.id} withBorder radius="md" p="md" data-testid="on-site-building">
          <Title order={2} size="h4" mb="sm">
            {t('logs.onSite.building', { building: b.name, count: b.people.length })}
          </Title>
          {b.people.length === 0 ? (
            <Text size="sm" c="dimmed">
              {at ? t('logs.onSite.nobodyThen') : t('logs.onSite.nobody')}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {b.people.map((p) => (
                <Group key={p.visitId} gap="sm" wrap="nowrap" data-testid="on-site-person">
                  <Avatar
                    src={p.photoFileId ? `/api/files/${p.photoFileId}` : null}
                    alt={p.photoFileId ? t('logs.onSite.photoOf', { name: p.visitorName }) : ''}
                    size={56}
                    radius="sm"
                  >
                    {p.visitorName
                      .split(' ')
                      .map((w) => w[0] ?? '')
                      .join('')
                      .slice(0, 2)
                      .toUpperCase()}
                  </Avatar>
                  <Stack gap={0}>
                    <Text fw={600}>{p.visitorName}</Text>
                    <Text size="sm">
                      {t(`logs.type.${p.visitorType}`, { defaultValue: p.visitorType })}
                      {p.personVisiting ? ` · ${p.personVisiting}` : ''}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('logs.onSite.since', { time: sinceOf(p.checkIn, b.at, b.timeZone) })}
                      {p.checkOut ? ` · ${t('logs.onSite.left', { time: formatTime(p.checkOut, b.timeZone) })}` : ''}
                    </Text>
                  </Stack>
                </Group>
              ))}
            </SimpleGrid>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** the check-in time, with its date when it was another day than the roster's (a visit begun the day before) */
const sinceOf = (checkIn: string, at: string, timeZone: string) =>
  formatDate(checkIn, timeZone) === formatDate(at, timeZone)
    ? formatTime(checkIn, timeZone)
    : formatDateTime(checkIn, timeZone);
