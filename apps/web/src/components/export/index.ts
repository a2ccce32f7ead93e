export { ExportButton, ExportDialog, type ExportDialogProps, exportColumnsQuery } from './export-dialog';
export { type ExportFormat, type ExportParams, exportUrl } from './export-url';
export { downloadPostedExport } from './export-download';
