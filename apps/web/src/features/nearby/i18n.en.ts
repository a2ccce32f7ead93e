import { addCatalogue, addLanguageLoader } from '../../lib/i18n';

// the arrival page of a registered volunteer or vendor (ADR 0017)
export const arriveEn = {
  arrive: {
    title: "I'm arriving",
    intro:
      "Let the school's front desk know you are nearby. Your phone's position is sent once, only when you tap the button, and is used only to tell whether you are near one of your schools.",
    consent: 'I agree to share my current position for this arrival.',
    button: "I'm arriving",
    locating: 'Finding your position…',
    nearby: 'Thank you. The front desk at {{buildings}} knows you are arriving.',
    notNearby: 'You are not near one of your schools yet. Try again when you are closer.',
    denied: 'Your phone did not share its position. Allow location access for this page and try again.',
    unavailable: 'Your position could not be found. Try again in a moment.',
    unsupported: 'This browser cannot share its position.',
    failed: 'Something went wrong. Please try again.',
  },
};
addCatalogue('en', arriveEn);

// the other visitor languages load on demand (issue 29 §1, ADR 0054)
addLanguageLoader((lng) => import(`./i18n.${lng}.ts`));
