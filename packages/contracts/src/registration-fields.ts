import { z } from 'zod';
import { optionalPersonName, personName, ZIsoDate, ZString, ZZipCode, zText } from './common';

/**
 * Building blocks of the registration contracts shared by the volunteer registrations
 * (registrations.ts) and the SafeVendor registrations (safevendor.ts): ADR 0014, both are the
 * one registrations engine. Each kind spreads a group into its own z.object where the fields
 * have always stood, so every schema, and the OpenAPI document, keeps its fields and their order.
 * Internal to the package: index.ts does not export this module.
 */

/** An e-mail address (lower-cased) or nothing. */
export const ZOptionalEmail = z
  .union([z.literal(''), ZString.trim().toLowerCase().pipe(z.email('Enter a valid email').max(254))])
  .default('');
export const ZPhone = zText(30).default('');

/** The person as add/edit saves it (spec 001 §2 add/edit; §5: a date of birth is required). */
export const registrationPersonFields = {
  // issue 22: the one person-name rule
  firstname: personName({ required: 'Enter a first name', max: 80 }),
  middlename: optionalPersonName(80),
  lastname: personName({ required: 'Enter a last name', max: 80 }),
  email: ZOptionalEmail,
  phone: ZPhone,
  dob: ZIsoDate,
  street1: zText(200).default(''),
  street2: zText(200).default(''),
  city: zText(100).default(''),
  state: zText(2).default(''),
  zipcode: z.union([ZZipCode, z.literal('')]).default(''),
  note: zText(2000).default(''),
};

/** A date (YYYY-MM-DD) in an answer, or none. */
const ZDayOrNone = z.string().nullable();

/** The person and decision columns of a list row. */
export const registrationRowFields = {
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  dob: ZDayOrNone,
  expDate: ZDayOrNone,
  note: z.string(),
  approved: z.boolean().nullable(),
};

/** What one registration adds to its list row first: the rest of the name, phone and address. */
export const registrationContactFields = {
  middlename: z.string(),
  phone: z.string(),
  street1: z.string(),
  street2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
};

/** An export: the format and the chosen column ids (empty → 400 MESSAGES.exportNeedsColumn). */
export const exportChoiceFields = {
  format: z.enum(['csv', 'xlsx']).default('csv'),
  columns: z.array(z.coerce.number().int().min(1).max(99)).max(30),
};

/**
 * The export columns of a registration list (issue 11 "Export"; every column ticked by default):
 * the kind's own first column (type or company) and last one around the ten they share.
 */
export const registrationExportColumns = <const First extends string, const Last extends string>(
  first: First,
  last: Last,
) =>
  [
    { id: 1, header: first },
    { id: 2, header: 'Status' },
    { id: 3, header: 'Expiration Date' },
    { id: 4, header: 'First Name' },
    { id: 5, header: 'Last Name' },
    { id: 6, header: 'ID' },
    { id: 7, header: 'Email' },
    { id: 8, header: 'Date of Birth' },
    { id: 9, header: 'Note' },
    { id: 10, header: 'Phone' },
    { id: 11, header: 'Address' },
    { id: 12, header: last },
    // issue 23 §2: the check's state with the demo provider's label (or "not configured")
    { id: 13, header: 'Background Check' },
  ] as const;
