import type { TActor, TVisitorFields, TVisitorMatch } from '@sv/contracts';
import { canonicalName, cleanPersonName, normalizeName } from '@sv/domain';
import { and, asc, desc, eq, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import { badges, buildings, exclusions, visitors, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter, type ScopeSource } from '../../platform/db/scope';
import { atVersion } from '../../platform/db/versions';
import { likeEscape } from '../../platform/db/paging';
import { withNameKeys } from '../../platform/db/identity-keys';

/** The normalised "first middle last" the trigram index searches (lower case, no accents). */
/**
 * A visitor's fields from what a path knows of the person (kiosk sign-in, pre-registration card,
 * registration): everything else empty, as `resolveOrInsert` takes them (one literal, not one per path).
 */
export function visitorFieldsOf(
  known: Partial<Required<TVisitorFields>> & { firstname: string; lastname: string },
): Required<TVisitorFields> {
  return {
    title: '',
    middlename: '',
    suffix: '',
    dob: null,
    sex: '',
    eye: '',
    hair: '',
    height: '',
    weight: '',
    race: '',
    note: '',
    street1: '',
    street2: '',
    city: '',
    state: '',
    zipcode: '',
    county: '',
    email: '',
    phone: '',
    currentDriversLicenseNumber: '',
    licenseState: '',
    ...known,
  };
}

export function searchNameOf(v: { firstname: string; middlename?: string; lastname: string }) {
  return [v.firstname, v.middlename ?? '', v.lastname].map(normalizeName).filter(Boolean).join(' ').toLowerCase();
}

const matchColumns = {
  id: visitors.id,
  firstname: visitors.firstname,
  middlename: visitors.middlename,
  lastname: visitors.lastname,
  dob: visitors.dob,
  city: visitors.city,
  state: visitors.state,
  photoFileId: visitors.photoFileId,
  /** what tells two records of one name apart in a list (issue 22), never the whole number */
  licenseLast4: sql<string>`right(${visitors.currentDriversLicenseNumber}, 4)`,
};

/**
 * Whether the district has an active exclusion of this very person (audit 002 desk §3.4: a small
 * "On exclusion list" badge in the search list): linked to the record, or with the record's
 * identity keys (canonical first and last name, ADR 0022) and its date of birth (or an unknown one,
 * 01/01/1970), global or for the searching building. One EXISTS per listed row on the exclusions'
 * key indexes, in the search's own statement. A namesake with another date of birth is not flagged:
 * screening decides admission, this only warns before it.
 */
function onExclusionList(buildingId: number | undefined) {
  // written out with an alias: drizzle leaves the columns of a selected expression unqualified,
  // which inside the subquery would compare the exclusion with itself
  const reach = buildingId === undefined ? sql`true` : sql`(e.is_global or e.building_id = ${buildingId})`;
  return sql<boolean>`exists (select 1 from exclusions e where e.client_id = "visitors"."client_id"
    and e.active and ${reach}
    and (e.visitor_id = "visitors"."id"
      or (e.first_key = "visitors"."first_key" and e.last_key = "visitors"."last_key"
        and (e.dob = "visitors"."dob" or e.dob = '1970-01-01'))))`.mapWith((v: unknown) => v === true || v === 't');
}

/** A person's identifying fields as a record would store them (issue 22, ADR 0022). */
export interface PersonFields {
  firstname: string;
  lastname: string;
  dob: string | null;
  currentDriversLicenseNumber?: string;
  licenseState?: string;
}

/**
 * The fields that say who a person is: a resolved record keeps its own (it was matched on them;
 * a look-alike spelling typed today must not replace the stored name), and only fills them when
 * empty. Every other field is contact or description.
 */
const IDENTITY_FIELDS = new Set([
  'firstname',
  'middlename',
  'lastname',
  'suffix',
  'dob',
  'currentDriversLicenseNumber',
  'licenseState',
]);

/**
 * How a resolved record takes the newer values (issue 22: "the newer non-empty fields may update it
 * only where the desk's save would"): 'desk' — an attendant with the person in front of them, like
 * the desk's own save, replaces contact and description fields with the non-empty new ones;
 * 'self' — what a person typed themselves (kiosk, public form, pre-registration card) only fills
 * fields the record lacks, so nobody can rewrite another person's record by typing their name.
 */
export type ResolveMode = 'desk' | 'self';

/** The values of `incoming` that change `existing` under `mode` (empty when nothing changes). */
export function resolvedUpdates(
  existing: Record<string, unknown>,
  incoming: Partial<Required<TVisitorFields>>,
  mode: ResolveMode,
): Partial<Required<TVisitorFields>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(incoming)) {
    if (value === null || value === undefined || value === '') continue;
    const current = existing[key];
    const empty = current === null || current === undefined || current === '';
    if (empty || (mode === 'desk' && !IDENTITY_FIELDS.has(key) && current !== value)) out[key] = value;
  }
  return out as Partial<Required<TVisitorFields>>;
}

