import { z } from 'zod';
import { ZId, ZIdText, ZString, versionField, zText } from './common';
import { ROLE } from './roles';

/**
 * Districts bring their own sign-in (issue 30, ADR 0052): one OpenID Connect provider per district
 * (Microsoft Entra ID, Google Workspace or any OIDC issuer), e-mail domains the district claims and
 * the platform administrator verifies, require-SSO with one break-glass administrator, provisioning
 * of first sign-ins, and SCIM 2.0 with group rules.
 */
export const SSO_KINDS = ['microsoft', 'google', 'oidc'] as const;
export const ZSsoKind = z.enum(SSO_KINDS);
export type TSsoKind = z.infer<typeof ZSsoKind>;
export const SSO_PROVISIONING = ['link', 'create', 'approve'] as const;
export const ZSsoProvisioning = z.enum(SSO_PROVISIONING);
export type TSsoProvisioning = z.infer<typeof ZSsoProvisioning>;

/** The issuer Google Workspace signs with (OpenID Connect discovery at accounts.google.com). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Microsoft Entra ID's v2.0 issuer of one tenant (a tenant id or verified domain). */
export const microsoftIssuer = (tenant: string) => `https://login.microsoftonline.com/${tenant}/v2.0`;

/** Messages of issue 30 (the sign-in page and the district's sign-in settings). */
export const SSO_MESSAGES = {
  passwordRefused: 'Your district signs in with single sign-on. Use “Use your district account”.',
  notTested: 'Run a successful test sign-in of this configuration before switching it on.',
  slugTaken: 'Another district uses this sign-in link.',
  domainTaken: 'Another district has this verified domain.',
  domainInvalid: 'Enter a domain such as district.org',
  issuerInvalid: 'Enter the issuer URL (https://…)',
  breakGlassRequired: 'Choose the break-glass administrator before requiring single sign-on.',
  breakGlassInvalid: 'The break-glass administrator must be an active administrator of this district.',
  defaultsRequired: 'Choose the role and building for new users.',
  ssoFailed: 'Sign-in with your district did not complete. Try again or ask your administrator.',
  pending: 'Your sign-in is waiting for an administrator of your district to approve it.',
  noProvider: 'No district sign-in is set up for this address.',
} as const;

const slugText = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/, 'Use 3 to 40 lowercase letters, digits or hyphens');
export const ZDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, SSO_MESSAGES.domainInvalid);

/** A role SSO and SCIM give is district-wide (district administrator) or of one building (attendant). */
export const ssoRoleNeedsBuilding = (roleId: number | null | undefined) => roleId === ROLE.Attendant;

export const ZSsoGroupRule = z.object({
  group: zText(200).min(1, 'Enter the group name'),
  /** district administrator or attendant: SCIM never makes a platform administrator or a kiosk */
  roleId: z.union([z.literal(2), z.literal(3)]),
  buildingId: ZId.nullable(),
});
export type TSsoGroupRule = z.infer<typeof ZSsoGroupRule>;

export const ZSsoQuery = z.object({ clientId: ZIdText.optional() });

export const ZSsoDomain = z.object({
  id: z.number(),
  domain: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
});
export type TSsoDomain = z.infer<typeof ZSsoDomain>;

export const ZSsoSettings = z.object({
  clientId: z.number(),
  clientName: z.string(),
  slug: z.string().nullable(),
  kind: ZSsoKind,
  issuer: z.string(),
  /** the Entra tenant (microsoft) read back from the issuer */
  tenant: z.string(),
  oidcClientId: z.string(),
  hasSecret: z.boolean(),
  enabled: z.boolean(),
  testedAt: z.string().nullable(),
  testedEmail: z.string().nullable(),
  requireSso: z.boolean(),
  breakGlassUserId: z.number().nullable(),
  provisioning: ZSsoProvisioning,
  defaultRoleId: z.number().nullable(),
  defaultBuildingId: z.number().nullable(),
  groupRules: z.array(ZSsoGroupRule),
  domains: z.array(ZSsoDomain),
  /** the redirect URI to register at the provider */
  callbackUrl: z.string(),
  /** the district's sign-in link */
  signInUrl: z.string(),
  scimUrl: z.string(),
  scimTokenCreatedAt: z.string().nullable(),
  pendingCount: z.number(),
  administrators: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
  buildings: z.array(z.object({ id: z.number(), name: z.string() })),
  version: z.number(),
});
export type TSsoSettings = z.infer<typeof ZSsoSettings>;

export const ZSsoSettingsUpdate = z.object({
  clientId: ZId.optional(),
  slug: slugText.nullable(),
  kind: ZSsoKind,
  /** oidc: the issuer URL; microsoft: the tenant id or domain; google: ignored */
  issuer: zText(500),
  oidcClientId: zText(500),
  /** blank keeps the saved secret (write-only) */
  clientSecret: ZString.max(2000).optional(),
  enabled: z.boolean(),
  requireSso: z.boolean(),
  breakGlassUserId: ZId.nullable(),
  provisioning: ZSsoProvisioning,
  defaultRoleId: z.union([z.literal(2), z.literal(3)]).nullable(),
  defaultBuildingId: ZId.nullable(),
  groupRules: z.array(ZSsoGroupRule).max(100),
  domains: z.array(ZDomain).max(20),
  ...versionField,
});
export type TSsoSettingsUpdate = z.input<typeof ZSsoSettingsUpdate>;

export const ZScimTokenRequest = z.object({ clientId: ZId.optional() });
/** the bearer token, shown once (stored hashed) */
export const ZScimTokenResponse = z.object({ token: z.string(), createdAt: z.string() });

export const ZSsoPending = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export const ZSsoPendingList = z.object({ data: z.array(ZSsoPending) });
export type TSsoPending = z.infer<typeof ZSsoPending>;
export const ZSsoDecision = z.object({ clientId: ZId.optional() });

/** POST /api/auth/sso/discover: the sign-in page asks which district signs in this address. */
export const ZSsoDiscoverRequest = z.object({ email: zText(254) });
export const ZSsoDiscoverResponse = z.object({
  district: z.object({ key: z.string(), name: z.string(), kind: ZSsoKind }).nullable(),
});
export type TSsoDiscoverResponse = z.infer<typeof ZSsoDiscoverResponse>;
export const ZSsoDistrictParam = z.object({ district: zText(60).min(1) });
export const ZSsoStartQuery = z.object({ kiosk: z.enum(['0', '1']).default('0') });
export const ZSsoTestStartQuery = z.object({ clientId: ZIdText.optional() });
