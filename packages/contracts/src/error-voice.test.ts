import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZBuildingFields, ZExclusionSave } from './index';

const messages = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues.map((i) => i.message) ?? [];

describe('messages without a schema message are sentences in the product voice (issue 25, audit 000 B10)', () => {
  it.each([
    [z.string().max(100), 'x'.repeat(101), 'Use at most 100 characters'],
    [z.string().min(3), 'ab', 'Use at least 3 characters'],
    [z.string().min(1), '', 'This field is required'],
    [z.number().max(90), 91, 'Enter a number no greater than 90'],
    [z.number().min(-90), -91, 'Enter a number no less than -90'],
    [z.number(), 'twelve', 'Enter a number'],
    [z.string(), undefined, 'This field is required'],
    [z.email(), 'not-an-address', 'Enter a valid e-mail address'],
    [z.enum(['a', 'b']), 'c', 'Choose one of the options'],
    [z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'Remove the unknown field: b'],
  ])('%#: %o', (schema, input, message) => {
    expect(messages(schema.safeParse(input))).toEqual([message]);
  });

  it('no contract answers zod’s own English ("Too big", "Invalid input", "expected …")', () => {
    const raw = /too big|too small|invalid input|expected|received/i;
    const exclusion = ZExclusionSave.safeParse({ firstname: 'x'.repeat(101), lastname: 5, exclusionType: 'Other' });
    const building = ZBuildingFields.safeParse({ name: 'B', latitude: 91, longitude: -181, geofenceMeters: 'far' });
    for (const m of [...messages(exclusion), ...messages(building)]) expect(m).not.toMatch(raw);
    expect(messages(building).length).toBeGreaterThan(0);
  });

  it('a message written in the schema wins', () => {
    expect(messages(z.string().max(2, 'Keep it short').safeParse('abc'))).toEqual(['Keep it short']);
  });
});
