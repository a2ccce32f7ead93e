/** fontkit 2 ships no types; what pdf-text.ts uses of it (the font is typed there). */
declare module 'fontkit' {
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): unknown;
}
