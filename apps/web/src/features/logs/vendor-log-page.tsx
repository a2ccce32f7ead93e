import { VISIT_LOG_SORTS } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LogExportButton } from './log-export';
import { type LogRequest, LogScreen } from './log-screen';
import { visitLogQuery } from './logs-api';
import { visitColumns } from './visit-columns';
import './i18n.en';

const useVendorVisits = (q: LogRequest) => useQuery(visitLogQuery('vendors', q as never));

/**
 * Vendor Log /Vendorlog/ (spec 001 §9, 002 §2): Visitor, Reason, Building, Attendant, Company,
 * Date, In, Out; the visits of visitor type vendor. Company stays empty until SafeVendor
 * companies exist.
 */
export default function VendorLogPage() {
  const { t } = useTranslation();
  return (
    <LogScreen
      textKey="vendors"
      columns={visitColumns(t, { vendor: true })}
      defaultSort="checkIn"
      sorts={VISIT_LOG_SORTS}
      rowKey={(r) => r.id}
      useRows={useVendorVisits}
      renderExport={(q) => <LogExportButton kind="vendors" request={q} />}
    />
  );
}
