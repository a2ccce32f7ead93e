export { HOLD_TO_CONFIRM_MS, HoldToConfirm } from './hold-to-confirm';
