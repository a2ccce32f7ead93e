import { isStorableText } from '@sv/contracts';
import { describe, expect, it } from 'vitest';
import { maskPii } from './audit-log';

describe('maskPii', () => {
  it('masks by code point, so a masked value is still valid text for jsonb (issue 10 §2)', () => {
    const masked = maskPii({ email: '\u{10635}abc@example.test' }) as { email: string };
    expect(masked.email).toBe('\u{10635}******');
    expect(isStorableText(masked.email)).toBe(true);
    expect(maskPii({ name: '\u{1F600}' })).toEqual({ name: '*' });
  });

  it('keeps the first character of ordinary values and redacts secrets', () => {
    expect(maskPii({ lastname: 'Smith', password: 'x', note: 'kept' })).toEqual({
      lastname: 'S****',
      password: '[redacted]',
      note: 'kept',
    });
  });

  it('masks everything under a personal key: a change recorded as before/after masks both names (issue 26)', () => {
    expect(
      maskPii({
        lastname: { before: 'Rivera', after: 'Rivers' },
        dob: { before: '1980-01-02', after: null },
        emails: [{ address: 'a@b.test' }, 'c@d.test'],
        reason: { before: 'Threats', after: 'Court order' },
      }),
    ).toEqual({
      lastname: { before: 'R*****', after: 'R*****' },
      dob: { before: '1******', after: null },
      emails: [{ address: 'a******' }, 'c******'],
      reason: { before: 'Threats', after: 'Court order' },
    });
  });
});
