import { loadPdfLib } from '../../platform/lazy-modules';
import type { ReunificationRepository } from './reunification.repository';

export type ReportRow = Awaited<ReturnType<ReunificationRepository['reportRows']>>[number];
type Row = ReportRow;

export const VERIFICATION: Record<string, string> = {
  id_scan: 'ID scanned',
  id_typed: 'ID checked (typed)',
  known_visitor: 'Known, identity on file',
};
export const STATUS: Record<string, string> = {
  requested: 'Requested',
  offered: 'Offered, waiting for a runner',
  refused: 'Refused',
  sent: 'Runner sent',
  arrived: 'At the station',
  releasing: 'Being released',
  released: 'Released',
};

const minutes = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, Math.round((to.getTime() - from.getTime()) / 6_000) / 10) : null;

/** The steps of one child's reunification, in minutes (null where the step did not happen). */
export function stepsOf(r: Row) {
  return {
    verify: minutes(r.requestedAt, r.verifiedAt),
    runner: minutes(r.sentAt, r.arrivedAt),
    release: minutes(r.arrivedAt, r.releasedAt),
    total: minutes(r.requestedAt, r.releasedAt),
  };
}

const winAnsi = (s: string) => s.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');

/**
 * The after-action report as a PDF (pdf-lib, loaded on first use): the summary counts, the time
 * line, each release with its verification, and the slowest steps.
 */
export async function reunificationReportPdf(r: {
  title: string;
  subtitle: string;
  counts: string[];
  timeline: { at: string; text: string }[];
  releases: string[];
  slowest: string[];
}): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await loadPdfLib();
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([612, 792]);
  let y = 740;
  const line = (text: string, opts: { size?: number; strong?: boolean; gap?: number } = {}) => {
    if (y < 60) {
      page = doc.addPage([612, 792]);
      y = 740;
    }
    page.drawText(winAnsi(text).slice(0, 105), {
      x: 54,
      y,
      size: opts.size ?? 10,
      font: opts.strong ? bold : font,
      color: rgb(0, 0, 0),
    });
    y -= opts.gap ?? 15;
  };
  line(r.title, { size: 16, strong: true, gap: 22 });
  line(r.subtitle, { gap: 24 });
  line('Summary', { size: 12, strong: true, gap: 18 });
  for (const c of r.counts) line(c);
  y -= 10;
  line('Slowest steps', { size: 12, strong: true, gap: 18 });
  for (const s of r.slowest.length ? r.slowest : ['None recorded.']) line(s);
  y -= 10;
  line('Releases and their verification', { size: 12, strong: true, gap: 18 });
  for (const s of r.releases.length ? r.releases : ['No child was released.']) line(s);
  y -= 10;
  line('Time line', { size: 12, strong: true, gap: 18 });
  for (const t of r.timeline) line(`${t.at}  ${t.text}`);
  doc.setTitle(winAnsi(r.title));
  return doc.save();
}
