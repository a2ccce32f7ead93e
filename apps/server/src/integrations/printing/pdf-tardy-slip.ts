import type { VisitorLanguage } from '../../platform/i18n/catalogue';
import { loadPdfLib } from '../../platform/lazy-modules';
import { printingText } from './i18n';
import { type PdfText, pdfText, type TextStyle } from './pdf-text';

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
  /** the language of the slip's fixed words (issue 29 §1): the kiosk's when printed there; English by default */
  language?: VisitorLanguage;
}

/** Lines of at most `width` points (long reasons and names wrap instead of running off the slip). */
async function wrap(text: string, pdf: PdfText, style: TextStyle, width: number) {
  const lines: string[] = [];
  let line = '';
  // words; a word wider than the slip (Chinese has no spaces) breaks between its characters
  const tokens: { text: string; space: boolean }[] = [];
  for (const word of text.normalize('NFC').split(/\s+/).filter(Boolean)) {
    if ((await pdf.width(word, style)) <= width) tokens.push({ text: word, space: true });
    else for (const [i, c] of Array.from(word).entries()) tokens.push({ text: c, space: i === 0 });
  }
  for (const token of tokens) {
    const next = line ? `${line}${token.space ? ' ' : ''}${token.text}` : token.text;
    if ((await pdf.width(next, style)) <= width) line = next;
    else {
      if (line) lines.push(line);
      line = token.text;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 4);
}

/**
 * The tardy slip (spec 002 §4 Dropoff, §7 /GenerateAndPrint/GenerateTardySlipForEvent): a
 * receipt-sized PDF (80 mm ≈ 227 pt wide, as thermal receipt and label printers take) with the
 * student, the time in the building's zone, the reason and whether the tardy is excused; its
 * fixed words in the slip's language (issue 29 §1), every script drawn (pdf-text.ts).
 */
export async function buildTardySlipPdf(slip: TardySlip): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await loadPdfLib();
  const t = printingText.of(slip.language ?? 'en').tardy;
  const doc = await PDFDocument.create();
  doc.setTitle(t.title);
  const W = 227;
  const H = 300;
  const page = doc.addPage([W, H]);
  const pdf = await pdfText(doc);
  const M = 12;
  let y = H - 28;
  const center = async (text: string, style: TextStyle) => {
    await pdf.draw(page, text, { x: (W - (await pdf.width(text, style))) / 2, y }, style);
  };
  await center(t.title, { size: 16, bold: true });
  y -= 16;
  const small = { size: 9, bold: false };
  for (const l of await wrap(slip.buildingName, pdf, small, W - 2 * M)) {
    await center(l, small);
    y -= 11;
  }
  y -= 4;
  page.drawLine({ start: { x: M, y }, end: { x: W - M, y }, thickness: 0.8, color: rgb(0, 0, 0) });
  y -= 18;
  const name = { size: 13, bold: true };
  for (const l of await wrap(slip.studentName, pdf, name, W - 2 * M)) {
    await pdf.draw(page, l, { x: M, y }, name);
    y -= 16;
  }
  if (slip.studentIdLine) {
    await pdf.draw(page, slip.studentIdLine, { x: M, y }, small);
    y -= 16;
  }
  const value = { size: 11, bold: true };
  const field = async (label: string, text: string) => {
    await pdf.draw(page, label, { x: M, y }, { size: 8, bold: false, color: rgb(0.3, 0.3, 0.3) });
    y -= 12;
    for (const l of await wrap(text, pdf, value, W - 2 * M)) {
      await pdf.draw(page, l, { x: M, y }, value);
      y -= 14;
    }
    y -= 4;
  };
  await field(t.arrived, slip.when);
  await field(t.reason, slip.reason);
  await field(t.excused, slip.isExcused ? t.yes : t.no);
  if (slip.attendantName) await field(t.recordedBy, slip.attendantName);
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
