export { ImportDialog, type ImportDialogProps, type ImportState } from './import-dialog';
export { interpret, type UploadOutcome, uploadImport } from './upload';
