import { addCatalogue } from '../../lib/i18n';

/** Strings of the print path (spec 002 §4 Badge printing; issue 23 §7 Browser Print). */
addCatalogue('en', {
  printing: {
    browserSent: 'Sent to {{printer}} through Zebra Browser Print.',
    windowOpened: 'The badge opened in the print window.',
    popupBlocked: 'The print window was blocked: allow pop-ups for this site, then print again.',
    fallback: '{{reason}} {{window}}',
    browser: {
      unreachable:
        'Zebra Browser Print is not running on this computer (or its certificate is not trusted yet), so the label printer could not be reached.',
      noPrinter: 'Zebra Browser Print is running but has no default printer: choose one in Browser Print.',
      refused: 'The label printer did not take the badge through Browser Print.',
    },
  },
});
