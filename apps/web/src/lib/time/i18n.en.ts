import { addCatalogue, addLanguageLoader } from '../i18n';

/** Strings of the one date-of-birth field (dob-input.tsx, issue 24 §2): they load with the field. */
addCatalogue('en', {
  dob: {
    label: 'Date of birth',
    future: 'The date of birth must be before today.',
    invalid: 'Enter a complete date as mm/dd/yyyy.',
    notADate: 'There is no such day: check the month and the day.',
    openCalendar: 'Open calendar',
  },
});

// the other visitor languages load on demand (issue 29 §1, ADR 0054)
addLanguageLoader((lng) => import(`./i18n.${lng}.ts`));
