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
