import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { loadFontkit } from '../../platform/lazy-modules';
import { SERVER_DIR } from '../../platform/server-paths';

/**
 * Text on the server's PDFs (badges, tardy slips) in every visitor language (issue 29 §1, ADR 0055).
 *
 * Text Helvetica can encode (WinAnsi: English, Spanish, Portuguese) is drawn in Helvetica as
 * before. Anything else is drawn in an embedded subset of a Noto font from npm (SIL OFL):
 * Noto Sans Hans (`@embedpdf/fonts-sc`: Simplified Chinese, and Latin with Vietnamese's letters)
 * and Noto Naskh Arabic (`@embedpdf/fonts-arabic`). fontkit 2 shapes the glyphs (Arabic joining
 * forms; an Arabic run comes back in visual order) and subsets the font: pdf-lib's own fontkit
 * (1.x) writes broken subsets of both fonts (checked by rasterising), so pdf-lib gets fontkit 2
 * through a small adapter. A line with Arabic is laid right to left: its runs (Arabic, and the
 * Latin or digits in it such as a name or a time) are placed in reverse order. A character no font
 * has is left out, never drawn as an empty box.
 */

// the font packages resolved from the server package (server-paths.ts: never from a source file's path)
const require = createRequire(path.join(SERVER_DIR, 'package.json'));
const fontFile = (pkg: string, file: string) => path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file);
const FONT_FILES = {
  hans: {
    regular: ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf'],
    bold: ['@embedpdf/fonts-sc', 'NotoSansHans-Bold.otf'],
  },
  arabic: {
    regular: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Regular.ttf'],
    bold: ['@embedpdf/fonts-arabic', 'NotoNaskhArabic-Bold.ttf'],
  },
} as const;
type Family = keyof typeof FONT_FILES;
type Weight = 'regular' | 'bold';

interface FontkitPath {
  scale(sx: number, sy: number): FontkitPath;
  translate(x: number, y: number): FontkitPath;
  toSVG(): string;
}
/** What we use of a fontkit font. */
export interface FontkitFont {
  unitsPerEm: number;
  hasGlyphForCodePoint(cp: number): boolean;
  layout(text: string): {
    glyphs: { path: FontkitPath }[];
    positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  };
  createSubset(): { encode(): Uint8Array; encodeStream?: () => Readable };
}

/** Each font file read and parsed once per process (Noto Sans Hans: 8 MB a weight). */
const parsed = new Map<string, Promise<{ bytes: Buffer; font: FontkitFont }>>();
export function fontOf(family: Family, weight: Weight) {
  const [pkg, file] = FONT_FILES[family][weight];
  const key = `${family}-${weight}`;
  let entry = parsed.get(key);
  if (!entry) {
    entry = (async () => {
      const [bytes, fontkit] = await Promise.all([readFile(fontFile(pkg, file)), loadFontkit()]);
      return { bytes, font: fontkit.create(bytes) as unknown as FontkitFont };
    })();
    entry.catch(() => parsed.delete(key));
    parsed.set(key, entry);
  }
  return entry;
}

/**
 * pdf-lib's `registerFontkit` expects fontkit 1's API: `create(bytes)`, and a subset with
 * `encodeStream()`. fontkit 2 has `encode()`; the font parsed above is reused (the subset is per use).
 */
