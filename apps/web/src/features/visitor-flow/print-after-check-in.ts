import type { TCheckInResponse } from '@sv/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import type { FlowState } from './flow';
import { badgePdfPath, sendBadgeToPrinter } from './visitor-flow-api';
import './i18n.en';

/**
 * spec 002 §4 Badge printing, after the check-in is committed: the building's network printer, or
 * the browser print window at /Badge/print/{id}. Shared by the check-in screen and the returning
 * visitor's quick check-in.
 */
export function usePrintAfterCheckIn() {
  const { t } = useTranslation();
  return async (res: TCheckInResponse): Promise<FlowState['print'] | null> => {
    if (!res.print.required) return null;
    if (res.print.mode === 'network') {
      try {
        const r = await sendBadgeToPrinter(res.visit.id);
        return { mode: 'network', ok: r.printed, message: r.message };
      } catch (err) {
        return { mode: 'network', ok: false, message: err instanceof ApiError ? err.message : String(err) };
      }
    }
    const w = window.open(badgePdfPath(res.visit.id), '_blank');
    return {
      mode: 'pdf',
      ok: w !== null,
      message: w ? t('visitorFlow.badge.pdfOpened') : t('visitorFlow.badge.popupBlocked'),
    };
  };
}
