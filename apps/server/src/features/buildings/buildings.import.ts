import {
  isIanaTimeZone,
  isUsStateCode,
  NEW_BUILDING,
  printerAddressProblem,
  type TBuildingFields,
} from '@sv/contracts';
import { z } from 'zod';
import { truncateDecimals } from '../../integrations/geocoding/geocoder';
import { removeUnlessInUse } from '../../platform/db/remove-unless-in-use';
import { cell, registerImport } from '../../platform/imports/import-definition';
import { requireClientOption } from '../../platform/imports/import-options';
import { createBuildingsRepository } from './buildings.repository';

/**
 * The columns of the buildings file (spec 000 §2 "Bulk import dialogs", §3 Building). The export
 * writes the same headers, so an exported file can be edited and imported into another district.
 * Only Name is required; a blank cell takes the new-building default (spec 000 §4).
 */
type FieldKind = 'text' | 'printer' | 'state' | 'zip' | 'latitude' | 'longitude' | 'radius' | 'timeZone' | 'flag';
export interface BuildingFileField {
  key: keyof TBuildingFields;
  header: string;
  kind: FieldKind;
  example: string;
  max?: number;
  help?: string;
}

const flag = (key: keyof TBuildingFields, header: string): BuildingFileField => ({
  key,
  header,
  kind: 'flag',
  example: NEW_BUILDING[key] ? 'Yes' : 'No',
  help: `Yes or No; blank = ${NEW_BUILDING[key] ? 'Yes' : 'No'}`,
});

export const BUILDING_FILE_FIELDS: BuildingFileField[] = [
  {
    key: 'name',
    header: 'Name',
    kind: 'text',
    max: 200,
    example: 'Washington Middle School',
    help: 'Unique within the district',
  },
  { key: 'street1', header: 'Street 1', kind: 'text', max: 200, example: '500 Lake Ave' },
  { key: 'street2', header: 'Street 2', kind: 'text', max: 200, example: '' },
  { key: 'city', header: 'City', kind: 'text', max: 100, example: 'Springfield' },
  { key: 'state', header: 'State', kind: 'state', example: 'IL', help: 'Two-letter abbreviation' },
  { key: 'zipcode', header: 'Zip Code', kind: 'zip', example: '62701', help: '5 digits' },
  {
    key: 'latitude',
    header: 'Latitude',
    kind: 'latitude',
    example: '39.781721',
    help: '-90 to 90; kept to 6 decimals',
  },
  {
    key: 'longitude',
    header: 'Longitude',
    kind: 'longitude',
    example: '-89.650148',
    help: '-180 to 180; kept to 6 decimals',
  },
  { key: 'radius', header: 'Radius', kind: 'radius', example: '200', help: 'Metres around the coordinates' },
  {
    key: 'timeZone',
    header: 'Time Zone',
    kind: 'timeZone',
    example: 'America/Chicago',
    help: 'IANA time zone; blank = America/Chicago',
  },
  { key: 'note', header: 'Note', kind: 'text', max: 2000, example: '' },
  { key: 'printerIpAddress', header: 'Printer IP Address', kind: 'printer', max: 200, example: '10.0.0.25' },
  { key: 'visitorPrinterIpAddress', header: 'Visitor Printer IP Address', kind: 'printer', max: 200, example: '' },
  flag('active', 'Active'),
  flag('scanWithCamera', 'Scan With Camera'),
  { key: 'studentIdLabel', header: 'Student ID Label', kind: 'text', max: 100, example: 'Student ID' },
  flag('showKioskStudentCheckIn', 'Show Kiosk Student Check In'),
  { key: 'studentCheckInBtn', header: 'Student Check In Button', kind: 'text', max: 100, example: '' },
  flag('requireKioskStudentPhotoCheckIn', 'Require Kiosk Student Photo Check In'),
  flag('showKioskStudentCheckOut', 'Show Kiosk Student Check Out'),
  { key: 'studentCheckOutBtn', header: 'Student Check Out Button', kind: 'text', max: 100, example: '' },
  flag('requireKioskStudentPhotoCheckOut', 'Require Kiosk Student Photo Check Out'),
  flag('requireKioskVisitorPhotoCheckIn', 'Require Kiosk Visitor Photo Check In'),
  flag('requireKioskVolunteerPhotoCheckIn', 'Require Kiosk Volunteer Photo Check In'),
  flag('requireKioskVisitorBadgePrint', 'Require Kiosk Visitor Badge Print'),
  flag('requireKioskVolunteerBadgePrint', 'Require Kiosk Volunteer Badge Print'),
  flag('requireAttendantVisitorPhotoCheckIn', 'Require Attendant Visitor Photo Check In'),
  flag('requireAttendantVolunteerPhotoCheckIn', 'Require Attendant Volunteer Photo Check In'),
  flag('requireAttendantVisitorBadgePrint', 'Require Attendant Visitor Badge Print'),
  flag('requireAttendantVolunteerBadgePrint', 'Require Attendant Volunteer Badge Print'),
];

