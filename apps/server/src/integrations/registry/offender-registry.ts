/**
 * The offender-registry provider interface (integrations guide "Sex-offender registry"). Two
 * implementations: the NSOPW-style HTTP client (nsopw-client.ts) and the local registry imported
 * from bulk files (local-registry.ts). Providers return CANDIDATES in the NSOPW offender shape; the
 * screening service scores them with the domain's `scoreRegistryCandidate` (date of birth is
 * narrowed on our side, never by the registry).
 */

export interface NsopwName {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  suffix?: string | null;
}

export interface NsopwLocation {
  /** R residence, S school, E employment */
  type?: string | null;
  streetAddress?: string | null;
  city?: string | null;
  county?: string | null;
  state?: string | null;
  zipCode?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** One registry record in the NSOPW answer shape. */
export interface NsopwOffender {
  id: string;
  jurisdictionId: string;
  name: NsopwName;
  aliases: NsopwName[];
  gender?: string | null;
  /** 'YYYY-MM-DD', or 'YYYY' when only the birth year is published, or null */
  dob?: string | null;
  locations: NsopwLocation[];
  offenderUri?: string | null;
  imageUri?: string | null;
  absconder?: boolean | null;
  /** the provider's stable reference for this record (default `jurisdictionId:id`, see offenderRef) */
  ref?: string;
}

export interface RegistrySearchQuery {
  firstName: string;
  lastName: string;
  /** 'YYYY-MM-DD' (spec 002 §5: a background check needs first name, last name and dob) */
  dob: string;
}

/**
 * 'ok': every jurisdiction answered. 'partial': some jurisdictions failed (timeout, offline, error,
 * too many matches) — the offenders found so far are kept, but this is NOT "no match".
 * 'failed': no usable answer at all.
 */
export type RegistrySearchStatus = 'ok' | 'partial' | 'failed';

export interface RegistrySearchResult {
  status: RegistrySearchStatus;
  offenders: NsopwOffender[];
  jurisdictionsFailed: string[];
  /** a short technical reason for a failure (no personal data), e.g. 'timeout', 'http 503' */
  error?: string;
}

export interface OffenderRegistry {
  readonly kind: 'local' | 'nsopw';
  /** Never throws for an upstream problem: answers status 'failed' instead. */
  search(query: RegistrySearchQuery): Promise<RegistrySearchResult>;
}

/** The reference a cleared match is remembered by: stable across re-imports of a source. */
export const offenderRef = (offender: Pick<NsopwOffender, 'id' | 'jurisdictionId' | 'ref'>) =>
  offender.ref ?? `${offender.jurisdictionId}:${offender.id}`;
