import { Button, Group } from '@mantine/core';
import { VISIT_LOG_SORTS } from '@sv/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { deferred } from '../../components/deferred';
import { paths } from '../../lib/paths';
import { LogExportButton } from './log-export';
import { type LogRequest, LogScreen } from './log-screen';
import { visitLogQuery } from './logs-api';
import { visitColumns } from './visit-columns';
import './i18n.en';

const ReprintModal = deferred(() => import('./reprint-modal').then((m) => m.default));
const VisitCharts = deferred(() => import('./visit-charts').then((m) => m.VisitCharts));

const useVisits = (q: LogRequest) => useQuery(visitLogQuery('visits', q as never));

/** Visit Log /log/ (spec 002 §2 Logs, §3, §6, §9): every visit, charts, export, reprint badge. */
export default function VisitLogPage() {
  const { t } = useTranslation();
  const [reprint, setReprint] = useState<number | null>(null);
  return (
    <>
      <LogScreen
        textKey="visits"
        onSiteFilter
        columns={visitColumns(t, { vendor: false, onReprint: (r) => setReprint(r.id) })}
        defaultSort="checkIn"
        sorts={VISIT_LOG_SORTS}
        rowKey={(r) => r.id}
        useRows={useVisits}
        renderExport={(q) => (
          <Group gap="sm">
            <Button component={Link} to={paths.onSite(q.buildingId, q.onSiteAt)} variant="default">
              {t('nav.onSite')}
            </Button>
            <LogExportButton kind="visits" request={q} />
          </Group>
        )}
        renderExtra={(q) => <VisitCharts request={q} />}
      />
      <ReprintModal visitId={reprint} onClose={() => setReprint(null)} />
    </>
  );
}
