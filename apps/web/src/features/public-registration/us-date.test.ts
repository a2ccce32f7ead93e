import { describe, expect, it } from 'vitest';
import { localIsoToday, maskUsDate, usDateToIso } from './us-date';

describe('public form date of birth (spec 001 §5 mm/dd/yyyy)', () => {
  it('masks digits as they are typed', () => {
    expect(
      ['0', '07', '071', '0714', '07141', '07141985', '0714198599', '07/14/1985', 'ab07c14'].map(maskUsDate),
    ).toEqual(['0', '07', '07/1', '07/14', '07/14/1', '07/14/1985', '07/14/1985', '07/14/1985', '07/14']);
  });

  it('reads only real calendar dates', () => {
    expect(usDateToIso('07/14/1985')).toBe('1985-07-14');
    expect(usDateToIso('02/29/2024')).toBe('2024-02-29');
    expect(usDateToIso('02/29/2023')).toBeNull();
    expect(usDateToIso('13/01/2000')).toBeNull();
    expect(usDateToIso('7/14/1985')).toBeNull();
    expect(usDateToIso('')).toBeNull();
  });

  it("today is the browser's calendar date", () => {
    expect(localIsoToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
