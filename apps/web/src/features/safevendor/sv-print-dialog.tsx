import type { TSvRegistrationListItem } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BadgePrintDialog } from '../../components/badge-print-dialog';
import { api } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { buildingsLookupQuery } from '../buildings/buildings-api';
import { errorMessage, useRegistrationMutation } from '../registrations/registrations-api';
import { useSvPrint } from './safevendor-api';
import './i18n.en';
import { notify } from '../../lib/notify';

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
      notify.error(errorMessage(err));
    }
  };
  const send = async (buildingId: number) => {
    if (!row) return;
    try {
      await toPrinter.mutateAsync({ ids: [row.id], buildingId });
      notify.success(t('safeVendor.print.sent'));
      props.onClose();
    } catch (err) {
      notify.error(errorMessage(err));
    }
  };

  return (
    <BadgePrintDialog
      opened={row !== null}
      onClose={props.onClose}
      textKey="safeVendor.print"
      name={row ? `${row.firstname} ${row.lastname}` : ''}
      buildings={buildings.data ?? []}
      buildingsLoading={buildings.isFetching}
      onOpenWindow={openWindow}
      onSendToPrinter={send}
      openingWindow={markPrinted.isPending}
      sending={toPrinter.isPending}
    />
  );
}
