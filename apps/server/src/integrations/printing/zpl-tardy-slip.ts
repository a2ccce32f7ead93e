import { zplText } from './badge-content';
import { printingText } from './i18n';
import type { TardySlip } from './pdf-tardy-slip';
import { zplLanguage } from './zpl-badge';

/** 3 in wide at 203 dpi, the width of the building's label and receipt printers (80 mm takes it too). */
const WIDTH = 609;
const MARGIN = 24;

/**
 * The tardy slip as one ZPL II label (audit 002 ksl U6): what `buildTardySlipPdf` draws, for a
 * building that prints on its label printer from the server (or through Browser Print). Long
 * names and reasons wrap in a field block (^FB) instead of running off the label.
 */
export function buildTardySlipZpl(slip: TardySlip): string {
  // the label's resident font: Latin letters only (Arabic and Chinese slips carry the English words)
  const t = printingText.of(zplLanguage(slip.language)).tardy;
  const lines = ['^XA', '^CI28', `^PW${WIDTH}`, ''];
  let y = 24;
  const block = (text: string, height: number, maxLines: number, align: 'L' | 'C' = 'L') => {
    lines.push(
      `^FO${MARGIN},${y}^A0N,${height},${height}^FB${WIDTH - 2 * MARGIN},${maxLines},4,${align}^FH^FD${zplText(text)}^FS`,
    );
    const used = Math.min(maxLines, Math.max(1, Math.ceil((text.length * height * 0.55) / (WIDTH - 2 * MARGIN))));
    y += used * (height + 4) + 8;
  };
  block(t.title, 48, 1, 'C');
  block(slip.buildingName, 26, 2, 'C');
  lines.push(`^FO${MARGIN},${y}^GB${WIDTH - 2 * MARGIN},3,3^FS`);
  y += 20;
  block(slip.studentName, 40, 2);
  if (slip.studentIdLine) block(slip.studentIdLine, 26, 1);
  const field = (label: string, value: string) => {
    block(label, 22, 1);
    block(value, 32, 3);
  };
  field(t.arrived, slip.when);
  field(t.reason, slip.reason);
  field(t.excused, slip.isExcused ? t.yes : t.no);
  if (slip.attendantName) field(t.recordedBy, slip.attendantName);
  lines[3] = `^LL${y + 24}`;
  lines.push('^XZ');
  return lines.join('\n');
}
