import { ZVisitorMatch } from '@sv/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { BUILDING_ID, session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { VisitorSearch } from './visitor-search';
import './i18n.en';

/** Audit 002 desk §3.4: the search list says who is on the exclusion list, in words. */
describe('visitor search list', () => {
  it('flags a person on the exclusion list and not their namesake', async () => {
    const api = fakeApi();
    const match = (id: number, dob: string, onExclusionList: boolean) =>
      ZVisitorMatch.parse({
        id,
        firstname: 'Marlow',
        middlename: '',
        lastname: 'Quill',
        dob,
        city: '',
        state: '',
        photoFileId: null,
        openVisit: null,
        onExclusionList,
      });
    api.on('POST', '/api/visitors/search', { data: [match(1, '1971-05-06', true), match(2, '1992-09-10', false)] });
    const { user } = renderWithProviders(<VisitorSearch buildingId={BUILDING_ID} timeZone="America/Chicago" />, {
      session: session('attendant'),
    });
    await user.type(screen.getByTestId('visitor-search'), 'Quill');
    const excluded = await screen.findByRole('option', { name: /05\/06\/1971/ });
    expect(excluded).toHaveTextContent('On exclusion list');
    expect(screen.getByRole('option', { name: /09\/10\/1992/ })).not.toHaveTextContent('On exclusion list');
    expect(screen.getAllByTestId('search-excluded')).toHaveLength(1);
  });
});
