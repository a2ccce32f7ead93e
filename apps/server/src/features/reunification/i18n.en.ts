/**
 * The message that sends families the reunification pre-request link (issue 27 §3, issue 29 §1).
 * A guardian's language is not on file, so the e-mail carries every visitor language and the SMS
 * a short line in each (reunification.station.ts); the page itself opens in the family's choice.
 * English here; the other languages beside it (i18n.<lng>.ts, ADR 0055), gathered in i18n.ts.
 */
export const reunificationEn = {
  link: {
    subject: 'Student reunification',
    email:
      '{{building}}: student reunification has started. Tell us who you are and which children you are picking up with this link, then bring a photo ID: {{url}}',
    sms: 'Reunification has started: tell us who you are picking up at the link below. Bring a photo ID.',
  },
} as const;
