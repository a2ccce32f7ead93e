import { MESSAGES } from '@sv/contracts';
import { addCatalogue } from '../../lib/i18n';

/** Strings of the visitor search results screen (spec 000 §2 /visitors/search/{text}). */
addCatalogue('en', {
  visitorSearch: {
    title: 'Visitors matching “{{text}}”',
    intro: 'Open a visitor to run their background check and check them in, or check out a visitor who is in.',
    searching: MESSAGES.searching,
    noResults: MESSAGES.noResults,
    createNewVisitor: MESSAGES.createNewVisitor,
    chooseBuilding: 'Choose the building you are at to search its district’s visitors.',
    results_one: '{{count}} visitor found',
    results_other: '{{count}} visitors found',
    checkedIn: 'Checked in',
    open: 'Open {{name}}',
    openLabel: 'Open',
    checkOut: 'Check out {{name}}',
    checkOutLabel: 'Check out',
    born: 'Born {{date}}',
    noDob: 'No date of birth',
    licence: 'Licence …{{last4}}',
    lastVisit: 'Last visit {{date}}',
    neverVisited: 'Never visited',
  },
});
