export { type District, LIST_FILTERS, type ListFilterState, listFilterQuery } from './list-filter-query';
export { ListFilters } from './list-filters';
export type { ListSearch } from './list-search';
