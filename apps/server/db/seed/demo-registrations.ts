import { addDays, addYears, localDateOf } from '@sv/domain';
import type { Db } from '../../src/platform/db/database';
import { createRegistration, createRegistrationType, createVendorCompany, createVendorRegistration } from './factories';

/**
 * Demo registrations (spec 001 §3, §4) so the Registrations list is not empty on first start:
 * a 'Volunteer' type (code 'volunteer', 12 months) per demo district and one registration in
 * each state — pending (with a background check in progress), approved, denied, expired, under
 * review. Every person is fictitious with an obviously fake name; dates are relative to the
 * seeding day so "expired" stays expired and "approved" stays valid for a year.
 */
export async function seedDemoRegistrations(
  db: Db,
  ids: { northId: number; northHighId: number; southId: number },
  now = new Date(),
) {
  const today = localDateOf(now, 'America/Chicago');
  const north = await createRegistrationType(db, ids.northId, { name: 'Volunteer', code: 'volunteer', months: 12 });
  const south = await createRegistrationType(db, ids.southId, { name: 'Volunteer', code: 'volunteer', months: 12 });
  const person = (firstname: string, lastname: string, dob: string) => ({
    firstname,
    lastname,
    dob,
    email: `${firstname}.${lastname}@volunteer.demo.test`.toLowerCase(),
    city: 'Northfield',
    state: 'IL',
    zipcode: '60093',
  });
  await createRegistration(db, north, { ...person('Penny', 'Pendingham', '1984-06-12'), note: 'Library helper' });
  await createRegistration(db, north, {
    ...person('Quinn', 'Queueson', '1990-02-27'),
    ddStatus: 1,
    ddProvider: 'demo',
  });
  await createRegistration(db, north, {
    ...person('Abby', 'Approvesky', '1978-09-03'),
    approved: true,
    expDate: addYears(today, 1),
    note: 'Tuesday lunch aide',
  });
  await createRegistration(db, north, {
    ...person('Nate', 'Northhighonly', '1982-12-19'),
    approved: true,
    expDate: addDays(today, 20),
    buildingIds: [ids.northHighId],
  });
  await createRegistration(db, north, { ...person('Dennis', 'Deniedman', '1975-01-30'), approved: false });
  await createRegistration(db, north, {
    ...person('Ezra', 'Expiredson', '1988-04-08'),
    approved: true,
    expDate: addDays(today, -45),
  });
  await createRegistration(db, north, { ...person('Rita', 'Reviewer', '1993-07-21'), underReview: true });
  await createRegistration(db, south, { ...person('Sally', 'Southpending', '1986-03-05'), city: 'Carbondale' });
  await createRegistration(db, south, {
    ...person('Sid', 'Southapproved', '1980-10-10'),
    city: 'Carbondale',
    approved: true,
    expDate: addYears(today, 1),
  });
}

/**
 * Demo SafeVendor companies and vendors (spec 001 §2, §3; ADR 0014) so the SafeVendor screens are
 * not empty on first start: two active North companies and an inactive one (the active-only
 * toggle hides it), one South company, and a North vendor in each
 * status-icon state — submitted, approved, printed, denied, expired. Fictitious names; dates are
 * relative to the seeding day. No company is in arrest watch.
 */
export async function seedDemoVendors(db: Db, ids: { northId: number; southId: number }, now = new Date()) {
  const today = localDateOf(now, 'America/Chicago');
  const acme = await createVendorCompany(db, ids.northId, { name: 'Acme Catering', code: 'acme-catering' });
  const bright = await createVendorCompany(db, ids.northId, { name: 'Bright Electric', code: 'bright-electric' });
  await createVendorCompany(db, ids.northId, { name: 'Old Copier Service', code: 'old-copier', isActive: false });
  const valley = await createVendorCompany(db, ids.southId, { name: 'Valley Plumbing', code: 'valley-plumbing' });
  const person = (firstname: string, lastname: string, dob: string) => ({
    firstname,
    lastname,
    dob,
    email: `${firstname}.${lastname}@vendor.demo.test`.toLowerCase(),
    city: 'Northfield',
    state: 'IL',
    zipcode: '60093',
  });
  await createVendorRegistration(db, acme, {
    ...person('Vinny', 'Vendorpending', '1981-05-14'),
    ddStatus: 1,
    ddProvider: 'demo',
  });
  await createVendorRegistration(db, acme, {
    ...person('Andy', 'Approvedvendor', '1976-11-02'),
    approved: true,
    expDate: addYears(today, 1),
    note: 'Cafeteria deliveries, Mondays',
  });
  await createVendorRegistration(db, bright, {
    ...person('Petra', 'Printedsky', '1983-08-19'),
    approved: true,
    expDate: addYears(today, 1),
    badgePrintedAt: now,
  });
  await createVendorRegistration(db, bright, { ...person('Dana', 'Deniedvendor', '1979-03-23'), approved: false });
  await createVendorRegistration(db, acme, {
    ...person('Eli', 'Expiredvendor', '1985-01-09'),
    approved: true,
    expDate: addDays(today, -30),
  });
  await createVendorRegistration(db, valley, { ...person('Sam', 'Southvendor', '1987-07-07'), city: 'Carbondale' });
}
