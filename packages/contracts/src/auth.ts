import { z } from 'zod';
import { ZId, ZString } from './common';

export const ZLoginRequest = z.object({
  email: ZString.trim().min(1, 'Enter your email').max(254),
  password: ZString.min(1, 'Enter your password').max(1024),
  /**
   * Signing in at /safe/kiosk/login (issue 14; spec 000 §6, 002 §4 Session): only kiosk accounts
   * get a session there; any other role (an Admin in the spec) is refused and stays on the kiosk login.
   */
  kiosk: z.boolean().optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** A navigation link (spec 000 §2 Shell): a hash route, a full URL or an action expression. */
export type TNavLink = {
  key: string;
  label: string;
  /** an app route ('/building'), a full URL, or an action ('action:impersonate') */
  url: string;
  childLinks?: TNavLink[];
};
export const ZNavLink: z.ZodType<TNavLink> = z.lazy(() =>
  z.object({
    key: z.string(),
    label: z.string(),
    url: z.string(),
    childLinks: z.array(ZNavLink).optional(),
  }),
);

export const ZSessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  roleName: z.string(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  buildingTimeZone: z.string().nullable(),
  homepage: z.string(),
  elevatedReports: z.boolean(),
  scanWithCamera: z.boolean(),
  signedInWith: z.enum(['password', 'microsoft', 'sso']),
  links: z.array(ZNavLink),
  impersonatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({
  user: ZSessionUser,
  csrfToken: z.string(),
  /** the demo districts or accounts, with their published password, still exist (issue 23 §1) */
  demoData: z.boolean(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/**
 * POST /api/auth/logout. A kiosk session (issue 25, audit 002 U4: one tap by anyone in the lobby
 * took the kiosk out of service) ends only with the kiosk account's own password, checked on the
 * server and throttled like a sign-in; staff sessions send nothing.
 */
export const ZLogoutRequest = z.object({ password: ZString.max(1024).optional() });
export type TLogoutRequest = z.infer<typeof ZLogoutRequest>;
export const ZLogoutResponse = z.object({ redirectTo: z.string() });

export const ZPasswordPolicy = ZString.min(8, 'Use at least 8 characters').max(256, 'Use at most 256 characters');

export const ZRequestPasswordEmail = z.object({ email: ZString.trim().email().max(254) });
export type TRequestPasswordEmail = z.infer<typeof ZRequestPasswordEmail>;
export const ZSetPasswordRequest = z.object({ token: ZString.min(20).max(200), password: ZPasswordPolicy });
export type TSetPasswordRequest = z.infer<typeof ZSetPasswordRequest>;
/** A message for the person (password e-mail requests, the users screen's "send e-mail" action). */
export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** Which sign-in methods this installation offers (Microsoft when OIDC is configured). */
export const ZAuthProvidersResponse = z.object({ microsoft: z.boolean() });
/** GET /api/auth/microsoft/start: kiosk=1 when started from the kiosk sign-in page (failures return there). */
export const ZMicrosoftStartQuery = z.object({ kiosk: z.enum(['0', '1']).default('0') });
/** The provider's authorization response; read raw by the OIDC client (code, state, iss or error). */
export const ZMicrosoftCallbackQuery = z.looseObject({
  state: ZString.max(512).optional(),
  code: ZString.max(4096).optional(),
  error: ZString.max(512).optional(),
});

export const ZImpersonationSearch = z.object({ search: ZString.trim().min(2).max(100) });
export const ZImpersonationCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleName: z.string(),
  clientName: z.string().nullable(),
  buildingName: z.string().nullable(),
});
export type TImpersonationCandidate = z.infer<typeof ZImpersonationCandidate>;
export const ZImpersonationSearchResponse = z.object({ results: z.array(ZImpersonationCandidate) });
export type TImpersonationSearchResponse = z.infer<typeof ZImpersonationSearchResponse>;
export const ZStartImpersonation = z.object({ userId: ZId });
/** Impersonation start and end answer where to go and the new session's CSRF token (the session is rotated). */
export const ZHomepageResponse = z.object({ homepage: z.string(), csrfToken: z.string() });
export type THomepageResponse = z.infer<typeof ZHomepageResponse>;
