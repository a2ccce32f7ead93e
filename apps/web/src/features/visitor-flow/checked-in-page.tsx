import { Alert, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useUser } from '../../lib/session';
import { BadgeCard, ReprintButton, ReturnHomeBar, useBuilding, useFlowClientId, useReturnHome } from './badge-parts';
import { flowState, routeId } from './flow';
import { visitorQuery, visitQuery } from './visitor-flow-api';
import './i18n.en';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * Checked-in success (spec 002 §2 /visitor/in/visit/{id}, /visitor/in/{type}/{id}): the badge
 * summary, how the badge was printed, a Reprint action, and the return home after the client's
 * success-screen delay. type 'visit' carries a visit id; any other type a visitor id.
 */
export default function CheckedInPage() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const nav = flowState(location.state);
  const user = useUser();
  const id = routeId(params.visitorId);
  const byVisit = params.type === 'visit';
  const visitor = useQuery({ meta: SHOWS_ERROR, ...visitorQuery(id ?? 0), enabled: id !== null && !byVisit });
  const visitId = byVisit ? id : (visitor.data?.openVisit?.id ?? null);
  const visit = useQuery({ meta: SHOWS_ERROR, ...visitQuery(visitId ?? 0), enabled: visitId !== null });
  const building = useBuilding(visit.data?.buildingId);
  const clientId = useFlowClientId(building.data);
  // audit 002 B6: a badge that did not print keeps the screen here (no countdown home) with the PDF offered
  const printFailed = Boolean(nav.print && !nav.print.ok);
  const [paused, setPaused] = useState(printFailed);
  const countdown = useReturnHome(visit.data ? clientId : null, paused);

  const notFound = id === null || visit.isError || visitor.isError || (visitor.data && !visitor.data.openVisit);
  return (
    <Stack gap="md" maw={760}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="green" size={44} radius="xl" aria-hidden>
          <IconCheck size={28} />
        </ThemeIcon>
        <div>
          <Title order={1} size="h2">
            {t('visitorFlow.in.title')}
          </Title>
          {visit.data ? (
            <Text size="lg" role="status">
              {t('visitorFlow.in.success', { name: visit.data.visitorName })}
            </Text>
          ) : null}
        </div>
      </Group>
      {notFound ? (
        <Alert color="red" role="alert">
          {t('visitorFlow.loadFailed')}
        </Alert>
      ) : !visit.data ? (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <>
          {nav.print ? (
            <Alert
              color={nav.print.ok ? 'green' : 'orange'}
              variant="light"
              role={nav.print.ok ? 'status' : 'alert'}
              data-testid="print-result"
            >
              {nav.print.message}
            </Alert>
          ) : null}
          <BadgeCard visit={visit.data} timeZone={building.data?.timeZone ?? user.buildingTimeZone} />
        </>
      )}
      <Group align="flex-start" gap="md" wrap="wrap">
        <ReturnHomeBar remaining={countdown.remaining} paused={paused} configured={countdown.configured} />
        {visit.data ? (
          <ReprintButton
            visit={visit.data}
            building={building.data}
            label={nav.print ? undefined : t('visitorFlow.badge.print')}
            onPrinted={() => setPaused(true)}
            offerPdf={printFailed}
          />
        ) : null}
      </Group>
    </Stack>
  );
}
