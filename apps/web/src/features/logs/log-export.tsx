import { logExportColumnsFor, type TExportLogKind } from '@sv/contracts';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/export';
import { useUser } from '../../lib/session';
import type { LogRequest } from './log-screen';
import { downloadLogExport } from './logs-api';
import './i18n.en';

/** The server's export kind of each log (its export definition). */
const EXPORT_KIND: Record<TExportLogKind, string> = {
  visits: 'visit-log',
  vendors: 'vendor-log',
  pickups: 'pickup-log',
  nearby: 'nearby-log',
  denied: 'denied-log',
};

/** Spec 002 §9, 001 §9: "Reset on export selects the first 8 columns and clears the rest". */
const RESET_COLUMNS = 8;

/**
 * Export of the visit, vendor, pickup, nearby or denied entry log (spec 002 §5, §9; 001 §9): the
 * column chooser offers the spec's ids with their defaults, and Reset ticks the first 8 offered
 * (issue 25: the vendor log has 7 defaults, so Reset adds DOB); Client-Admin-only columns are offered to Client Admins only
 * (the server answers 403 to anyone else). The file is requested with the list's filters in a
 * POST body and streamed by the server.
 */
export function LogExportButton(props: { kind: TExportLogKind; request: LogRequest }) {
  const { t } = useTranslation();
  const me = useUser();
  const columns = logExportColumnsFor(props.kind, me.roleId).map((c) => ({
    id: String(c.id),
    header: c.header,
    selectedByDefault: c.selectedByDefault,
  }));
  const { from, to, clientId, buildingId, attendantId, search, onSiteAt } = props.request;
  return (
    <ExportButton
      kind={EXPORT_KIND[props.kind]}
      title={t(`logs.${props.kind}.exportTitle`)}
      columns={columns}
      resetColumns={columns.slice(0, RESET_COLUMNS).map((c) => c.id)}
      onDownload={(format, ids) =>
        downloadLogExport(props.kind, {
          format,
          columns: ids.map(Number),
          from,
          to,
          clientId,
          buildingId,
          attendantId,
          search,
          onSiteAt,
        })
      }
    />
  );
}
