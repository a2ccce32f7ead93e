import { z } from 'zod';

export const ZLoginRequest = z.object({
  email: z.string().trim().min(1, 'Enter your email').max(254),
  password: z.string().min(1, 'Enter your password').max(1024),
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
  signedInWith: z.enum(['password', 'microsoft']),
  links: z.array(ZNavLink),
  impersonatedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({ user: ZSessionUser, csrfToken: z.string() });
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZLogoutResponse = z.object({ redirectTo: z.string() });

export const ZPasswordPolicy = z.string().min(8, 'Use at least 8 characters').max(256, 'Use at most 256 characters');

export const ZRequestPasswordEmail = z.object({ email: z.string().trim().email() });
export const ZSetPasswordRequest = z.object({ token: z.string().min(20).max(200), password: ZPasswordPolicy });

export const ZImpersonationSearch = z.object({ search: z.string().trim().min(2).max(100) });
export const ZImpersonationCandidate = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleName: z.string(),
  clientName: z.string().nullable(),
  buildingName: z.string().nullable(),
});
export const ZImpersonationSearchResponse = z.object({ results: z.array(ZImpersonationCandidate) });
export const ZStartImpersonation = z.object({ userId: z.number().int().positive() });
export const ZHomepageResponse = z.object({ homepage: z.string(), csrfToken: z.string() });
