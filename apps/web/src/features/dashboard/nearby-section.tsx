import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { MESSAGES, type TNearbyCard, type TNearbyListResponse } from '@sv/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { dashboardKeys } from './dashboard-api';
import { formatTimeOrDateTime } from '../../lib/time/format';
import './i18n.en';
import { notify } from '../../lib/notify';
import { deferred } from '../../components/deferred';
import { SHOWS_ERROR } from '../../lib/query-client';

// the removal confirmation opens on a click: loaded after the dashboard has rendered (issue 24 §6)
const ConfirmDialog = deferred(() => import('../../components/confirm').then((m) => m.ConfirmDialog));

/** Under the building's key: every event of the building (nearby.changed included) refetches it. */
export const nearbyKey = (buildingId: number) => [...dashboardKeys.building(buildingId), 'nearby'] as const;

/** spec 002 §7 NearbyList: the building's nearby visitors (open entries not removed). */
export const nearbyQuery = (buildingId: number, refetchInterval: number) =>
  queryOptions({
    queryKey: nearbyKey(buildingId),
    queryFn: ({ signal }) =>
      api.get<TNearbyListResponse>(`/api/buildings/${buildingId}/nearby`, { signal }).then((r) => r.data),
    refetchInterval,
    refetchIntervalInBackground: true,
  });

function NearbyCardView(props: { card: TNearbyCard; timeZone: string; today: string; onRemove?: () => void }) {
  const { t } = useTranslation();
  const { card } = props;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="nearby-card">
      <Stack gap={4}>
        <Text fw={600} data-testid="nearby-name">
          {card.visitorName}
        </Text>
        <Text size="sm">{card.registrationType}</Text>
        <Text size="sm" c="dimmed">
          {t('dashboard.nearby.distance', { metres: card.distanceMetres })} ·{' '}
          {t('dashboard.nearby.since', { time: formatTimeOrDateTime(card.enteredAt, props.timeZone, props.today) })}
        </Text>
        {props.onRemove ? (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={t('dashboard.nearby.removeLabel', { name: card.visitorName })}
              onClick={props.onRemove}
            >
              {t('dashboard.nearby.remove')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The dashboard's nearby visitors (spec 002 §2 Dashboard: "nearby visitors", nearby cards have a
 * remove action; §4: removal, after confirmation, marks it deleted; §8 removeNearbyConfirm; ADR
 * 0016). Live: the building's events refetch it like the other lists (useBuildingEvents).
 */
export function NearbySection(props: {
  buildingId: number;
  timeZone: string;
  today: string;
  refreshMs: number;
  cols: number;
  renderSection: (p: {
    title: string;
    count: number | null;
    testId: string;
    intro: string;
    children: React.ReactNode;
  }) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const mayRemove = useCan('visits.checkOut');
  const list = useQuery({ ...nearbyQuery(props.buildingId, props.refreshMs), meta: SHOWS_ERROR });
  const [confirm, setConfirm] = useState<TNearbyCard | null>(null);
  const remove = useMutation({
    mutationFn: (card: TNearbyCard) =>
      api.delete<{ removed: boolean }>(`/api/buildings/${props.buildingId}/nearby/${card.registrationId}`),
    onSuccess: (_r, card) => {
      setConfirm(null);
      notify.success(t('dashboard.nearby.removed', { name: card.visitorName }));
      void qc.invalidateQueries({ queryKey: nearbyKey(props.buildingId) });
    },
    onError: (err) => {
      setConfirm(null);
      notify.error(err instanceof ApiError ? err.message : MESSAGES.errorRetrieving);
      void qc.invalidateQueries({ queryKey: nearbyKey(props.buildingId) });
    },
  });
  const cards = list.data ?? [];
  return (
    <>
      {props.renderSection({
        title: t('dashboard.nearby.title'),
        count: list.data ? cards.length : null,
        testId: 'nearby-list',
        intro: t('dashboard.nearby.intro'),
        children: (
          <>
            {list.data && cards.length === 0 ? <Text c="dimmed">{t('dashboard.nearby.empty')}</Text> : null}
            {cards.length ? (
              <SimpleGrid cols={props.cols} spacing="md" verticalSpacing="md">
                {cards.map((c) => (
                  <NearbyCardView
                    key={c.id}
                    card={c}
                    timeZone={props.timeZone}
                    today={props.today}
                    onRemove={mayRemove ? () => setConfirm(c) : undefined}
                  />
                ))}
              </SimpleGrid>
            ) : null}
          </>
        ),
      })}
      <ConfirmDialog
        opened={confirm !== null}
        title={t('dashboard.nearby.confirmTitle')}
        message={MESSAGES.removeNearbyConfirm}
        cancelLabel={t('dashboard.nearby.no')}
        confirmLabel={t('dashboard.nearby.yes')}
        confirmColor="red"
        focusConfirm
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && remove.mutate(confirm)}
      />
    </>
  );
}
