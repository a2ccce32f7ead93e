import { Avatar, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { TOnSiteResponse } from '@sv/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api-client';
import { localDate, localTime } from './log-screen';
import './i18n.en';

const onSiteQuery = (buildingId?: number) =>
  queryOptions({
    queryKey: ['logs', 'on-site', buildingId ?? 'all'],
    queryFn: () => api.get<TOnSiteResponse>(`/api/logs/on-site${buildingId ? `?buildingId=${buildingId}` : ''}`),
    staleTime: 0,
    refetchInterval: 30_000,
  });

/**
 * Everyone on site now (beyond the spec, issue 13): the emergency roll call of each building in
 * the user's scope (or `?building=` one), visitors, volunteers, vendors and students still
 * checked in, with photos; printable (the shell is left out of the print).
 */
export default function OnSitePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const buildingId = Number(params.get('building')) || undefined;
  const roster = useQuery(onSiteQuery(buildingId));
  const data = roster.data;
  return (
    <Stack gap="md" className="sv-roster">
      <style>
        {'@media print { header, nav, .sv-no-print { display: none !important; } main { padding: 0 !important; } }'}
      </style>
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('logs.onSite.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {data
              ? t('logs.onSite.asOf', {
                  when: `${localDate(data.generatedAt, data.buildings[0]?.timeZone ?? 'UTC')} ${localTime(data.generatedAt, data.buildings[0]?.timeZone ?? 'UTC')}`,
                })
              : t('logs.onSite.loading')}
          </Text>
        </Stack>
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
              {t('logs.onSite.nobody')}
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
                      {t('logs.onSite.since', { time: localTime(p.checkIn, b.timeZone) })}
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
