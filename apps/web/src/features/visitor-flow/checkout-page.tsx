import { Alert, Avatar, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { formatOptionalDateTime } from '../../lib/time/format';
import { type FlowState, flowPaths, fullName, routeId } from './flow';
import { fileUrl, useCheckOutVisitor, visitorQuery } from './visitor-flow-api';
import './i18n.en';
import { SHOWS_ERROR } from '../../lib/query-client';

/**
 * Check-out of one visitor (spec 002 §2 /visitor/checkout/{visitorId}): confirm, then check out
 * the visitor's open visit at its building → /visitor/out.
 */
export default function CheckOutPage() {
  const { t } = useTranslation();
  const params = useParams();
  const navigate = useNavigate();
  const user = useUser();
  const visitorId = routeId(params.visitorId);
  const visitor = useQuery({ meta: SHOWS_ERROR, ...visitorQuery(visitorId ?? 0), enabled: visitorId !== null });
  const checkOut = useCheckOutVisitor();
  const [error, setError] = useState<string | null>(null);

  if (visitorId === null || visitor.isError) {
    return (
      <Alert color="red" role="alert">
        {t('visitorFlow.loadFailed')}
      </Alert>
    );
  }
  if (!visitor.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const v = visitor.data;
  const name = fullName(v);
  const open = v.openVisit;
  const confirm = async () => {
    if (!open) return;
    setError(null);
    try {
      await checkOut.mutateAsync({ visitorId: v.id, buildingId: open.buildingId });
      const state: FlowState = { name };
      navigate(flowPaths.checkedOut, { state });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.somethingWrong'));
    }
  };
  return (
    <Stack gap="md" maw={640}>
      <Title order={1} size="h2">
        {t('visitorFlow.checkOut.title')}
      </Title>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Avatar
              src={v.photoFileId ? fileUrl(v.photoFileId) : null}
              alt={t('visitorFlow.photo.originalAlt', { name })}
              size={64}
              radius="sm"
            />
            <div style={{ minWidth: 0 }}>
              <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }}>
                {open ? t('visitorFlow.checkOut.confirm', { name }) : name}
              </Text>
              {open ? (
                <Text size="sm" c="dimmed">
                  {t('visitorFlow.checkOut.at', {
                    building: open.buildingName,
                    time: formatOptionalDateTime(open.checkIn, user.buildingTimeZone),
                  })}
                </Text>
              ) : null}
            </div>
          </Group>
          {!open ? (
            <Alert color="blue" variant="light" role="status">
              {t('visitorFlow.badge.notCheckedIn', { name })}
            </Alert>
          ) : null}
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => navigate(paths.home)}>
              {open ? t('common.cancel') : t('visitorFlow.backHome')}
            </Button>
            {open ? (
              <Button
                size="md"
                leftSection={<IconLogout size={18} aria-hidden />}
                onClick={() => void confirm()}
                loading={checkOut.isPending}
                data-autofocus
              >
                {t('visitorFlow.checkOut.submit')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
