import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n/index';
import { fakeApi } from '../../test/fake-api';
import { session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ContactModal } from './contact-modal';
import './i18n.en';

/**
 * ADR 0039 (issue 25, audit 000 U8): the confidence levels of a contact are set by administrators
 * and by users with Elevated reports (spec 000 §6 "elevatedReports is a per-user flag used in the
 * contact editor"); a user without the flag is told where they are instead of finding nothing.
 */
const t = (key: string) => i18n.t(key);

function open(who: ReturnType<typeof session>) {
  fakeApi()
    .on('GET', /^\/api\/buildings\/lookup/, { data: [] })
    .on('GET', /^\/api\/clients\/lookup/, { data: [] });
  renderWithProviders(<ContactModal target="new" onClose={() => undefined} />, { session: who });
}

describe('the contact editor and the confidence levels', () => {
  it('a user without Elevated reports is told who sets the levels', async () => {
    open(session('attendant'));
    expect(await screen.findByTestId('levels-hidden-note')).toHaveTextContent(t('contacts.levelsHidden'));
    expect(screen.queryByText(t('contacts.field.confidenceLevelNotification'))).not.toBeInTheDocument();
  });

  it('a user with Elevated reports sets them', async () => {
    const who = session('attendant');
    who.user.elevatedReports = true;
    open(who);
    expect(await screen.findByText(t('contacts.field.confidenceLevelNotification'))).toBeInTheDocument();
    expect(screen.queryByTestId('levels-hidden-note')).not.toBeInTheDocument();
  });
});

describe('the contact editor wording (audit 000 U11)', () => {
  it('says once that an e-mail address or a mobile number is needed', async () => {
    open(session('admin'));
    expect(await screen.findAllByText(t('contacts.reachHelp'))).toHaveLength(1);
  });
});
