import { describe, expect, it } from 'vitest';
import { filterRows, rowMatches, textFilterActive } from './text-filter';

const building = {
  id: 42,
  clientId: 7,
  clientName: 'North County Schools',
  name: 'North High School',
  city: 'Northfield',
  zipcode: '60093',
  active: true,
  photoFileId: 'ab12cd',
};

describe('table text filter (spec 000 §5)', () => {
  it('needs at least 2 characters: shorter text keeps every row', () => {
    expect(textFilterActive('')).toBe(false);
    expect(textFilterActive(' n ')).toBe(false);
    expect(textFilterActive('no')).toBe(true);
    expect(rowMatches(building, 'z')).toBe(true);
    expect(filterRows([building, { ...building, id: 43, name: 'Lincoln' }], 'x')).toHaveLength(2);
  });

  it('matches any other field, ignoring case and surrounding spaces', () => {
    expect(rowMatches(building, 'north high')).toBe(true);
    expect(rowMatches(building, '  NORTHFIELD ')).toBe(true);
    expect(rowMatches(building, '6009')).toBe(true);
    expect(rowMatches(building, 'lincoln')).toBe(false);
  });

  it('skips Id fields', () => {
    expect(rowMatches(building, '42')).toBe(false); // id
    expect(rowMatches({ ...building, clientId: 4242 }, '4242')).toBe(false);
    expect(rowMatches(building, 'ab12')).toBe(false); // photoFileId
    expect(rowMatches({ ...building, visitorIds: [777] }, '777')).toBe(false);
  });

  it('looks into nested records, still skipping their Ids', () => {
    const exclusion = { id: 1, firstname: 'Ann', visitor: { id: 99, name: 'Ann Lee', dob: '1977-07-07' } };
    expect(rowMatches(exclusion, 'ann lee')).toBe(true);
    expect(rowMatches(exclusion, '99')).toBe(false);
  });

  it('finds a date as the screens show it (mm/dd/yyyy) and as stored', () => {
    const row = { id: 1, dob: '1977-07-07' };
    expect(rowMatches(row, '07/07/1977')).toBe(true);
    expect(rowMatches(row, '1977-07')).toBe(true);
  });

  it('keeps the matching rows in order', () => {
    const rows = [
      { id: 1, name: 'Maple Grove' },
      { id: 2, name: 'Lincoln' },
      { id: 3, name: 'Grove Park' },
    ];
    expect(filterRows(rows, 'grove').map((r) => r.id)).toEqual([1, 3]);
  });
});
