import { ROLE, type TActor, type TRoleId } from './roles';

const { Admin, ClientAdmin, Attendant, Kiosk } = ROLE;

/**
 * The one permission map (architecture guide §5): action → roles allowed.
 * The server enforces it as the first statement of each service method; the web only
 * uses it to hide controls. Scope (client / building) is applied by repositories.
 */
export const PERMISSIONS = {
  // platform
  'session.read': [Admin, ClientAdmin, Attendant, Kiosk],
  'emergency.send': [Admin, ClientAdmin, Attendant],
  'impersonation.start': [Admin],
  /**
   * emergency states (issue 27 §1, ADR 0037): the kiosk reads its building's active state (to show
   * instructions instead of sign-in); staff start one and add notes; only administrators end one
   */
  'emergencyStates.read': [Admin, ClientAdmin, Attendant, Kiosk],
  'emergencyStates.history': [Admin, ClientAdmin, Attendant],
  'emergencyStates.start': [Admin, ClientAdmin, Attendant],
  /** start for chosen buildings or the whole district (staff: their own building only) */
  'emergencyStates.startSeveral': [Admin, ClientAdmin],
  'emergencyStates.note': [Admin, ClientAdmin, Attendant],
  'emergencyStates.end': [Admin, ClientAdmin],
  /** the accountability roster (issue 27 §2, ADR 0042): staff of the building and district administrators read and mark it */
  'emergencyRoster.read': [Admin, ClientAdmin, Attendant],
  'emergencyRoster.mark': [Admin, ClientAdmin, Attendant],
  /** the drills report (issue 27 §4) and the district's required drills per school year */
  'drills.read': [Admin, ClientAdmin, Attendant],
  'drills.manage': [Admin, ClientAdmin],
  /**
   * reunification (issue 27 §3, ADR 0050): a station (read the board, meet an adult, verify,
   * runners, release; start one from an active state of the building, send the link), an
   * administrator's reunification on its own or its end, the after-action report
   */
  'reunification.station': [Admin, ClientAdmin, Attendant],
  'reunification.manage': [Admin, ClientAdmin],
  'reunification.report': [Admin, ClientAdmin, Attendant],
  /** remove the demo districts and accounts before real use (issue 23 §1) */
  'demoData.remove': [Admin],
  'outbox.read': [Admin, ClientAdmin],
  /** the audit console (issue 26 §1): the platform administrator every district's, a district administrator their own */
  'audit.read': [Admin, ClientAdmin],
  /** retention rules, legal holds and retention runs of a district (issue 26 §2, ADR 0047) */
  'retention.manage': [Admin, ClientAdmin],
  /** a district's own wording of the visitor screens, per language (issue 29 §1, ADR 0054) */
  'visitorWording.manage': [Admin, ClientAdmin],
  /** the district's own sign-in provider, SCIM token and pending sign-ins (issue 30, ADR 0052) */
  'sso.manage': [Admin, ClientAdmin],
  /** a district's claim of an e-mail domain is verified by the platform (issue 30 §1) */
  'sso.verifyDomains': [Admin],
  /** a person's records on request: read, export as one archive, erase (issue 26 §3, ADR 0048) */
  'personRecords.manage': [Admin, ClientAdmin],
  /** send a failed (dead-letter) message again (issue 23 §3) */
  'outbox.retry': [Admin, ClientAdmin],
  /** the platform administrator's Tools menu: the system settings modal and the API documentation link (spec 000 §2) */
  'platformTools.use': [Admin],
  /** the help modal (spec 000 §2 Modals): staff; a kiosk has no menu */
  'help.read': [Admin, ClientAdmin, Attendant],
  'states.read': [Admin, ClientAdmin, Attendant, Kiosk],
  // administration (spec 000)
  'clients.read': [Admin, ClientAdmin, Attendant],
  'clients.manage': [Admin],
  /**
   * works in every district (spec 000 §6: the platform administrator belongs to none): lists show
   * and filter by district, forms choose the district; everyone else works in their own (issue 24 §2)
   */
  'clients.crossDistrict': [Admin],
  'clientSettings.read': [Admin, ClientAdmin, Attendant, Kiosk],
  'clientSettings.manage': [Admin, ClientAdmin],
  'backgroundSettings.manage': [Admin, ClientAdmin],
  'systemSettings.manage': [Admin, ClientAdmin],
  'studentReasons.manage': [Admin, ClientAdmin],
  /** the pickup and drop-off reasons the desk and kiosk offer (spec 002 §3) */
  'studentReasons.read': [Admin, ClientAdmin, Attendant, Kiosk],
  'buildings.read': [Admin, ClientAdmin, Attendant, Kiosk],
  'buildings.manage': [Admin, ClientAdmin],
  /** registration types of a client (spec 001 §2): admins any client's, client admins their own */
  'regTypes.read': [Admin, ClientAdmin],
  'regTypes.manage': [Admin, ClientAdmin],
  /** registrations (spec 001 §2): attendants read the list without the action menu */
  'registrations.read': [Admin, ClientAdmin, Attendant],
  'registrations.manage': [Admin, ClientAdmin],
  'registrations.invite': [Admin, ClientAdmin],
  /**
   * SafeVendor (spec 001 §2, §6; ADR 0014): attendants read the list without the Actions menu;
   * client administrators manage their own district's vendors and companies like its volunteers.
   */
  'safeVendor.read': [Admin, ClientAdmin, Attendant],
  'safeVendor.manage': [Admin, ClientAdmin],
  'vendorCompanies.read': [Admin, ClientAdmin],
  'vendorCompanies.manage': [Admin, ClientAdmin],
  /** arrest alerts of arrest watch (spec 001 §3, §4; issue 11) */
  'arrestAlerts.read': [Admin, ClientAdmin],
  'arrestAlerts.review': [Admin, ClientAdmin],
  'contacts.read': [Admin, ClientAdmin],
  'contacts.manage': [Admin, ClientAdmin],
  /** sees and sets contacts' confidence levels (spec 000 §6); users with elevatedReports may too */
  'contacts.confidenceLevels': [Admin],
  'users.read': [Admin, ClientAdmin],
  'users.manage': [Admin, ClientAdmin],
  'users.manageAdministrators': [Admin],
  'attendants.list': [Admin, ClientAdmin, Attendant],
  'exclusions.read': [Admin, ClientAdmin, Attendant],
  'exclusions.manage': [Admin, ClientAdmin],
  'exclusions.setGlobal': [Admin, ClientAdmin],
  // front desk (spec 002)
  'visitors.read': [Admin, ClientAdmin, Attendant],
  'visitors.manage': [Admin, ClientAdmin, Attendant],
  /** merging duplicate visitor records and undoing a merge (issue 22): administrators only */
  'visitors.merge': [Admin, ClientAdmin],
  'visits.checkIn': [Admin, ClientAdmin, Attendant],
  /** chooses the desk's building (spec 002 §2); an attendant works at the building of the account */
  'desk.chooseBuilding': [Admin, ClientAdmin],
  'visits.checkOut': [Admin, ClientAdmin, Attendant],
  'screening.run': [Admin, ClientAdmin, Attendant],
  'entry.deny': [Admin, ClientAdmin, Attendant],
  /** a denial offers to add an exclusion at once: the button reads 'Deny & Add Exclusion' (spec 002 §4) */
  'entry.denyAndExclude': [Admin],
  'security.notify': [Admin, ClientAdmin, Attendant, Kiosk],
  'registry.manage': [Admin],
  // students (issue 12; spec 002 §2 student screens)
  /** desk lookup, guardian tables, pickups and tardy drop-offs */
  'students.release': [Admin, ClientAdmin, Attendant],
  /** per student: who may pick up, who may not (court order), time-limited exceptions */
  'pickupAuthorizations.manage': [Admin, ClientAdmin],
  /** run the roster sync now and read its status */
  'students.sync': [Admin, ClientAdmin],
  /** the pickup log and its photos (spec 002 §2 Pickup Log) */
  'pickups.read': [Admin, ClientAdmin, Attendant],
  // kiosk
  'kiosk.use': [Kiosk],
  /** API keys and webhook subscriptions of the district (issue 28 §5, ADR 0051): district administrators */
  'apiKeys.manage': [ClientAdmin],
  'webhooks.manage': [ClientAdmin],
  // issue 28 §1–4 (ADR 0053): hosts and visitor passes
  'hosts.read': [Admin, ClientAdmin, Attendant],
  'hosts.manage': [Admin, ClientAdmin],
  'passes.manage': [Admin, ClientAdmin, Attendant],
  // logs
  'logs.read': [Admin, ClientAdmin, Attendant],
  'logs.filterByBuilding': [Admin, ClientAdmin],
} as const satisfies Record<string, readonly TRoleId[]>;

export type TPermission = keyof typeof PERMISSIONS;

export function can(
  actor: (Pick<TActor, 'roleId'> & Partial<Pick<TActor, 'apiKey'>>) | null | undefined,
  action: TPermission,
): boolean {
  if (!actor) return false;
  if (!(PERMISSIONS[action] as readonly number[]).includes(actor.roleId)) return false;
  // an API key's request (issue 28 §5): the role's permission and one the key was given
  const key = actor.apiKey;
  return !key || key.permissions.includes(action);
}
