import { Button, Select, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useUser } from '../../lib/session';
import { buildingsLookupQuery, clientsLookupQuery } from '../buildings/buildings-api';
import { useSendEmergency } from './shell-api';
import { notify } from '../../lib/notify';
import { ConfirmDialog } from '../../components/confirm';

/** The emergency button's confirmation (spec 000 §4, §8); Send notifies security. */
export function EmergencyConfirmModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendEmergency();
  // one key per opening of the dialog: a second click on Send repeats the same press (issue 10 §5)
  const key = useMemo(() => (opened ? crypto.randomUUID() : ''), [opened]);
  const me = useUser();
  // issue 23 §2: the platform administrator belongs to no district, so names the building
  const choosesBuilding = me.clientId === null;
  const [buildingId, setBuildingId] = useState<string | null>(null);
  const buildings = useQuery({ ...buildingsLookupQuery({ activeOnly: true }), enabled: opened && choosesBuilding });
  const clients = useQuery({ ...clientsLookupQuery, enabled: opened && choosesBuilding });
  const buildingOptions = (buildings.data ?? []).map((b) => ({
    value: String(b.id),
    label: `${b.name} — ${clients.data?.find((c) => c.id === b.clientId)?.name ?? ''}`,
  }));

  const confirm = () =>
    send.mutate(
      { idempotencyKey: key, buildingId: choosesBuilding && buildingId ? Number(buildingId) : undefined },
      {
        onSuccess: (report) => {
          onClose();
          // issue 23 §2: say exactly what left the building, and what waits in the outbox
          const complete = report.delivered === report.contacts && report.inOutbox === 0 && report.retrying === 0;
          const parts = [t('messages.emergencySent')];
          if (!complete) {
            parts.push(t('shell.emergencyReport.delivered', { delivered: report.delivered, count: report.contacts }));
            if (report.inOutbox > 0)
              parts.push(
                t('shell.emergencyReport.outbox', {
                  count: report.inOutbox,
                  channels: report.notConfigured
                    .map((c) => t(`shell.emergencyReport.channel.${c}`))
                    .join(t('shell.emergencyReport.and')),
                }),
              );
            if (report.retrying > 0) parts.push(t('shell.emergencyReport.retrying', { count: report.retrying }));
            parts.push(t('shell.emergencyReport.callToo'));
          }
          // an alert that did not reach everyone stays until closed
          if (complete) notify.success(parts.join(' '), { title: t('shell.emergency') });
          else notify.warning(parts.join(' '), { title: t('shell.emergency'), hold: 'untilClosed' });
        },
        onError: () => {
          onClose();
          notify.error(t('messages.emergencyFailed'), { title: t('shell.emergency') });
        },
      },
    );

  return (
    <ConfirmDialog
      opened={opened}
      title={t('shell.emergencyConfirmTitle')}
      cancelLabel={t('common.cancel')}
      confirmLabel={t('shell.emergencySend')}
      confirmColor="red.8"
      confirmIcon={<IconAlertTriangle size={18} aria-hidden />}
      busy={send.isPending}
      lockWhileBusy
      confirmDisabled={choosesBuilding && !buildingId}
      aside={
        // the roll call of everyone checked in (issue 13), one click from the emergency button
        <Button component={Link} to={paths.onSite(me.buildingId)} variant="subtle" onClick={onClose}>
          {t('nav.onSite')}
        </Button>
      }
      onCancel={onClose}
      onConfirm={confirm}
    >
      <Text>{t('shell.emergencyConfirmBody')}</Text>
      {choosesBuilding ? (
        <Select
          label={t('shell.emergencyBuilding')}
          description={t('shell.emergencyBuildingHint')}
          data={buildingOptions}
          value={buildingId}
          onChange={setBuildingId}
          searchable
          withAsterisk
          data-testid="emergency-building"
        />
      ) : null}
    </ConfirmDialog>
  );
}
