import { type TSsoSettings, ZSsoSettings } from '@sv/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { session } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import SsoSettingsPage from './sso-settings-page';
import './i18n.en';

const settings = (over: Partial<TSsoSettings> = {}) =>
  ZSsoSettings.parse({
    clientId: 5,
    clientName: 'Lincoln District',
    slug: 'lincoln',
    kind: 'oidc',
    issuer: 'https://idp.lincoln.example',
    tenant: '',
    oidcClientId: 'safevisitor',
    hasSecret: true,
    enabled: false,
    testedAt: null,
    testedEmail: null,
    requireSso: false,
    breakGlassUserId: null,
    provisioning: 'link',
    defaultRoleId: null,
    defaultBuildingId: null,
    groupRules: [],
    domains: [{ id: 1, domain: 'lincoln.example', verified: false, verifiedAt: null }],
    callbackUrl: 'https://visitors.example/api/auth/sso/callback',
    signInUrl: 'https://visitors.example/login/lincoln',
    scimUrl: 'https://visitors.example/scim/v2/5',
    scimTokenCreatedAt: null,
    pendingCount: 0,
    administrators: [{ id: 9, name: 'Ada Admin', email: 'ada@lincoln.example' }],
    buildings: [{ id: 3, name: 'Lincoln High' }],
    version: 4,
    ...over,
  });

const open = (data: TSsoSettings) => {
  const api = fakeApi().on('GET', '/api/sso/settings?clientId=5', data);
  renderWithProviders(<SsoSettingsPage />, {
    path: '/client/sso/:id',
    route: '/client/sso/5',
    session: session('admin'),
  });
  return api;
};

/** Issue 30 §1: a provider is switched on only after a test sign-in of the saved settings. */
describe('district sign-in settings', () => {
  it('keeps the switch off until tested, and tests only saved settings', async () => {
    open(settings());
    const toggle = await screen.findByRole('switch', { name: /Switched on/ });
    expect(toggle).toBeDisabled();
    const test = screen.getByRole('link', { name: 'Test sign-in' });
    expect(test).toHaveAttribute('href', '/api/sso/test/start?clientId=5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Client ID' }), '-2');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Test sign-in' })).not.toBeInTheDocument());
    expect(screen.getByText('Save your changes before testing them.')).toBeInTheDocument();
  });

  it('shows a tested configuration and sends the saved version with the change', async () => {
    const api = open(settings({ testedAt: '2026-11-29T14:00:00.000Z', testedEmail: 'ada@lincoln.example' }));
    api.on('PUT', '/api/sso/settings', settings({ enabled: true, testedAt: '2026-11-29T14:00:00.000Z', version: 5 }));
    const toggle = await screen.findByRole('switch', { name: /Switched on/ });
    expect(toggle).toBeEnabled();
    expect(screen.getByTestId('sso-test-status')).toHaveTextContent('as ada@lincoln.example');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save sign-in settings' }));
    await waitFor(() => expect(api.calls('PUT', '/api/sso/settings')).toHaveLength(1));
    expect(api.calls('PUT', '/api/sso/settings')[0]!.body).toMatchObject({
      clientId: 5,
      enabled: true,
      version: 4,
      domains: ['lincoln.example'],
    });
    // the saved secret is never sent back: blank keeps it
    expect(api.calls('PUT', '/api/sso/settings')[0]!.body).not.toHaveProperty('clientSecret');
  });
});
