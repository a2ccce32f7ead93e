import { describe, expect, it } from 'vitest';
import type { ListFilterState } from './list-filter-query';
import { LIST_FILTERS, listFilterQuery } from './list-filter-query';

const table = (filters: Partial<typeof LIST_FILTERS>) =>
  ({ filters: { ...LIST_FILTERS, ...filters } }) as unknown as ListFilterState;

describe('administration list filters (spec 000 §2, §4, §6)', () => {
  it('active only by default, every district', () => {
    expect(listFilterQuery(table({}), true)).toEqual({ activeOnly: true, clientId: undefined });
  });

  it('an admin’s district filter goes to the server', () => {
    expect(listFilterQuery(table({ clientId: '7', activeOnly: 'false' }), true)).toEqual({
      activeOnly: false,
      clientId: 7,
    });
  });

  it('a district in the URL of someone who may not choose one is ignored (their own district applies)', () => {
    expect(listFilterQuery(table({ clientId: '7' }), false)).toEqual({ activeOnly: true, clientId: undefined });
  });
});
