export { BadgePrintDialog, type BadgePrintDialogProps, type BadgePrintWording } from './badge-print-dialog';
