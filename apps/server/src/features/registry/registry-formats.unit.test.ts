import { describe, expect, it } from 'vitest';
import { MAX_REGISTRY_RECORD_CHARS, parseCsvTrio, RegistryFormatError } from './registry-formats';

describe('registry CSV caps (issue 10 §3)', () => {
  it('stops at a record over the cap with a format error naming the file, quickly', () => {
    const offenders = `id,jurisdiction,dob\r\n1,TX,"${'x'.repeat(4 * 1024 * 1024)}"\r\n`;
    const started = performance.now();
    expect(() => parseCsvTrio({ offenders, names: 'id,first,last\r\n1,A,B\r\n' })).toThrow(RegistryFormatError);
    expect(() => parseCsvTrio({ offenders, names: 'id,first,last\r\n1,A,B\r\n' })).toThrow(/^offenders\.csv: /);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('reads records under the cap', () => {
    const offenders = `id,jurisdiction\r\n1,"${'T'.repeat(MAX_REGISTRY_RECORD_CHARS - 100)}"\r\n`;
    const parsed = parseCsvTrio({ offenders, names: 'id,first,last\r\n1,Ann,Lee\r\n' });
    expect(parsed.offenders).toHaveLength(1);
    expect(parsed.offenders[0].names[0]).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
  });
});
