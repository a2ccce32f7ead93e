import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { VisitorLanguage } from '../../platform/i18n/catalogue';
import type { BadgeContent } from './badge-content';
import { buildBadgePdf } from './pdf-badge';
import { buildTardySlipPdf, type TardySlip } from './pdf-tardy-slip';
import { scriptRuns } from './pdf-text';
import { buildBadgeZpl } from './zpl-badge';
import { buildTardySlipZpl } from './zpl-tardy-slip';
import { zplTextGraphic } from './zpl-text-graphic';

/** Issue 29 §1 (ADR 0055): the fixed words of badges and tardy slips in the visitor's language. */
const badge = (language: VisitorLanguage): BadgeContent => ({
  visitorName: 'Ines Guest',
  visitorType: 'visitor',
  buildingName: 'North High',
  checkedInAt: '12/01/2026 9:05 AM',
  personVisiting: 'Dana Chen',
  expires: '12/01/2026 11:59 PM',
  badgeCode: 'V12345',
  photo: null,
  language,
});
const slip = (language: VisitorLanguage): TardySlip => ({
  buildingName: 'North High',
  studentName: 'Sam Rivera',
  studentIdLine: 'Student ID: 100234',
  when: '12/01/2026 8:40 AM',
  reason: 'Doctor appointment',
  isExcused: true,
  attendantName: 'Front Office',
  language,
});

/** What a PDF embeds: each font's name and file kind, and the text its ToUnicode maps say it draws. */
async function fontsOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const fonts: { name: string; file: string | null }[] = [];
  let unicode = '';
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor')) {
      const file = ['FontFile2', 'FontFile3'].find((k) => obj.get(PDFName.of(k)));
      fonts.push({ name: String(obj.get(PDFName.of('FontName'))), file: file ?? null });
    }
    if (obj instanceof PDFRawStream) {
      const raw = Buffer.from(obj.contents);
      const text = (() => {
        try {
          return inflateSync(raw).toString('latin1');
        } catch {
          return raw.toString('latin1');
        }
      })();
      if (!text.includes('beginbfchar') && !text.includes('beginbfrange')) continue;
      // <gid> <utf-16be> pairs: the code points the glyphs stand for
      for (const [, hex] of text.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>/g))
        unicode += Buffer.from(hex!, 'hex').swap16().toString('utf16le');
    }
  }
  return { fonts, unicode };
}
const has = (unicode: string, words: string) =>
  Array.from(words.replace(/\s|:|：|-/g, '')).filter((c) => !unicode.includes(c));

describe('badge PDFs in every visitor language', () => {
  it('English stays in Helvetica, no font file embedded', async () => {
    const { fonts } = await fontsOf(await buildBadgePdf(badge('en')));
    expect(fonts.every((f) => f.file === null)).toBe(true);
  });

  it('Chinese: the fixed words drawn with an embedded subset of Noto Sans Hans', async () => {
    const { fonts, unicode } = await fontsOf(await buildBadgePdf(badge('zh')));
    expect(fonts.find((f) => f.name.includes('NotoSansHans'))?.file).toBe('FontFile3');
    expect(has(unicode, '访客 拜访 签到 有效期至')).toEqual([]);
  });

  it('Arabic: the fixed words shaped with an embedded subset of Noto Naskh Arabic', async () => {
    const bytes = await buildBadgePdf(badge('ar'));
    const { fonts, unicode } = await fontsOf(bytes);
    expect(fonts.find((f) => f.name.includes('NotoNaskhArabic'))?.file).toBe('FontFile2');
    expect(has(unicode, 'زائر يزور الدخول ينتهي في')).toEqual([]);
    // a subset, not the whole font
    expect(bytes.length).toBeLessThan(200_000);
  });

  it('Vietnamese: its letters drawn (Helvetica has no ư, ơ, ạ), not dropped', async () => {
    const { fonts, unicode } = await fontsOf(await buildBadgePdf(badge('vi')));
    expect(fonts.some((f) => f.file !== null)).toBe(true);
    expect(has(unicode, 'Gặp Giờ vào Hết hạn')).toEqual([]);
  });
});

describe('a line with Arabic reads right to left', () => {
  const all = () => true;
  it("draws a name or a time left of the Arabic label, each run's own order kept", () => {
    expect(scriptRuns('يزور: Dana Chen', all)).toEqual([
      { arabic: false, text: 'Dana Chen' },
      { arabic: true, text: 'يزور:' },
    ]);
    expect(scriptRuns('ينتهي في: 12/01/2026 3:00 PM', all).map((r) => r.text)).toEqual([
      '12/01/2026 3:00 PM',
      'ينتهي في:',
    ]);
    expect(scriptRuns('拜访：Dana Chen', all)).toEqual([{ arabic: false, text: '拜访：Dana Chen' }]);
  });
  it('leaves out a character no font has (never an empty box)', () => {
    expect(scriptRuns('A\u{1F600}B', (_a, cp) => cp < 0x1000)).toEqual([{ arabic: false, text: 'AB' }]);
  });
});

