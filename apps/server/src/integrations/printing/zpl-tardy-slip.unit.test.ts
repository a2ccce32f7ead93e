import { describe, expect, it } from 'vitest';
import { buildTardySlipZpl } from './zpl-tardy-slip';

const slip = {
  buildingName: 'North High School',
  studentName: 'Avery Testwood',
  studentIdLine: 'Student ID: 100234',
  when: '11/29/2026 8:05 AM',
  reason: 'Medical appointment',
  isExcused: true,
  attendantName: 'Hank Desk',
};

describe('the tardy slip as ZPL (audit 002 ksl U6)', () => {
  it('is one label with what the PDF slip shows', async () => {
    const zpl = await buildTardySlipZpl(slip);
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    for (const s of [
      'TARDY SLIP',
      'North High School',
      'Avery Testwood',
      'Student ID: 100234',
      'Medical appointment',
      'Yes - excused',
      'Hank Desk',
    ])
      expect(zpl).toContain(s);
  });
  it('escapes ZPL control characters in typed text and grows the label for long reasons', async () => {
    const short = await buildTardySlipZpl(slip);
    const long = await buildTardySlipZpl({
      ...slip,
      reason: `^XZ~JA ${'very long reason '.repeat(8)}`,
      isExcused: false,
    });
    expect(long).not.toContain('^XZ~JA');
    expect(long).toContain('_5EXZ_7EJA');
    expect(long).toContain('No - unexcused');
    const height = (z: string) => Number(/\^LL(\d+)/.exec(z)![1]);
    expect(height(long)).toBeGreaterThan(height(short));
  });
});
