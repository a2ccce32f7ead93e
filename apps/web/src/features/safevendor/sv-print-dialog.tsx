import { Button, Divider, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconPrinter, IconWindow } from '@tabler/icons-react';
import type { TSvRegistrationListItem } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { buildingsLookupQuery } from '../buildings/buildings-api';
import { alertFailure, alertSuccess, errorMessage, useRegistrationMutation } from '../registrations/registrations-api';
import { useSvPrint } from './safevendor-api';
import './i18n.en';

/**
 * Print a SafeVendor badge (spec 001 §2 print modal; issue 15 "Printing"): the browser's print
 * window (PDF), or ZPL to a building's network printer of the vendor's district. Either way the
 * badge counts as printed (spec 001 §3 generated).
 */
export function SvPrintDialog(props: { row: TSvRegistrationListItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const row = props.row;
  const buildings = useQuery({
    ...buildingsLookupQuery({ clientId: row?.clientId, activeOnly: true }),
    enabled: row !== null,
  });
  const [buildingId, setBuildingId] = useState<string | null>(null);
  useEffect(() => {
    if (row === null) setBuildingId(null);
  }, [row]);
  const markPrinted = useSvPrint();
  const toPrinter = useRegistrationMutation((body: { ids: number[]; buildingId: number }) =>
    api.post<{ printedIds: number[] }>('/api/sv-registrations/print-to-building', body),
  );

  const openWindow = async () => {
    if (!row) return;
    // open in the click's turn (popup blockers), then record the print
    const w = window.open(paths.svBadgeWindow([row.id]), '_blank');
    try {
      await markPrinted.mutateAsync([row.id]);
      props.onClose();
    } catch (err) {
      w?.close();
      alertFailure(errorMessage(err));
    }
  };
  const send = async () => {
    if (!row || !buildingId) return;
    try {
      await toPrinter.mutateAsync({ ids: [row.id], buildingId: Number(buildingId) });
      alertSuccess(t('safeVendor.print.sent'));
      props.onClose();
    } catch (err) {
      alertFailure(errorMessage(err));
    }
  };

  return (
    <Modal
      opened={row !== null}
      onClose={props.onClose}
      title={row ? t('safeVendor.print.title', { name: `${row.firstname} ${row.lastname}` }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm">{t('safeVendor.print.windowHint')}</Text>
        <Button
          variant="default"
          leftSection={<IconWindow size={16} aria-hidden />}
          onClick={() => void openWindow()}
          loading={markPrinted.isPending}
        >
          {t('safeVendor.print.window')}
        </Button>
        <Divider label={t('safeVendor.print.or')} labelPosition="center" />
        <Select
          label={t('safeVendor.print.building')}
          description={t('safeVendor.print.buildingHint')}
          placeholder={t('safeVendor.print.chooseBuilding')}
          data={(buildings.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          value={buildingId}
          onChange={setBuildingId}
          searchable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('safeVendor.print.cancel')}
          </Button>
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            disabled={!buildingId}
            loading={toPrinter.isPending}
            onClick={() => void send()}
          >
            {t('safeVendor.print.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
