import { zplText } from './badge-content';
import { printingText } from './i18n';
import type { TardySlip } from './pdf-tardy-slip';
import { needsGraphic, zplTextGraphic } from './zpl-text-graphic';

/** 3 in wide at 203 dpi, the width of the building's label and receipt printers (80 mm takes it too). */
const WIDTH = 609;
const MARGIN = 24;

/**
 * The tardy slip as one ZPL II label (audit 002 ksl U6): what `buildTardySlipPdf` draws, for a
 * building that prints on its label printer from the server (or through Browser Print). Long
 * names and reasons wrap in a field block (^FB) instead of running off the label.
 */
export async function buildTardySlipZpl(slip: TardySlip): Promise<string> {
  // the slip's fixed words in its language (issue 29 §1); Arabic and Chinese lines as pictures (ADR 0055)
  const t = printingText.of(slip.language ?? 'en').tardy;
  const lines = ['^XA', '^CI28', `^PW${WIDTH}`, ''];
  let y = 24;
  const block = async (text: string, height: number, maxLines: number, align: 'L' | 'C' = 'L') => {
    if (needsGraphic(text)) {
      // one line, drawn by the server (the resident font has no Arabic or Chinese), centred when asked
      const gfa = await zplTextGraphic(text, {
        height: Math.round(height * 0.8),
        bold: height >= 32,
        maxWidth: WIDTH - 2 * MARGIN,
      });
      const widthDots = Number(gfa.split(',')[3]) * 8;
      const x = align === 'C' ? Math.max(MARGIN, Math.round((WIDTH - widthDots) / 2)) : MARGIN;
      lines.push(`^FO${x},${y}${gfa}^FS`);
      y += Math.ceil(height * 1.1) + 8;
      return;
    }
    lines.push(
      `^FO${MARGIN},${y}^A0N,${height},${height}^FB${WIDTH - 2 * MARGIN},${maxLines},4,${align}^FH^FD${zplText(text)}^FS`,
    );
    const used = Math.min(maxLines, Math.max(1, Math.ceil((text.length * height * 0.55) / (WIDTH - 2 * MARGIN))));
    y += used * (height + 4) + 8;
  };
  await block(t.title, 48, 1, 'C');
  await block(slip.buildingName, 26, 2, 'C');
  lines.push(`^FO${MARGIN},${y}^GB${WIDTH - 2 * MARGIN},3,3^FS`);
  y += 20;
  await block(slip.studentName, 40, 2);
  if (slip.studentIdLine) await block(slip.studentIdLine, 26, 1);
  const field = async (label: string, value: string) => {
    await block(label, 22, 1);
    await block(value, 32, 3);
  };
  await field(t.arrived, slip.when);
  await field(t.reason, slip.reason);
  await field(t.excused, slip.isExcused ? t.yes : t.no);
  if (slip.attendantName) await field(t.recordedBy, slip.attendantName);
  lines[3] = `^LL${y + 24}`;
  lines.push('^XZ');
  return lines.join('\n');
}
