import zlib from 'node:zlib';
import ExcelJS from 'exceljs';

/**
 * Hostile upload files for the decompression-bomb tests (issue 10 §3), built in memory so no
 * large binary fixture is committed.
 */

interface ZipEntry {
  name: string;
  /** 0 = stored, 8 = deflated */
  method: number;
  data: Buffer;
  crc: number;
  /** the uncompressed size written in the headers (a bomb lies here) */
  declaredSize: number;
}

/** Entries of a well-formed zip (reads the central directory; test helper, trusts its input). */
function readZip(buf: Buffer): ZipEntry[] {
  let eocd = buf.length - 22;
  while (buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    const compressed = buf.readUInt32LE(p + 20);
    const size = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    out.push({ name, method, crc, declaredSize: size, data: Buffer.from(buf.subarray(start, start + compressed)) });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

/** A zip of these entries, with the sizes they declare (not their real ones). */
export function writeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(e.method, 8);
    head.writeUInt32LE(e.crc, 14);
    head.writeUInt32LE(e.data.length, 18);
    head.writeUInt32LE(e.declaredSize, 22);
    head.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(head, name, e.data);
    centrals.push(central, name);
    offset += head.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * A raw deflate stream of `prefix`, then `mb` MiB of spaces, then `suffix`, built without
 * compressing the whole thing: each piece comes from a fresh compressor ended with a full flush
 * (no final block, no back-references across pieces), so identical pieces can be repeated.
 */
export function deflateBomb(prefix: string, mb: number, suffix: string): Buffer {
  const full = { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 };
  const mib = zlib.deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), full);
  return Buffer.concat([
    zlib.deflateRawSync(Buffer.from(prefix), full),
    ...Array.from({ length: mb }, () => mib),
    zlib.deflateRawSync(Buffer.from(suffix)),
  ]);
}

/**
 * An .xlsx whose first sheet declares `declaredSize` bytes but inflates to about `mb` MiB
 * (XML whitespace between a header row and a data row; both rows are valid import rows).
 */
export async function xlsxBomb(
  header: string[],
  row: string[],
  mb: number,
  declaredSize = 4096,
): Promise<{ file: Buffer; inflatedBytes: number }> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Data').addRow(header);
  const normal = readZip(Buffer.from(await wb.xlsx.writeBuffer()));
  const cells = (r: string[], n: number) =>
    `<row r="${n}">${r.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${n}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
  const prefix = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${cells(header, 1)}`;
  const suffix = `${cells(row, 2)}</sheetData></worksheet>`;
  const sheet = deflateBomb(prefix, mb, suffix);
  const entries = normal.map((e) =>
    e.name === 'xl/worksheets/sheet1.xml' ? { ...e, method: 8, data: sheet, declaredSize } : e,
  );
  return { file: writeZip(entries), inflatedBytes: prefix.length + mb * 1024 * 1024 + suffix.length };
}

/** A CSV whose second row holds one cell of `bytes` characters. */
export function csvWithHugeCell(header: string[], row: string[], bytes: number): Buffer {
  return Buffer.from(`${header.join(',')}\r\n${row.join(',')},"${'x'.repeat(bytes)}"\r\n`);
}

/**
 * An 8-bit grey PNG of `width` × `height` black pixels: a few hundred KB at most that decodes to
 * width × height bytes (a 20,000 × 20,000 one is 400 megapixels).
 */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth; colour type 0 (grey), no interlace
  // the pixel stream (a 0 filter byte per row, then zeros) as a zlib stream built from repeated pieces
  const total = height * (width + 1);
  const piece = 4 * 1024 * 1024;
  const full = { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 9 };
  const block = zlib.deflateRawSync(Buffer.alloc(piece), full);
  const parts = [Buffer.from([0x78, 0xda])];
  for (let i = 0; i < Math.floor(total / piece); i++) parts.push(block);
  parts.push(zlib.deflateRawSync(Buffer.alloc(total % piece)));
  const adler = Buffer.alloc(4); // Adler-32 of zeros: a = 1, b = length mod 65521
  adler.writeUInt16BE(total % 65521, 0);
  adler.writeUInt16BE(1, 2);
  parts.push(adler);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
