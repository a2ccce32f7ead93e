import { addCatalogue } from '../../lib/i18n';

/** Strings of the arrest alert dialog (spec 001 §2 "arrest alert", §4; issue 11). */
addCatalogue('en', {
  arrestAlert: {
    title: 'Arrest alert',
    loading: 'Loading the alert…',
    loadFailed: 'The arrest alert could not be loaded.',
    registration: 'Registration',
    confidence: 'Confidence',
    found: 'Found',
    why: 'Why it matched',
    registryRecord: 'What the registry says',
    name: 'Name',
    dob: 'Date of birth',
    address: 'Address',
    jurisdiction: 'Registry',
    absconder: 'Listed as an absconder',
    offenderLink: 'Registry record',
    suspended:
      'The registration is suspended: its badge is refused at the desk and kiosk until this alert is reviewed.',
    status: {
      open: 'Open: not reviewed yet',
      cleared: 'Cleared: not this person',
      confirmed: 'Confirmed by an administrator',
    },
    reviewed: 'Reviewed {{at}}',
    note: 'Review note',
    notePlaceholder: 'Why: e.g. a different date of birth, a different middle name',
    clear: 'Not this person: clear',
    confirm: 'Same person: confirm',
    cleared: 'The alert was cleared.',
    confirmed: 'The alert was confirmed; the registration stays suspended.',
    print: 'Print',
    close: 'Close',
  },
});
