import { MESSAGES } from '@sv/contracts';
import { addCatalogue } from '../../lib/i18n';

/** Strings of the scan modal and the camera scan (spec 002 §2 Modals, §4 Scan flow). */
addCatalogue('en', {
  scan: {
    titleIn: 'Check in: scan a badge or licence',
    titleOut: 'Check out: scan a badge or licence',
    titleNew: 'Scan a licence',
    registrationRefused: '{{name}} ({{type}}) cannot be checked in with this badge',
    passRefused: 'This visitor pass cannot be used',
    idle: 'Ready to scan',
    idleHint: 'Scan the badge or the back of the driver’s licence now.',
    reading: 'Reading scan…',
    readingCount_one: '{{count}} character received',
    readingCount_other: '{{count}} characters received',
    searching: MESSAGES.searching,
    noData: 'No matching visitor was found for this scan.',
    notIn: '{{names}} is not checked in here, so there is nothing to check out.',
    notInHint: 'Check the dashboard’s list of people on site, or scan another badge.',
    noDataHint: 'Scan again, type the badge code below, or search by name on the dashboard.',
    multiple: 'More than one visitor matches this scan. Search by name on the dashboard instead.',
    failed: 'The scan could not be checked. Try again.',
    retry: 'Scan again',
    checkedOut_one: 'Checked out: {{names}}',
    checkedOut_other: 'Checked out {{count}} visitors: {{names}}',
    manualLabel: 'Badge code or licence number',
    manualDescription: 'Type it when the scanner cannot read the card.',
    manualSubmit: 'Find',
    scanArea: 'Scanner input area. Scan now; keystrokes from the scanner are captured here.',
    useCamera: 'Scan with camera',
    hideCamera: 'Hide camera',
  },
  camera: {
    starting: 'Starting camera…',
    pointAt: 'Hold the badge, or the barcode on the back of the licence, inside the frame.',
    denied: 'Camera access was denied. Allow the camera for this site in the browser, or use the scanner.',
    none: 'No camera was found. Use the scanner or type the code.',
    failed: 'The camera could not be started. Use the scanner or type the code.',
    decoderFailed: 'The barcode reader could not be loaded. Use the scanner or type the code.',
    preview: 'Camera preview',
  },
});
