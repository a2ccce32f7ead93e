/**
 * What the visitor reads in a pass's e-mail, SMS and calendar file (issue 28 §2, issue 29 §1):
 * the English; the other visitor languages beside it (i18n.<lng>.ts, ADR 0055), gathered in i18n.ts.
 */
export const passesEn = {
  email: {
    subject: 'Your visitor pass for {{building}}',
    hello: 'Hello {{firstname}},',
    expected: 'You are expected at {{building}} on {{when}}.',
    expectedHost: 'You are expected at {{building}} on {{when}}, visiting {{host}}.',
    attached:
      'Your visitor pass is the attached QR code (pass.png). When you arrive, scan it at the kiosk or show it at the front office.',
    rules: 'The pass works only at this building and only at the time above. Please bring a photo ID.',
    address: 'Address:',
    instructions: 'Instructions:',
    calendar: 'To add the visit to your calendar, open the attached invitation.ics.',
    cannotCome: 'If you cannot come, please let {{who}} know.',
    code: 'Pass code (if the QR code cannot be scanned): {{token}}',
  },
  sms: '{{district}}: you are expected at {{building}}, {{address}}, on {{when}}. Your visitor pass was e-mailed to you; at the front office you can also give this pass code: {{token}}',
  calendar: {
    title: 'Visit to {{building}}',
    titleHost: 'Visit to {{building}} ({{host}})',
    bring: 'Bring your visitor pass (the QR code in the e-mail) and a photo ID.',
  },
} as const;
