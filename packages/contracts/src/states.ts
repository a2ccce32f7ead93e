import { z } from 'zod';

export const ZState = z.object({ id: z.number().int(), name: z.string(), abbreviation: z.string() });
export type TState = z.infer<typeof ZState>;
export const ZStatesResponse = z.object({ data: z.array(ZState) });

/** All US states, DC, territories and military mail codes (issue 2 §2): the states list and the rule. */
export const US_STATES: ReadonlyArray<{ name: string; abbreviation: string }> = [
  { name: 'Alabama', abbreviation: 'AL' },
  { name: 'Alaska', abbreviation: 'AK' },
  { name: 'Arizona', abbreviation: 'AZ' },
  { name: 'Arkansas', abbreviation: 'AR' },
  { name: 'California', abbreviation: 'CA' },
  { name: 'Colorado', abbreviation: 'CO' },
  { name: 'Connecticut', abbreviation: 'CT' },
  { name: 'Delaware', abbreviation: 'DE' },
  { name: 'District of Columbia', abbreviation: 'DC' },
  { name: 'Florida', abbreviation: 'FL' },
  { name: 'Georgia', abbreviation: 'GA' },
  { name: 'Hawaii', abbreviation: 'HI' },
  { name: 'Idaho', abbreviation: 'ID' },
  { name: 'Illinois', abbreviation: 'IL' },
  { name: 'Indiana', abbreviation: 'IN' },
  { name: 'Iowa', abbreviation: 'IA' },
  { name: 'Kansas', abbreviation: 'KS' },
  { name: 'Kentucky', abbreviation: 'KY' },
  { name: 'Louisiana', abbreviation: 'LA' },
  { name: 'Maine', abbreviation: 'ME' },
  { name: 'Maryland', abbreviation: 'MD' },
  { name: 'Massachusetts', abbreviation: 'MA' },
  { name: 'Michigan', abbreviation: 'MI' },
  { name: 'Minnesota', abbreviation: 'MN' },
  { name: 'Mississippi', abbreviation: 'MS' },
  { name: 'Missouri', abbreviation: 'MO' },
  { name: 'Montana', abbreviation: 'MT' },
  { name: 'Nebraska', abbreviation: 'NE' },
  { name: 'Nevada', abbreviation: 'NV' },
  { name: 'New Hampshire', abbreviation: 'NH' },
  { name: 'New Jersey', abbreviation: 'NJ' },
  { name: 'New Mexico', abbreviation: 'NM' },
  { name: 'New York', abbreviation: 'NY' },
  { name: 'North Carolina', abbreviation: 'NC' },
  { name: 'North Dakota', abbreviation: 'ND' },
  { name: 'Ohio', abbreviation: 'OH' },
  { name: 'Oklahoma', abbreviation: 'OK' },
  { name: 'Oregon', abbreviation: 'OR' },
  { name: 'Pennsylvania', abbreviation: 'PA' },
  { name: 'Rhode Island', abbreviation: 'RI' },
  { name: 'South Carolina', abbreviation: 'SC' },
  { name: 'South Dakota', abbreviation: 'SD' },
  { name: 'Tennessee', abbreviation: 'TN' },
  { name: 'Texas', abbreviation: 'TX' },
  { name: 'Utah', abbreviation: 'UT' },
  { name: 'Vermont', abbreviation: 'VT' },
  { name: 'Virginia', abbreviation: 'VA' },
  { name: 'Washington', abbreviation: 'WA' },
  { name: 'West Virginia', abbreviation: 'WV' },
  { name: 'Wisconsin', abbreviation: 'WI' },
  { name: 'Wyoming', abbreviation: 'WY' },
  { name: 'American Samoa', abbreviation: 'AS' },
  { name: 'Guam', abbreviation: 'GU' },
  { name: 'Northern Mariana Islands', abbreviation: 'MP' },
  { name: 'Puerto Rico', abbreviation: 'PR' },
  { name: 'U.S. Virgin Islands', abbreviation: 'VI' },
  { name: 'U.S. Minor Outlying Islands', abbreviation: 'UM' },
  { name: 'Armed Forces Americas', abbreviation: 'AA' },
  { name: 'Armed Forces Europe', abbreviation: 'AE' },
  { name: 'Armed Forces Pacific', abbreviation: 'AP' },
];

const STATE_CODES = new Set(US_STATES.map((s) => s.abbreviation));

/** Whether `code` is one of US_STATES' abbreviations (audit 000 B7: "ZZ" was accepted). */
export function isUsStateCode(code: string): boolean {
  return STATE_CODES.has(code);
}

/** A state abbreviation from the states list, upper-cased; '' when none. */
export const ZStateCodeOrEmpty = z
  .string()
  .trim()
  .toUpperCase()
  .refine((s) => s === '' || isUsStateCode(s), 'Choose a state');

/** A required state abbreviation from the states list. */
export const ZStateCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((s) => isUsStateCode(s), 'Choose a state');
