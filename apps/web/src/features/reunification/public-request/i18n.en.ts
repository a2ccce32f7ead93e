import { addCatalogue, addLanguageLoader } from '../../../lib/i18n';

/** The public pre-request page of a reunification (issue 27 §3) in English; its other languages beside it (issue 29 §1). */
addCatalogue('en', {
  reunifyPublic: {
    title: 'Student reunification',
    intro:
      '{{building}} ({{district}}) is reuniting students with their families. Tell us who you are and which children you are picking up. Staff will check your photo ID before any child is released.',
    adultFirst: 'Your first name',
    adultLast: 'Your last name',
    phone: 'Mobile phone (optional)',
    child: 'Child {{n}}',
    childFirst: 'First name',
    childLast: 'Last name',
    addChild: 'Add another child',
    removeChild: 'Remove',
    submit: 'Send my request',
    done: 'Your request was received. Bring a photo ID to the reunification area; staff will call your name.',
    closed: 'This reunification link is no longer open. Please contact the school.',
    rateLimited: 'Too many requests from your connection. Please wait 10 minutes and try again.',
    failed: 'Something went wrong. Check your connection and try again.',
    loading: 'Loading…',
    required: 'Required',
  },
});

// the other visitor languages load on demand (issue 29 §1, ADR 0054)
addLanguageLoader((lng) => import(`./i18n.${lng}.ts`));
