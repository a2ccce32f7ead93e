import type { TCheckInResponse } from '@sv/contracts';
import { useTranslation } from 'react-i18next';
import { printVisitBadge } from '../printing/print-badge';
import type { FlowState } from './flow';

/**
 * spec 002 §4 Badge printing, after the check-in is committed, the way the check-in's print plan
 * says (issue 23 §7: the server's printer, the desk's Browser Print, or the print window at
 * /Badge/print/{id}; a failed printer falls back to the print window). Shared by the check-in
 * screen and the returning visitor's quick check-in.
 */
export function usePrintAfterCheckIn() {
  const { t } = useTranslation();
  return async (res: TCheckInResponse): Promise<FlowState['print'] | null> => {
    if (!res.print.required) return null;
    const r = await printVisitBadge(res.visit.id, res.print.mode, t);
    return { mode: res.print.mode, ok: r.ok, message: r.message };
  };
}
