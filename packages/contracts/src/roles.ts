/**
 * Roles (spec 000 §1, §6). Kiosk accounts are a fourth role bound to one building
 * (ADR 0004): they reach kiosk functions only.
 */
export const ROLE = { Admin: 1, ClientAdmin: 2, Attendant: 3, Kiosk: 4 } as const;
export type TRoleId = (typeof ROLE)[keyof typeof ROLE];
export const ROLE_IDS = [1, 2, 3, 4] as const;

/**
 * Where an account of each role works (spec 000 §6; ADR 0004): the platform administrator in no
 * district, a client administrator in one district, attendants and kiosks at one building. Forms
 * that edit an account ask for the district and building its role needs (issue 24 §2).
 */
export const ROLE_SCOPE = {
  1: 'platform',
  2: 'district',
  3: 'building',
  4: 'building',
} as const satisfies Record<TRoleId, 'platform' | 'district' | 'building'>;

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
  /**
   * Set when the request authenticated with an API key (issue 28 §5, ADR 0051): the key's id and
   * the permissions it holds. `can()` allows an action only when the role has it AND the key names it.
   */
  apiKey?: { id: number; permissions: readonly string[] } | null;
}