const coordinate = (limit: number) =>
  z.string().transform((s, ctx) => {
    if (s === '') return null;
    const n = Number(s);
    if (!/^-?\d+(\.\d+)?$/.test(s) || Math.abs(n) > limit) {
      ctx.addIssue({ code: 'custom', message: `must be a number from -${limit} to ${limit}` });
      return z.NEVER;
    }
    return truncateDecimals(n);
  });

function cellSchema(f: BuildingFileField): z.ZodType {
  switch (f.kind) {
    case 'text':
      return f.key === 'name' ? cell.text(f.max) : cell.optionalText(f.max).transform((v) => v ?? '');
    case 'printer':
      // issue 23 §7: the same rule as the building form and API (a private IP address, a printer port)
      return cell
        .optionalText(f.max)
        .transform((v) => v ?? '')
        .superRefine((v, ctx) => {
          const problem = v === '' ? null : printerAddressProblem(v);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        });
    case 'state':
      return z
        .string()
        .transform((s) => s.toUpperCase())
        .refine((s) => s === '' || isUsStateCode(s), 'must be a two-letter state abbreviation');
    case 'zip':
      // ZIP+4 keeps its first five digits (spec 000 §5: zip code masked to 5 digits)
      return z
        .string()
        .refine((s) => /^(\d{5}(-\d{4})?)?$/.test(s), 'must be 5 digits')
        .transform((s) => s.slice(0, 5));
    case 'latitude':
      return coordinate(90);
    case 'longitude':
      return coordinate(180);
    case 'radius':
      return cell.optionalInt().refine((n) => n === null || n <= 100_000, 'must be at most 100000');
    case 'timeZone':
      return z
        .string()
        .refine((s) => s === '' || isIanaTimeZone(s), 'must be a time zone such as America/Chicago')
        .transform((s) => s || NEW_BUILDING.timeZone);
    case 'flag':
      return cell.yesNo(Boolean(NEW_BUILDING[f.key]));
  }
}

const ZBuildingImportRow = z.object(
  Object.fromEntries(BUILDING_FILE_FIELDS.map((f) => [f.key, cellSchema(f)])),
) as unknown as z.ZodType<TBuildingFields>;

/**
 * Buildings import (spec 000 §2): rows go to the client in the `clientId` option (admins must
 * choose one; everyone else imports into their own client). A building whose name the client
 * already has (case-insensitive) is skipped, so re-uploading a file adds nothing.
 */
registerImport({
  kind: 'buildings',
  permission: 'buildings.manage',
  columns: BUILDING_FILE_FIELDS.map((f) => ({
    key: f.key,
    header: f.header,
    required: f.key === 'name',
    example: f.example,
    help: f.help,
  })),
  rowSchema: ZBuildingImportRow,
  naturalKey: (row: TBuildingFields) => row.name.trim().toLowerCase(),
  async existingKeys(ctx, keys, tx, options) {
    const clientId = await requireClientOption(ctx, options, tx);
    return createBuildingsRepository(tx).existingNames(ctx.actor, clientId, keys, tx);
  },
  async insertRows(ctx, rows: TBuildingFields[], tx, options) {
    const clientId = await requireClientOption(ctx, options, tx);
    return createBuildingsRepository(tx).insertMany(ctx.actor, clientId, rows, tx);
  },
  /** Undo (issue 26 §4, ADR 0049): a building anything refers to (a user, a visit, a card) stays. */
  async undo(ctx, _clientId, ids, outer) {
    // each building in its own savepoint: `tx` here is that savepoint's transaction
    return removeUnlessInUse(outer, ids, (tx, id) =>
      createBuildingsRepository(tx).deleteUnreferenced(ctx.actor, id, tx),
    );
  },
});