describe('tardy slips', () => {
  it('the PDF in Chinese and Arabic carries the fixed words in that language', async () => {
    const zh = await fontsOf(await buildTardySlipPdf(slip('zh')));
    expect(has(zh.unicode, '迟到单 到校时间 原因 是否准假 准假 记录人')).toEqual([]);
    const ar = await fontsOf(await buildTardySlipPdf(slip('ar')));
    expect(has(ar.unicode, 'إشعار تأخر وقت الوصول السبب بعذر')).toEqual([]);
  });

  it('a long Chinese reason wraps between characters instead of running off the slip', async () => {
    const bytes = await buildTardySlipPdf({
      ...slip('zh'),
      reason: '因为家里的汽车坏了所以今天早上迟到了很久'.repeat(2),
    });
    expect(bytes.length).toBeGreaterThan(1000);
  });

  it('a label: Spanish and Vietnamese words folded to the printer font’s letters; Arabic and Chinese lines as pictures', async () => {
    expect(await buildTardySlipZpl(slip('es'))).toContain('^FDPASE DE LLEGADA TARDE^FS');
    expect(await buildTardySlipZpl(slip('vi'))).toContain('^FDPHIEU DI TRE^FS');
    expect(await buildTardySlipZpl(slip('vi'))).toContain('^FDCo - co phep^FS');
    for (const lng of ['zh', 'ar'] as const) {
      const zpl = await buildTardySlipZpl(slip(lng));
      expect(zpl).not.toContain('TARDY SLIP');
      expect(zpl).not.toContain('^FDReason^FS');
      // the title, four labels and the excused value: pictures; the Latin values stay text
      expect(zpl.match(/\^GFA,/g)?.length, lng).toBe(6);
      expect(zpl).toContain('^FDSam Rivera^FS');
      expect(zpl.startsWith('^XA') && zpl.endsWith('^XZ')).toBe(true);
    }
  });
});

describe('badge labels (ZPL)', () => {
  it('Portuguese fixed words, folded; Arabic and Chinese lines drawn as pictures, never dropped', async () => {
    const pt = await buildBadgeZpl(badge('pt'));
    expect(pt).toContain('^FDVISITANTE^FS');
    expect(pt).toContain('^FDVisitando: Dana Chen^FS');
    for (const lng of ['zh', 'ar'] as const) {
      const zpl = await buildBadgeZpl(badge(lng));
      expect(zpl).not.toContain('VISITOR');
      // the band's kind (reversed on the black band) and the three labelled lines
      expect(zpl.match(/\^GFA,/g)?.length, lng).toBe(4);
      expect(zpl).toMatch(/\^FO30,18\^FR\^GFA,/);
      expect(zpl).toContain('^FDInes Guest^FS');
    }
  });

  it('a picture line is black text on white, as wide as its words, within its room', async () => {
    const gfa = await zplTextGraphic('访客', { height: 40, bold: true, maxWidth: 400 });
    const [, total, , rowBytes, hex] = gfa.split(',');
    const bits = [...Buffer.from(hex!, 'hex')].reduce((n, b) => n + b.toString(2).replace(/0/g, '').length, 0);
    expect(Number(total)).toBe(hex!.length / 2);
    expect(Number(rowBytes) * 8).toBeGreaterThan(60);
    expect(Number(rowBytes) * 8).toBeLessThan(120);
    // ink, but not a filled box
    expect(bits / (Number(total) * 8)).toBeGreaterThan(0.08);
    expect(bits / (Number(total) * 8)).toBeLessThan(0.6);
    const wide = await zplTextGraphic('有效期至'.repeat(20), { height: 40, bold: false, maxWidth: 300 });
    expect(Number(wide.split(',')[3]) * 8).toBeLessThanOrEqual(304);
  });
});

describe('punctuation an Arabic font lacks', () => {
  it('goes to its own run, drawn by the other font, between the Arabic words', () => {
    const hasDash = (arabic: boolean, cp: number) => !(arabic && cp === 0x2d);
    expect(scriptRuns('نعم - بعذر', hasDash)).toEqual([
      { arabic: true, text: 'بعذر' },
      { arabic: false, text: '-' },
      { arabic: true, text: 'نعم' },
    ]);
  });
});