async function fontkitAdapter() {
  const fontkit = await loadFontkit();
  const byBytes = new Map<number, { bytes: Buffer; font: FontkitFont }>();
  for (const family of Object.keys(FONT_FILES) as Family[])
    for (const weight of ['regular', 'bold'] as const) {
      const f = await fontOf(family, weight);
      byBytes.set(f.bytes.length, f);
    }
  return {
    create(bytes: Uint8Array) {
      const known = byBytes.get(bytes.length);
      const font =
        known && Buffer.compare(known.bytes, bytes) === 0
          ? known.font
          : (fontkit.create(Buffer.from(bytes)) as unknown as FontkitFont);
      return new Proxy(font, {
        get(target, prop, receiver) {
          if (prop !== 'createSubset') return Reflect.get(target, prop, receiver);
          return () => {
            const subset = target.createSubset();
            subset.encodeStream = () => Readable.from([Buffer.from(subset.encode())]);
            return subset;
          };
        },
      });
    },
  };
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** a strong character: a letter or a digit (anything else joins the run it is in) */
const STRONG = /[\p{L}\p{N}]/u;

/**
 * A line cut into runs of one script, in the order they are drawn left to right. A letter or digit
 * starts a new run when its script changes; spaces and punctuation stay in the run they follow. A
 * line with Arabic reads right to left, so its runs are drawn in reverse order (each Arabic run's
 * glyphs come back from fontkit already in visual order). Characters no font has are left out.
 */
export function scriptRuns(text: string, hasGlyph: (arabic: boolean, codePoint: number) => boolean) {
  const pieces: { arabic: boolean; text: string }[] = [];
  for (const c of Array.from(text)) {
    const cp = c.codePointAt(0)!;
    const space = /\s/.test(c);
    if (!space && !hasGlyph(ARABIC.test(c), cp)) continue;
    const last = pieces.at(-1);
    // punctuation stays in the run it follows when that run's font has it (the Arabic font has no "-")
    const joins = last && (space || (!STRONG.test(c) && hasGlyph(last.arabic, cp)));
    const isArabic = joins ? last.arabic : ARABIC.test(c);
    if (last && last.arabic === isArabic) last.text += c;
    else pieces.push({ arabic: isArabic, text: c });
  }
  if (!pieces.some((p) => p.arabic)) return pieces.filter((p) => p.text);
  return pieces
    .reverse()
    .map((p) => ({ ...p, text: p.text.trim() }))
    .filter((p) => p.text);
}

export interface TextStyle {
  size: number;
  bold: boolean;
  color?: Color;
}
interface Run {
  text: string;
  font: PDFFont;
}

/** The text drawer of one PDF document. */
export async function pdfText(doc: PDFDocument) {
  const { StandardFonts } = await import('pdf-lib');
  const helvetica = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const winAnsi = new Set(helvetica.regular.getCharacterSet());
  const embedded = new Map<string, Promise<PDFFont>>();
  let registered = false;
  async function font(family: Family, weight: Weight) {
    const key = `${family}-${weight}`;
    let f = embedded.get(key);
    if (!f) {
      f = (async () => {
        if (!registered) {
          doc.registerFontkit((await fontkitAdapter()) as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
          registered = true;
        }
        return doc.embedFont((await fontOf(family, weight)).bytes, { subset: true });
      })();
      embedded.set(key, f);
    }
    return f;
  }

  /** The text's runs in the order they are drawn, left to right. */
  async function runs(raw: string, bold: boolean): Promise<Run[]> {
    const text = raw.normalize('NFC');
    const weight: Weight = bold ? 'bold' : 'regular';
    if (Array.from(text).every((c) => winAnsi.has(c.codePointAt(0)!)))
      return text ? [{ text, font: helvetica[weight] }] : [];
    const [hans, arabic] = await Promise.all([fontOf('hans', weight), fontOf('arabic', weight)]);
    const out: Run[] = [];
    for (const p of scriptRuns(text, (isArabic, cp) => (isArabic ? arabic : hans).font.hasGlyphForCodePoint(cp)))
      out.push({ text: p.text, font: await font(p.arabic ? 'arabic' : 'hans', weight) });
    return out;
  }

  const gap = (size: number) => size * 0.28;
  async function width(text: string, style: TextStyle) {
    const rs = await runs(text, style.bold);
    return (
      rs.reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, style.size), 0) +
      (rs.length > 1 && rs.some((r) => ARABIC.test(r.text)) ? gap(style.size) * (rs.length - 1) : 0)
    );
  }

  return {
    width,
    /** Draws the text with its left edge at x (or its right edge at x when `alignRight`). */
    async draw(page: PDFPage, text: string, at: { x: number; y: number; alignRight?: boolean }, style: TextStyle) {
      const rs = await runs(text, style.bold);
      const spaced = rs.length > 1 && rs.some((r) => ARABIC.test(r.text));
      let x = at.alignRight ? at.x - (await width(text, style)) : at.x;
      for (const r of rs) {
        page.drawText(r.text, {
          x,
          y: at.y,
          size: style.size,
          font: r.font,
          ...(style.color ? { color: style.color } : {}),
        });
        x += r.font.widthOfTextAtSize(r.text, style.size) + (spaced ? gap(style.size) : 0);
      }
    },
  };
}
export type PdfText = Awaited<ReturnType<typeof pdfText>>;
