import { Loader, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BadgeCard, ReprintButton, useBuilding } from '../visitor-flow/badge-parts';
import { visitQuery } from '../visitor-flow/visitor-flow-api';
import './i18n.en';

/**
 * Reprint a badge from the visit log (spec 002 §2 Logs "reprint badge"): the same printing as
 * the check-in screens (network printer when the building has one, otherwise the PDF window).
 */
export default function ReprintModal(props: { visitId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const visit = useQuery({ ...visitQuery(props.visitId ?? 0), enabled: props.visitId !== null });
  const building = useBuilding(visit.data?.buildingId);
  return (
    <Modal opened={props.visitId !== null} onClose={props.onClose} title={t('logs.reprintTitle')} size="lg">
      {visit.data ? (
        <Stack gap="md">
          <BadgeCard visit={visit.data} timeZone={building.data?.timeZone ?? null} />
          <ReprintButton visit={visit.data} building={building.data} />
        </Stack>
      ) : (
        <Loader size="sm" aria-label={t('logs.reprintTitle')} />
      )}
    </Modal>
  );
}
