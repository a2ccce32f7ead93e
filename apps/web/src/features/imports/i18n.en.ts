import { IMPORT_LIMITS } from '@sv/contracts';
import { addCatalogue } from '../../lib/i18n';

/** Strings of the import dialog and the export dialog (components/import-dialog, components/export). */
addCatalogue('en', {
  imports: {
    chooseFile: 'File to import',
    chooseFilePlaceholder: 'Choose a .csv or .xlsx file',
    limits: `CSV or Excel (.xlsx), up to ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and ${new Intl.NumberFormat('en-US').format(IMPORT_LIMITS.maxRows)} rows. Rows already present are skipped.`,
    sample: 'Sample file:',
    sampleCsv: 'CSV',
    sampleXlsx: 'Excel',
    upload: 'Upload',
    uploading: 'Uploading…',
    processing: 'Checking and importing the rows…',
    progress: 'Upload progress',
    results: 'Results',
    total: 'Rows in file',
    imported: 'Imported',
    duplicates: 'Already present (skipped)',
    rejected: 'Rejected',
    errorFile: 'Download the error file',
    errorFileHint: 'The error file lists the rejected rows with the reason; fix them and upload that file again.',
    another: 'Upload another file',
    undo: 'Undo this import',
    undoHint: 'Possible for 7 days: the import dialog lists the recent imports.',
    recent: 'Recent imports (the last 7 days)',
    recentLine_one: '{{when}} by {{who}}: {{count}} row added',
    recentLine_other: '{{when}} by {{who}}: {{count}} rows added',
    undoTitle: 'Undo this import?',
    undoMessage:
      'The rows this file added are removed again. Rows already in use (a card someone was checked in on) stay.',
    undoCancel: 'Keep the import',
    close: 'Close',
  },
  exports: {
    button: 'Export',
    title: 'Export',
    format: 'Format',
    csv: 'CSV',
    xlsx: 'Excel (.xlsx)',
    columns: 'Columns',
    reset: 'Reset',
    download: 'Download',
    loadingColumns: 'Loading columns…',
  },
});
