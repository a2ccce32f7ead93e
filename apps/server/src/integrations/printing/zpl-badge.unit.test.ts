import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BadgeContent, ZPL_FIELD_MAX, zplText } from './badge-content';
import { buildBadgeZpl } from './zpl-badge';

const badge = (visitorName: string): BadgeContent => ({
  visitorName,
  visitorType: 'Visitor',
  buildingName: 'North High',
  checkedInAt: '05/01/2026 08:15 AM',
  personVisiting: 'Front office',
  expires: '',
  badgeCode: 'V12345',
  photo: null,
});

/**
 * A label is well formed when it is one ^XA … ^XZ block and every field's data (between ^FD and
 * ^FS) holds no command prefix (^ or ~) and only complete ^FH hex escapes (`_` + two hex digits).
 */
function fieldProblems(zpl: string): string[] {
  const problems: string[] = [];
  if (!zpl.startsWith('^XA\n') || !zpl.endsWith('\n^XZ')) problems.push('not one ^XA … ^XZ label');
  for (const line of zpl.split('\n')) {
    const at = line.indexOf('^FD');
    if (at < 0) continue;
    if (!line.endsWith('^FS')) problems.push(`field not closed by ^FS: ${line}`);
    const data = line.slice(at + 3, -3);
    if (/[\^~]/.test(data)) problems.push(`command prefix in field data: ${data}`);
    if (/_(?![0-9A-F]{2})/.test(data)) problems.push(`incomplete escape in field data: ${data}`);
  }
  return problems;
}

describe('ZPL badge text (issue 10 §5: cut first, then escape)', () => {
  it('does not split an escape at the length limit (a dangling _ before ^FS)', () => {
    const name = `${'A'.repeat(ZPL_FIELD_MAX - 1)}^^^`;
    expect(zplText(name)).toBe(`${'A'.repeat(ZPL_FIELD_MAX - 1)}_5E`);
    expect(fieldProblems(`^XA\n^FO0,0^FH^FD${zplText(name)}^FS\n^XZ`)).toEqual([]);
  });

  it('keeps at most 60 printed characters, escapes counted as one', () => {
    expect(zplText('_'.repeat(100))).toBe('_5F'.repeat(ZPL_FIELD_MAX));
    expect(zplText('Zoë ~ Smith\\Jones')).toBe('Zoe _7E Smith_5CJones');
  });

  it('any visitor name yields a well-formed label', async () => {
    const nameChars = fc.oneof(
      fc.constantFrom('^', '~', '_', '\\', 'ü', 'ß', 'Ω', '\u0301', '＾', '\n', '^FS', '^XZ', '_5', ' '),
      fc.string({ maxLength: 3 }),
    );
    const names = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc.array(nameChars, { maxLength: 80 }).map((parts) => parts.join('')),
    );
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        const zpl = await buildBadgeZpl(badge(name));
        const printed = zplText(name).replace(/_[0-9A-F]{2}/g, 'x');
        return fieldProblems(zpl).length === 0 && printed.length <= ZPL_FIELD_MAX;
      }),
      { numRuns: 200 },
    );
  });
});
