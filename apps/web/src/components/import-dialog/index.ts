export { ImportDialog, type ImportDialogProps, ImportResults, type ImportState } from './import-dialog';
export { ListImport } from './list-import';
export { interpret, type UploadOutcome, uploadImport } from './upload';
