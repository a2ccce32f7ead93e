import { describe, expect, it } from 'vitest';
import type { BadgeContent } from '../../integrations/printing/badge-content';
import { layoutBadge, visitBadgeFace } from '../../integrations/printing/badge-layout';
import { buildBadgeZpl } from '../../integrations/printing/zpl-badge';
import {
  buildRegistrationBadgesZpl,
  type RegistrationBadgeContent,
  registrationBadgeFace,
} from './registrations.badge';

/**
 * Issue 24 §2 ("one badge layout shared by visit, registration and vendor badges"): a
 * registration badge is a face of the visit badge's layout, not a second drawing of it.
 */
const visit: BadgeContent = {
  visitorName: 'Jordan Printwell',
  visitorType: 'Volunteer',
  buildingName: 'North High',
  checkedInAt: '05/01/2026 08:15 AM',
  personVisiting: 'Front office',
  expires: '05/01/2026 04:00 PM',
  badgeCode: 'V12345',
  photo: null,
};
const registration: RegistrationBadgeContent = {
  districtName: 'North High',
  registrationType: 'Volunteer',
  name: 'Jordan Printwell',
  expires: '',
  badgeCode: 'V12345',
  photo: null,
};

/** Each ZPL field's position and font (^FO…^A0N…), with its data left out. */
const zplPositions = (zpl: string) =>
  zpl
    .split('\n')
    .filter((l) => l.startsWith('^FO'))
    .map((l) => l.replace(/\^FD.*$/, ''));

describe('one badge layout (issue 24 §2)', () => {
  it('places the same fields of a visit and a registration badge at the same positions', () => {
    const fromVisit = layoutBadge(visitBadgeFace(visit));
    const fromRegistration = layoutBadge(registrationBadgeFace(registration));
    const placed = (l: typeof fromVisit) => l.texts.map(({ role, pdf, zpl }) => ({ role, pdf, zpl }));
    // a visit badge has three detail lines, a registration badge two: the first two share slots
    expect(placed(fromRegistration)).toEqual(placed(fromVisit).slice(0, fromRegistration.texts.length));
    expect(fromRegistration.barcode).toEqual(fromVisit.barcode);
    expect(fromRegistration.texts.map((t) => t.text)).toEqual([
      'VOLUNTEER',
      'North High',
      'Jordan Printwell',
      'Volunteer',
      'Expires: No expiration date',
    ]);
  });

  it('prints both through the same ZPL renderer: the same label frame and field positions', async () => {
    const visitZpl = await buildBadgeZpl(visit);
    const registrationZpl = await buildRegistrationBadgesZpl([registration]);
    const visitFields = zplPositions(visitZpl);
    const registrationFields = zplPositions(registrationZpl);
    // the visit badge's third line (Expires) is the only field the registration badge lacks
    expect(visitFields.filter((f) => !registrationFields.includes(f))).toEqual(['^FO30,310^A0N,28,28^FH']);
    expect(registrationFields.every((f) => visitFields.includes(f))).toBe(true);
    expect(registrationZpl.split('\n').slice(0, 5)).toEqual(visitZpl.split('\n').slice(0, 5));
    expect(registrationZpl).toContain('^FDExpires: No expiration date^FS');
    expect(registrationZpl).toContain('^FDV12345^FS');
  });

  it('moves the text right of the photo the same way on both badges', () => {
    const photo = new Uint8Array([1]);
    const withPhoto = layoutBadge(registrationBadgeFace({ ...registration, photo: Buffer.from(photo) }));
    const visitWithPhoto = layoutBadge(visitBadgeFace({ ...visit, photo }));
    const name = (l: typeof withPhoto) => l.texts.find((t) => t.role === 'name');
    expect(name(withPhoto)?.pdf.x).toBe(105);
    expect(name(withPhoto)?.zpl).toEqual(name(visitWithPhoto)?.zpl);
    expect(withPhoto.photo?.zpl).toEqual(visitWithPhoto.photo?.zpl);
  });

  it('a registration badge of several registrations is one label each in one job', async () => {
    const zpl = await buildRegistrationBadgesZpl([registration, { ...registration, badgeCode: 'V2' }]);
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl.match(/\^XZ/g)).toHaveLength(2);
  });
});
