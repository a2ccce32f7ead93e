import type { TableState } from '../data-table/use-table-state';

/** The filters every administration list keeps in the URL (spec 000 §2, §4): active only, on by default; the district. */
export const LIST_FILTERS = { activeOnly: 'true', clientId: '' };
export type ListFilterState = TableState<typeof LIST_FILTERS>;

export interface District {
  id: number;
  name: string;
}

/**
 * What the filters ask of the server: active only, and the district when the viewer may choose
 * one (admins, spec 000 §6); everyone else's lists are their own district's.
 */
export function listFilterQuery(table: ListFilterState, chooseDistrict: boolean) {
  return {
    activeOnly: table.filters.activeOnly === 'true',
    clientId: chooseDistrict && table.filters.clientId ? Number(table.filters.clientId) : undefined,
  };
}
