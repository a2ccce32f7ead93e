import { loadPdfLib } from '../../platform/lazy-modules';

export interface TardySlip {
  buildingName: string;
  studentName: string;
  /** "Student ID: 100234" (the building's studentIdLabel), or '' */
  studentIdLine: string;
  /** local date and time in the building's zone, formatted */
  when: string;
  reason: string;
  isExcused: boolean;
  attendantName: string;
}

const winAnsi = (s: string) => s.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');

/** Lines of at most `width` points in `size` (long reasons and names wrap instead of running off the slip). */
function wrap(text: string, font: { widthOfTextAtSize(t: string, s: number): number }, size: number, width: number) {
  const lines: string[] = [];
  let line = '';
  for (const word of winAnsi(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

/**
 * The tardy slip (spec 002 §4 Dropoff, §7 /GenerateAndPrint/GenerateTardySlipForEvent): a
 * receipt-sized PDF (80 mm ≈ 227 pt wide, as thermal receipt and label printers take) with the
 * student, the time in the building's zone, the reason and whether the tardy is excused.
 */
export async function buildTardySlipPdf(slip: TardySlip): Promise<Uint8Array> {
  const { PDFDocument, rgb, StandardFonts } = await loadPdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle('Tardy slip');
  const W = 227;
  const H = 300;
  const page = doc.addPage([W, H]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const M = 12;
  let y = H - 28;
  const center = (text: string, size: number, font = bold) => {
    const t = winAnsi(text);
    page.drawText(t, { x: (W - font.widthOfTextAtSize(t, size)) / 2, y, size, font });
  };
  center('TARDY SLIP', 16);
  y -= 16;
  for (const l of wrap(slip.buildingName, regular, 9, W - 2 * M)) {
    center(l, 9, regular);
    y -= 11;
  }
  y -= 4;
  page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.8, color: rgb(0, 0, 0) });
  y -= 18;
  for (const l of wrap(slip.studentName, bold, 13, W - 2 * M)) {
    page.drawText(l, { x: M, y, size: 13, font: bold });
    y -= 16;
  }
  if (slip.studentIdLine) {
    page.drawText(winAnsi(slip.studentIdLine), { x: M, y, size: 9, font: regular });
    y -= 16;
  }
  const field = (label: string, value: string) => {
    page.drawText(winAnsi(label), { x: M, y, size: 8, font: regular, color: rgb(0.3, 0.3, 0.3) });
    y -= 12;
    for (const l of wrap(value, bold, 11, W - 2 * M)) {
      page.drawText(l, { x: M, y, size: 11, font: bold });
      y -= 14;
    }
    y -= 4;
  };
  field('Arrived', slip.when);
  field('Reason', slip.reason);
  field('Excused', slip.isExcused ? 'Yes - excused' : 'No - unexcused');
  if (slip.attendantName) field('Recorded by', slip.attendantName);
  return doc.save();
}

/** The tardy slip's print window (the badge print window's script frames the PDF and prints). */
export function tardySlipPrintWindow(pdfUrl: string, script: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SafeVisitor - Tardy slip</title>
<style>html,body{margin:0;height:100%;font-family:system-ui,sans-serif}#badge{border:0;display:block;width:100%;height:100%}</style>
</head>
<body>
<div id="print-window" data-pdf="${pdfUrl}" data-title="Tardy slip" style="height:100%"></div>
<noscript><p style="padding:16px"><a href="${pdfUrl}">Open the tardy slip</a>, then print it.</p></noscript>
<script src="${script}"></script>
</body>
</html>
`;
}
