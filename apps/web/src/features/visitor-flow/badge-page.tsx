import { Alert, Button, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { BadgeCard, ReprintButton, useBuilding } from './badge-parts';
import { flowPaths, fullName, routeId } from './flow';
import { visitorQuery, visitQuery } from './visitor-flow-api';
import './i18n.en';
import { SHOWS_ERROR } from '../../lib/query-client';

/** The visitor's current badge (spec 002 §2 /visitor/badge/{visitorId}) with Reprint (network or PDF). */
export default function BadgePage() {
  const { t } = useTranslation();
  const params = useParams();
  const user = useUser();
  const visitorId = routeId(params.visitorId);
  const visitor = useQuery({ meta: SHOWS_ERROR, ...visitorQuery(visitorId ?? 0), enabled: visitorId !== null });
  const visitId = visitor.data?.openVisit?.id ?? null;
  const visit = useQuery({ meta: SHOWS_ERROR, ...visitQuery(visitId ?? 0), enabled: visitId !== null });
  const building = useBuilding(visit.data?.buildingId);

  let body: ReactNode;
  if (visitorId === null || visitor.isError || visit.isError) {
    body = (
      <Alert color="red" role="alert">
        {t('visitorFlow.loadFailed')}
      </Alert>
    );
  } else if (visitor.data && !visitor.data.openVisit) {
    body = (
      <Alert color="blue" variant="light" role="status">
        <Stack gap="xs" align="flex-start">
          {t('visitorFlow.badge.notCheckedIn', { name: fullName(visitor.data) })}
          <Group gap="xs">
            <Button size="xs" component={Link} to={flowPaths.background('visitor', visitor.data.id)}>
              {t('visitorFlow.badge.checkIn')}
            </Button>
            <Button size="xs" variant="default" component={Link} to={paths.home}>
              {t('visitorFlow.backHome')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  } else if (!visit.data) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else {
    body = (
      <>
        <BadgeCard visit={visit.data} timeZone={building.data?.timeZone ?? user.buildingTimeZone} />
        <Group justify="space-between" align="flex-start">
          <ReprintButton visit={visit.data} building={building.data} />
          <Button variant="subtle" component={Link} to={paths.home}>
            {t('visitorFlow.backHome')}
          </Button>
        </Group>
      </>
    );
  }
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {t('visitorFlow.badge.title')}
      </Title>
      {body}
    </Stack>
  );
}
