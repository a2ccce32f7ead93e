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
