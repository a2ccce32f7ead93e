/** The host list's sort allow-list (contracts ZHostListQuery) → the hosts table's columns. */
export const HOST_LIST_SORT = { name: 'nameKey', id: 'id' } as const;
