import { addCatalogue } from '../../lib/i18n';

/** Strings of the visitor-wording screen (issue 29 §1; ADR 0054). */
export const visitorWordingEn = {
  visitorWording: {
    title: 'Visitor Wording',
    intro:
      "How your kiosks and public forms read, in each of the six languages visitors can choose. Write your district's own wording where SafeVisitor's does not fit (health questions, instructions); empty it to go back to SafeVisitor's.",
    pickDistrict: 'Choose the district whose wording to change.',
    language: 'Language',
    screen: 'Screen',
    screens: {
      kiosk: 'Kiosk',
      publicRegistration: 'Public registration form',
      arrive: 'Arrival page',
      dob: 'Date of birth field',
    },
    search: 'Search the wording',
    onlyChanged: "Only your district's wording",
    caption: 'Visitor wording',
    where: 'Where',
    product: "SafeVisitor's wording",
    yours: "Your district's wording",
    yoursLabel: "Your district's wording of {{key}}",
    reset: "Use SafeVisitor's",
    save: 'Save changes ({{count}})',
    discard: 'Discard changes',
    saved: 'The wording is saved. Kiosks show it within a minute.',
    stale:
      'Someone else changed this wording while you were editing. Nothing was saved; the wording now shows what they saved.',
    failed: 'The wording could not be saved. Try again.',
    none: 'No wording matches.',
    shown: '{{shown}} of {{count}}',
    customised: 'Yours',
    more: 'Show {{count}} more',
    placeholders: 'Keep {{names}} as written: the screen puts the visitor’s details there.',
  },
};
addCatalogue('en', visitorWordingEn);
