import { loadJsZip, loadPdfLib } from '../../platform/lazy-modules';
import type { PersonRecordsRepository } from './person-records.repository';

type Everything = Awaited<ReturnType<PersonRecordsRepository['everything']>>;

const winAnsi = (s: string) => s.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');

/** A CSV of rows (the first row's keys as headers); formula guard as the exports (a cell never starts a formula). */
function csvOf(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '';
  const headers = Object.keys(rows[0]!);
  const cell = (v: unknown) => {
    let s = v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [headers.join(','), ...rows.map((r) => headers.map((h) => cell(r[h])).join(','))].join('\r\n');
}

/** The one-page summary: who, what the district holds, how many of each (the archive's PDF). */
async function summaryPdf(title: string, lines: string[]): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([612, 792]);
  let y = 740;
  page.drawText(winAnsi(title), { x: 54, y, size: 16, font: bold, color: rgb(0, 0, 0) });
  y -= 28;
  for (const line of lines) {
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
    page.drawText(winAnsi(line).slice(0, 110), { x: 54, y, size: 10, font });
    y -= 15;
  }
  return doc.save();
}

/**
 * Everything held about one person as one ZIP (issue 26 §3): a PDF summary, every kind of record
 * as CSV and all of it as JSON, and their photos.
 */
export async function buildPersonArchive(
  person: { name: string; visitorId: number; districtName: string; at: Date },
  all: Everything,
  photo: (fileId: string) => Promise<{ bytes: Buffer; contentType: string } | null>,
): Promise<Buffer> {
  const JSZip = await loadJsZip();
  const zip = new JSZip();
  const kinds = Object.entries(all) as [string, Record<string, unknown>[]][];
  const summary = [
    `District: ${person.districtName}`,
    `Visitor record: ${person.visitorId}`,
    `Prepared: ${person.at.toISOString()}`,
    '',
    'What the district holds about this person:',
    ...kinds.map(([kind, rows]) => `  ${kind}: ${rows.length}`),
    '',
    'The CSV files hold each kind of record; everything.json holds all of it; photos/ the photos.',
  ];
  zip.file('summary.pdf', await summaryPdf(`Records held about ${person.name}`, summary));
  zip.file('everything.json', JSON.stringify(all, null, 2));
  for (const [kind, rows] of kinds) if (rows.length > 0) zip.file(`${kind}.csv`, csvOf(rows));
  const fileIds = new Set<string>();
  for (const r of [...all.visitorRecords, ...all.registrations])
    if (typeof r.photoFileId === 'string') fileIds.add(r.photoFileId);
  for (const id of fileIds) {
    const file = await photo(id);
    if (file) zip.file(`photos/${id}.${file.contentType.includes('png') ? 'png' : 'jpg'}`, file.bytes);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
