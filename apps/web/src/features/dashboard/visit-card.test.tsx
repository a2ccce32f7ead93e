import type { TVisitSummary } from '@sv/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { BUILDING_ID, session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { VisitCard } from './visit-card';
import './i18n.en';

const visit = (over: Partial<TVisitSummary> = {}): TVisitSummary => ({
  id: 31,
  visitorId: 7,
  visitorName: 'Jordan Rivers',
  visitorType: 'visitor',
  buildingId: BUILDING_ID,
  buildingName: 'Lincoln High',
  checkIn: '2026-11-27T15:00:00.000Z',
  checkOut: null,
  reason: 'Meeting',
  personVisiting: 'Ms. Patel',
  photoFileId: null,
  checkedInByName: 'Avery Attendant',
  badge: null,
  ...over,
});

function show(v: TVisitSummary) {
  renderWithProviders(
    <VisitCard
      visit={v}
      timeZone="America/Chicago"
      today="2026-11-27"
      onCheckOut={() => {}}
      onPrint={() => {}}
      checkingOut={false}
    />,
    { session: session('attendant') },
  );
}

/**
 * An on-site card of someone admitted after a possible match was cleared says so (issue 25, audit
 * 002-desk usability 1b: "people admitted after a cleared match carry no mark").
 */
describe('on-site visit card', () => {
  it('marks a person admitted after a cleared match', () => {
    show(visit({ clearedFindings: 1 }));
    expect(screen.getByTestId('visit-cleared')).toHaveTextContent(i18n.t('dashboard.cleared', { count: 1 }));
    expect(screen.getByTestId('visit-cleared')).toHaveTextContent('Match cleared');
  });

  it('no mark when nothing was cleared', () => {
    show(visit({ clearedFindings: 0 }));
    expect(screen.queryByTestId('visit-cleared')).toBeNull();
  });
});
