import { z } from 'zod';
import { cleanPersonName, PERSON_NAME_MESSAGES, personNameProblem } from '@sv/domain/identity';
import { pageQuery, pageResponse, ZId, ZIdText, ZString, versionField, ZListSearch } from './common';

/**
 * Users (spec 000 §2 Users screen, §3 User / UserProfile, §5 "only admins can add
 * administrators; non-admins creating users get their own client").
 */

/** spec 000 §2 `/user/{list?}`: 'clientadmin' = Administrators, 'attendant' = Attendants, otherwise all. */
export const USER_LISTS = ['all', 'clientadmin', 'attendant'] as const;
export const ZUserList = z.enum(USER_LISTS);
export type TUserList = z.infer<typeof ZUserList>;

export const USER_SORTS = ['name', 'email', 'role', 'client', 'building', 'active'] as const;

const boolParam = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');

export const ZUsersQuery = pageQuery(USER_SORTS, 'name').extend({
  /** issue 25: server-side search (POST …/search body) */
  q: ZListSearch,
  list: ZUserList.default('all'),
  activeOnly: boolParam.default(true),
  /** admins only; ignored (scope applies) for everyone else */
  clientId: ZIdText.optional(),
});
export type TUsersQuery = z.input<typeof ZUsersQuery>;

export const ZRoleId = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleId: ZRoleId,
  roleName: z.string(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  buildingId: z.number().int().nullable(),
  buildingName: z.string().nullable(),
  homepage: z.string(),
  active: z.boolean(),
  elevatedReports: z.boolean(),
  scanWithCamera: z.boolean(),
  /** whether the user has set a password (otherwise the row menu offers an activation e-mail) */
  activated: z.boolean(),
  /** issue 23 §4: send it back with an edit */
  version: z.number().int(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUsersResponse = pageResponse(ZUser);
export type TUsersResponse = z.infer<typeof ZUsersResponse>;

/** Homepage: an app route, never a full URL (no open redirect after sign-in). */
const ZHomepage = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/(?!\/)[A-Za-z0-9/_-]*$/, 'Use an app path such as /log')
  .default('/');

const userSaveFields = z.object({
  /**
   * issue 22: a person's name (cleaned, the one person-name rule); a kiosk account's name is the
   * device's ("Lobby Kiosk 2"), so only line breaks and invisible characters are refused there.
   */
  name: ZString.refine((raw) => !/[\p{Cc}\u2028\u2029]/u.test(raw), PERSON_NAME_MESSAGES.characters)
    .transform((raw) => cleanPersonName(raw))
    .pipe(z.string().min(1, 'Enter a name').max(200, 'Use at most 200 characters')),
  email: ZString.trim().toLowerCase().email('Enter a valid email').max(254),
  roleId: ZRoleId,
  /** admins choose; client admins get their own client (a different one answers 404) */
  clientId: ZId.nullable().default(null),
  /** attendants and kiosk accounts need a building of that client */
  buildingId: ZId.nullable().default(null),
  homepage: ZHomepage,
  active: z.boolean().default(true),
  elevatedReports: z.boolean().default(false),
  scanWithCamera: z.boolean().default(false),
});
const userRules = (v: z.output<typeof userSaveFields>, ctx: z.RefinementCtx) => {
  if (v.roleId === 4) return;
  const problem = personNameProblem(v.name);
  if (problem) ctx.addIssue({ code: 'custom', path: ['name'], message: problem });
};
export const ZUserSave = userSaveFields.superRefine(userRules);
export type TUserSave = z.input<typeof ZUserSave>;
/** PUT /api/users/:id: the form and the version it started from (issue 23 §4). */
export const ZUserUpdate = userSaveFields.extend(versionField).superRefine(userRules);
export type TUserUpdate = z.input<typeof ZUserUpdate>;

export const ZUserResponse = z.object({ user: ZUser });

export const ZAttendantsQuery = z.object({ buildingId: ZIdText.optional() });
/** spec 000 §7 GET /UserData/DropDownList/: the attendant list in 'results'. */
export const ZAttendantsResponse = z.object({
  results: z.array(z.object({ id: z.number().int(), name: z.string(), buildingId: z.number().int().nullable() })),
});
export type TAttendantsResponse = z.infer<typeof ZAttendantsResponse>;

/** Clients and buildings the user form may choose from (in the actor's scope). */
export const ZUserFormOptions = z.object({
  clients: z.array(z.object({ id: z.number().int(), name: z.string() })),
  buildings: z.array(
    z.object({ id: z.number().int(), clientId: z.number().int(), name: z.string(), active: z.boolean() }),
  ),
});
export type TUserFormOptions = z.infer<typeof ZUserFormOptions>;
