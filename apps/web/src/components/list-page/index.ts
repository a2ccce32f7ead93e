export {
  ListAddButton,
  type ListPageProps,
  type ListQuery,
  type ListTable,
  ListPage,
  loadFailureLog,
  loadFailureText,
  useListState,
} from './list-page';
export { BulkBar, useRowSelection } from './row-selection';
export { BulkActiveBar, type BulkActiveKind } from './bulk-active';
