/**
 * The local identity provider of the browser tests (issue 2 §3: Microsoft sign-in tested end to
 * end against a local OIDC provider). Each worker starts its own provider with these settings next
 * to its own server (e2e/server.ts, ADR 0033); the issuer and the app's URL are the worker's
 * (`e2eServer.oidc.issuer`, `e2eServer.url`).
 */
export const OIDC = {
  clientId: 'safevisitor-e2e',
  clientSecret: 'e2e-only-client-secret-0123456789abcdef',
  /** the tenant an administrator approved for one-time linking by e-mail (OIDC_LINK_TENANTS) */
  tenantId: '7f0e1c2a-e2e0-4a4a-9d9d-000000000001',
  /** a Microsoft account of the approved tenant whose e-mail matches the demo attendant of Lincoln Elementary */
  account: {
    sub: 'ms-lina',
    email: 'desk.lincoln@demo.test',
    oid: '3d2b9a80-e2e0-4b4b-8c8c-000000000002',
    name: 'Lina Desk (Microsoft)',
  },
  /**
   * A district's own provider (issue 30, ADR 0052): the same local provider with a second client,
   * which the district administrator registers on the district's sign-in settings; its account is
   * the demo attendant of North High (linked by e-mail on the first district sign-in).
   */
  district: {
    clientId: 'north-county-district-e2e',
    clientSecret: 'e2e-only-district-secret-0123456789abcdef',
    account: { sub: 'district-hank', email: 'desk.northhigh@demo.test', name: 'Hank Desk (district)' },
  },
};
