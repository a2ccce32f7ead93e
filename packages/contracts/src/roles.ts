/**
 * Roles (spec 000 §1, §6). Kiosk accounts are a fourth role bound to one building
 * (ADR 0004): they reach kiosk functions only.
 */
export const ROLE = { Admin: 1, ClientAdmin: 2, Attendant: 3, Kiosk: 4 } as const;
export type TRoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS = [1, 2, 3, 4] as const;

export const ROLE_NAMES: Record<TRoleId, string> = {
  1: 'Admin',
  2: 'Client Admin',
  3: 'Attendant',
  4: 'Kiosk',
};

/** The actor of every request, built on the server from the session only (security guide). */
export interface TActor {
  userId: number;
  roleId: TRoleId;
  clientId: number | null;
  buildingId: number | null;
  /** Set while an admin acts as another user. */
  impersonatorId: number | null;
}
