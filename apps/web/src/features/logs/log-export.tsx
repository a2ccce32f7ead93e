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
};

/**
 * Export of the visit, vendor or pickup log (spec 002 §5, §9; 001 §9): the column chooser offers the
 * spec's ids with their defaults; Client-Admin-only columns are offered to Client Admins only
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
  const { from, to, buildingId, attendantId, search } = props.request;
  return (
    <ExportButton
      kind={EXPORT_KIND[props.kind]}
      title={t(`logs.${props.kind}.exportTitle`)}
      columns={columns}
      onDownload={(format, ids) =>
        downloadLogExport(props.kind, {
          format,
          columns: ids.map(Number),
          from,
          to,
          buildingId,
          attendantId,
          search,
        })
      }
    />
  );
}
