/**
 * The fixed words of what the server prints for a visitor (issue 29 §1): a visit's or
 * registration's badge, and the tardy slip. The English; the other visitor languages beside it
 * (i18n.<lng>.ts, ADR 0055), gathered in i18n.ts. Values ({{name}}, {{time}}) print as written.
 */
export const printingEn = {
  badge: {
    /** a visit badge's band: the visitor type (contracts VISITOR_TYPES) */
    types: {
      visitor: 'Visitor',
      volunteer: 'Volunteer',
      vendor: 'Vendor',
      student: 'Student',
      responder: 'Responder',
    },
    visiting: 'Visiting: {{name}}',
    checkedIn: 'In: {{time}}',
    expires: 'Expires: {{time}}',
    noExpiry: 'No expiration date',
  },
  tardy: {
    title: 'TARDY SLIP',
    arrived: 'Arrived',
    reason: 'Reason',
    excused: 'Excused',
    yes: 'Yes - excused',
    no: 'No - unexcused',
    recordedBy: 'Recorded by',
  },
} as const;