const upper = (s: string | undefined) => (s ?? '').trim().toUpperCase();

export function createVisitorsRepository(db: Db) {
  /** Open visits of these visitors, one query (no N+1). */
  async function openVisitsOf(ids: number[]) {
    if (ids.length === 0)
      return new Map<number, { id: number; buildingId: number; buildingName: string; checkIn: string }>();
    const rows = await db
      .select({
        visitorId: visits.visitorId,
        id: visits.id,
        buildingId: visits.buildingId,
        buildingName: buildings.name,
        checkIn: visits.checkIn,
      })
      .from(visits)
      .innerJoin(buildings, eq(buildings.id, visits.buildingId))
      .where(and(inArray(visits.visitorId, ids), isNull(visits.checkOut)));
    return new Map(
      rows.map((r) => [
        r.visitorId,
        { id: r.id, buildingId: r.buildingId, buildingName: r.buildingName, checkIn: r.checkIn.toISOString() },
      ]),
    );
  }

  /** When each of these visitors last checked in (visits_visitor_idx), one query. */
  async function lastVisitsOf(ids: number[]) {
    if (ids.length === 0) return new Map<number, string>();
    const rows = await db
      .select({ visitorId: visits.visitorId, at: max(visits.checkIn) })
      .from(visits)
      .where(inArray(visits.visitorId, ids))
      .groupBy(visits.visitorId);
    return new Map(rows.filter((r) => r.at).map((r) => [r.visitorId, new Date(r.at as Date).toISOString()]));
  }

  async function withOpenVisits<T extends { id: number }>(rows: T[]) {
    const ids = rows.map((r) => r.id);
    const [open, last] = await Promise.all([openVisitsOf(ids), lastVisitsOf(ids)]);
    return rows.map((r) => ({ ...r, openVisit: open.get(r.id) ?? null, lastVisitAt: last.get(r.id) ?? null }));
  }

  /**
   * The one answer to "is this person already on file?" (issue 22, ADR 0022): the record of
   * district `clientId` that is the same person as `p` — the licence number and licence state agree
   * (both non-empty; visitors_license_idx), or the canonical first and last names and the date of
   * birth agree (non-null; visitors_identity_idx). A licence match wins over a name match; among
   * several, the oldest record (lowest id) — merge survivors are never merged records, so the
   * answer is stable. Null when nobody matches.
   */
  async function resolvePerson(clientId: number, p: PersonFields, q: Db = db) {
    const licence = (p.currentDriversLicenseNumber ?? '').trim();
    const licenceState = upper(p.licenseState);
    const firstKey = canonicalName(p.firstname);
    const lastKey = canonicalName(p.lastname);
    const byLicence =
      licence && licenceState
        ? and(eq(visitors.currentDriversLicenseNumber, licence), eq(sql`upper(${visitors.licenseState})`, licenceState))
        : undefined;
    const byName =
      p.dob && firstKey && lastKey
        ? and(eq(visitors.lastKey, lastKey), eq(visitors.firstKey, firstKey), eq(visitors.dob, p.dob))
        : undefined;
    // one index range each (visitors_license_idx, visitors_identity_idx), licence first
    for (const match of [byLicence, byName]) {
      if (!match) continue;
      const rows = await q
        .select()
        .from(visitors)
        .where(and(eq(visitors.clientId, clientId), match, isNull(visitors.mergedIntoId)))
        .orderBy(asc(visitors.id))
        .limit(1);
      if (rows[0]) return rows[0];
    }
    return null;
  }

  /**
   * Records of the same canonical first and last name where the date of birth is missing on one
   * side or both (issue 22: a likely duplicate the desk confirms before saving). Oldest first.
   */
  async function likelyDuplicates(clientId: number, p: PersonFields, limit = 5, q: Db = db) {
    const firstKey = canonicalName(p.firstname);
    const lastKey = canonicalName(p.lastname);
    if (!firstKey || !lastKey) return [];
    return q
      .select(matchColumns)
      .from(visitors)
      .where(
        and(
          eq(visitors.clientId, clientId),
          eq(visitors.lastKey, lastKey),
          eq(visitors.firstKey, firstKey),
          isNull(visitors.mergedIntoId),
          p.dob ? isNull(visitors.dob) : undefined,
        ),
      )
      .orderBy(asc(visitors.id))
      .limit(limit);
  }

  /**
   * The record every creation path uses (issue 22): the same person on file (resolvePerson), with
   * the newer values applied as `mode` allows, or a new record. One person at a time: a
   * transaction-scoped advisory lock on the person's keys, so two sign-ins of one person at once
   * make one record. `likely` (desk only) answers the name-only duplicates instead of inserting
   * when there are any.
   */
  async function resolveOrInsert(
    clientId: number,
    buildingId: number | null,
    fields: Required<TVisitorFields>,
    opts: { mode: ResolveMode; refuseLikelyDuplicates?: boolean },
  ): Promise<
    | { id: number; existing: boolean; duplicates?: undefined }
    | { duplicates: TVisitorMatch[]; id?: undefined; existing?: undefined }
  > {
    const result = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const locks = [
        `${clientId}|n|${canonicalName(fields.lastname)}|${canonicalName(fields.firstname)}`,
        ...(fields.currentDriversLicenseNumber.trim()
          ? [`${clientId}|l|${fields.currentDriversLicenseNumber.trim()}`]
          : []),
      ].sort();
      for (const key of locks) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sv-person:${key}`}))`);
      const found = await resolvePerson(clientId, fields, tx);
      if (found) {
        const changes = resolvedUpdates(found, fields, opts.mode);
        if (Object.keys(changes).length > 0) {
          const merged = { ...found, ...changes };
          await tx
            .update(visitors)
            .set({ ...changes, searchName: searchNameOf(merged), updatedAt: new Date() })
            .where(eq(visitors.id, found.id));
        }
        return { id: found.id, existing: true };
      }
      if (opts.refuseLikelyDuplicates) {
        // read on the transaction: on the embedded database it holds the only connection
        const duplicates = await likelyDuplicates(clientId, fields, 5, tx);
        if (duplicates.length > 0) return { duplicates };
      }
      const [row] = await tx
        .insert(visitors)
        .values(withNameKeys({ ...fields, clientId, buildingId, searchName: searchNameOf(fields) }))
        .returning({ id: visitors.id });
      return { id: row.id, existing: false };
    });
    // open visits and last visits of the candidates, after the transaction has let go
    if (result.duplicates) return { duplicates: await withOpenVisits(result.duplicates) };
    return result as { id: number; existing: boolean };
  }

  return {
    openVisitsOf,
    lastVisitsOf,
    resolvePerson,
    likelyDuplicates,
    resolveOrInsert,

    async get(actor: TActor, id: number) {
      const rows = await db
        .select()
        .from(visitors)
        .where(and(eq(visitors.id, id), clientFilter(actor, visitors.clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * What the visitor came for last time (issue 10 §9: a returning visitor's reason and person
     * visiting are prefilled from their last visit); visits_visitor_idx makes it one index probe.
     */
    async lastVisit(visitorId: number, clientId: number) {
      const rows = await db
        .select({
          buildingId: visits.buildingId,
          visitorType: visits.visitorType,
          visitReasonId: visits.visitReasonId,
          reason: visits.reason,
          personVisiting: visits.personVisiting,
          checkIn: visits.checkIn,
        })
        .from(visits)
        .where(and(eq(visits.visitorId, visitorId), eq(visits.clientId, clientId)))
        .orderBy(desc(visits.checkIn))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Whether an active exclusion is linked to this record or to another record of the same
     * person (issue 22, ADR 0022: same licence + state, or the same canonical names and date of
     * birth), so "Deny & Add Exclusion" is not offered for a second record of an excluded person.
     */
    async hasActiveExclusion(visitorId: number, clientId: number) {
      // Two steps: the record's identity first, then the same person's records by their values.
      // One statement joining the record to itself let the planner scan the district's active
      // exclusions and test each (49 ms per record opened on the district data set); with the
      // values known it reads three indexes and the exclusions by visitor (0.1 ms).
      const [me] = await db
        .select({
          dob: visitors.dob,
          firstKey: visitors.firstKey,
          lastKey: visitors.lastKey,
          licence: visitors.currentDriversLicenseNumber,
          licenceState: visitors.licenseState,
        })
        .from(visitors)
        .where(and(eq(visitors.id, visitorId), eq(visitors.clientId, clientId)));
      if (!me) return false;
      const samePerson = or(
        eq(visitors.id, visitorId),
        me.dob && me.firstKey && me.lastKey
          ? and(eq(visitors.dob, me.dob), eq(visitors.firstKey, me.firstKey), eq(visitors.lastKey, me.lastKey))
          : undefined,
        me.licence && me.licenceState !== null
          ? and(eq(visitors.currentDriversLicenseNumber, me.licence), eq(visitors.licenseState, me.licenceState))
          : undefined,
      );
      const rows = await db
        .select({ id: exclusions.id })
        .from(exclusions)
        .where(
          and(
            eq(exclusions.clientId, clientId),
            eq(exclusions.active, true),
            inArray(
              exclusions.visitorId,
              db
                .select({ id: visitors.id })
                .from(visitors)
                .where(and(eq(visitors.clientId, clientId), samePerson)),
            ),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async insert(clientId: number, buildingId: number | null, fields: Required<TVisitorFields>) {
      const [row] = await db
        .insert(visitors)
        .values(withNameKeys({ ...fields, clientId, buildingId, searchName: searchNameOf(fields) }))
        .returning({ id: visitors.id });
      return row.id;
    },

    /** An edit at `version` (issue 23 §4); false when the visitor is not in scope at that version. */
    async update(actor: TActor, id: number, fields: Required<TVisitorFields>, version: number) {
      const rows = await db
        .update(visitors)
        .set(withNameKeys({ ...fields, searchName: searchNameOf(fields), updatedAt: new Date() }))
        .where(and(eq(visitors.id, id), clientFilter(actor, visitors.clientId), atVersion(visitors.version, version)))
        .returning({ id: visitors.id });
      return rows.length > 0;
    },

    /**
     * Sets a visitor's photo within a scope (a write by id takes the actor's scope like the read before it: issue 24 §1): the actor's, or the district of
     * the registration whose photo it is (`districtScope`). `onlyIfNone`: a record already on
     * file keeps its own photo (issue 22 resolution fills, never replaces).
     */
    async setPhoto(scope: ScopeSource, id: number, fileId: string, opts: { onlyIfNone?: boolean } = {}) {
      await db
        .update(visitors)
        .set({ photoFileId: fileId, updatedAt: new Date() })
        .where(
          and(
            eq(visitors.id, id),
            clientFilter(scope, visitors.clientId),
            opts.onlyIfNone ? isNull(visitors.photoFileId) : undefined,
          ),
        );
    },

    /**
     * Name search within one district (issue 4: fast and typo-tolerant; issue 5: p95 ≤ 30 ms
     * over 2M visitors). Tiers, each on an index that starts with the district, each tried only
     * when the previous one found nobody:
     * 1. the words as typed, as name prefixes: one word is a last- or first-name prefix; two or
     *    more are "first … last" or "last … first" (middle words must appear in the name).
     *    Last-name order first, then by last and first name, so an exact name leads.
     * 2. one name as typed (a prefix) and the other misspelled: at most 2 edits, closest first.
     * 3. trigram similarity of the whole name, or every word contained in it, best first.
     * A name typed right never pays for the fuzzy tiers.
     */
    async search(actor: TActor, clientId: number, text: string, opts: { buildingId?: number; limit?: number } = {}) {
      const limit = opts.limit ?? 20;
      const columns = { ...matchColumns, onExclusionList: onExclusionList(opts.buildingId) };
      const q = searchNameOf({ firstname: text, lastname: '' });
      if (!q && !canonicalName(text)) return [];
      const words = q.split(' ').filter(Boolean);
      // a merged record is no longer a person of its own (issue 22): its survivor is found instead
      const inDistrict = and(
        eq(visitors.clientId, clientId),
        clientFilter(actor, visitors.clientId),
        isNull(visitors.mergedIntoId),
      );
      const lastName = sql`lower(${visitors.lastname})`;
      const firstName = sql`lower(${visitors.firstname})`;
      const startsWith = (column: SQL, word: string) => sql`${column} LIKE ${`${likeEscape(word)}%`}`;
      const containsWord = (word: string) => sql`${visitors.searchName} LIKE ${`%${likeEscape(word)}%`}`;
      /** One index range of the district: rows meeting `conditions`, in `order`, at most `limit`. */
      const arm = (conditions: SQL[], order: SQL[]) =>
        db
          .select(columns)
          .from(visitors)
          .where(and(inDistrict, ...conditions))
          .orderBy(...order, visitors.id)
          .limit(limit);
      /** The arms' rows in arm order, each visitor once, at most `limit`. */
      const merged = async <T extends { id: number }>(arms: PromiseLike<T[]>[]) => {
        const seen = new Set<number>();
        const rows: T[] = [];
        for (const r of (await Promise.all(arms)).flat()) {
          if (!seen.has(r.id)) rows.push(r);
          seen.add(r.id);
        }
        return rows.slice(0, limit);
      };
      const [w1, wn] = [words[0], words[words.length - 1]];
      const middle = words.slice(1, -1).map(containsWord);
      const byName = [lastName, firstName];

      // issue 22: the same person written with look-alike letters, accents or hidden characters
      // (on either side) has the same identity keys: an exact key match is an arm of its own
      const typed = cleanPersonName(text).split(' ').filter(Boolean);
      const [k1, kn] = [canonicalName(typed[0]), canonicalName(typed[typed.length - 1])];
      const byKeys =
        typed.length > 1 && k1 && kn
          ? [
              arm([eq(visitors.lastKey, kn), eq(visitors.firstKey, k1)], byName),
              arm([eq(visitors.lastKey, k1), eq(visitors.firstKey, kn)], byName),
            ]
          : k1
            ? [arm([eq(visitors.lastKey, k1)], byName)]
            : [];
      const asTyped = await merged([
        ...(words.length === 1
          ? [arm([startsWith(lastName, w1)], byName), arm([startsWith(firstName, w1)], [firstName, lastName])]
          : words.length > 1
            ? [
                arm([startsWith(lastName, wn), startsWith(firstName, w1), ...middle], byName),
                arm([startsWith(lastName, w1), startsWith(firstName, wn), ...middle], byName),
              ]
            : []),
        ...byKeys,
      ]);
      if (asTyped.length > 0 || !q) return withOpenVisits(asTyped);

      if (words.length > 1) {
        // fuzzystrmatch's levenshtein refuses arguments over 255 characters: compare bounded prefixes.
        const distance = (column: SQL, word: string) => sql`levenshtein(left(${column}, 60), ${word.slice(0, 60)})`;
        const oneMisspelled = (anchor: SQL, anchorWord: string, other: SQL, otherWord: string) =>
          arm(
            [startsWith(anchor, anchorWord), sql`${distance(other, otherWord)} <= 2`],
            [distance(other, otherWord), ...byName],
          );
        const closeMatches = await merged([
          oneMisspelled(firstName, w1, lastName, wn),
          oneMisspelled(lastName, wn, firstName, w1),
          oneMisspelled(lastName, w1, firstName, wn),
          oneMisspelled(firstName, wn, lastName, w1),
        ]);
        if (closeMatches.length > 0) return withOpenVisits(closeMatches);
      }

      const fuzzy = await db
        .select(columns)
        .from(visitors)
        .where(and(inDistrict, or(sql`${visitors.searchName} % ${q}`, and(...words.map(containsWord)))))
        .orderBy(desc(sql`similarity(${visitors.searchName}, ${q})`), visitors.lastname, visitors.firstname)
        .limit(limit);
      return withOpenVisits(fuzzy);
    },

    /** Records with this licence number (and state, when the scan names one), unmerged, oldest first. */
    async findByLicense(clientId: number, licenseNumber: string, licenseState?: string | null) {
      const state = upper(licenseState ?? '');
      const rows = await db
        .select(matchColumns)
        .from(visitors)
        .where(
          and(
            eq(visitors.clientId, clientId),
            eq(visitors.currentDriversLicenseNumber, licenseNumber.trim()),
            isNull(visitors.mergedIntoId),
            // a record without a licence state still matches the number; one with another state does not
            state ? or(eq(visitors.licenseState, ''), eq(sql`upper(${visitors.licenseState})`, state)) : undefined,
          ),
        )
        .orderBy(asc(visitors.id))
        .limit(10);
      return withOpenVisits(rows);
    },

    /** Records of this canonical name and date of birth (visitors_identity_idx), unmerged, oldest first. */
    async findByNameAndDob(clientId: number, firstname: string, lastname: string, dob: string) {
      const rows = await db
        .select(matchColumns)
        .from(visitors)
        .where(
          and(
            eq(visitors.clientId, clientId),
            eq(visitors.lastKey, canonicalName(lastname)),
            eq(visitors.firstKey, canonicalName(firstname)),
            eq(visitors.dob, dob),
            isNull(visitors.mergedIntoId),
          ),
        )
        .orderBy(asc(visitors.id))
        .limit(10);
      return withOpenVisits(rows);
    },

    /** The visitor holding an open visit with this badge code at the building. */
    async findByOpenBadge(clientId: number, buildingId: number, code: string) {
      const rows = await db
        .select(matchColumns)
        .from(badges)
        .innerJoin(visits, eq(visits.badgeId, badges.id))
        .innerJoin(visitors, eq(visitors.id, badges.visitorId))
        .where(
          and(
            eq(badges.code, code),
            eq(badges.clientId, clientId),
            eq(visits.buildingId, buildingId),
            isNull(visits.checkOut),
          ),
        )
        .limit(1);
      return withOpenVisits(rows);
    },
  };
}
export type VisitorsRepository = ReturnType<typeof createVisitorsRepository>;
