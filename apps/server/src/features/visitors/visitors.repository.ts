import type { TActor, TVisitorFields } from '@sv/contracts';
import { normalizeName } from '@sv/domain';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { badges, buildings, exclusions, visitors, visits } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { clientFilter } from '../../platform/db/scope';
import { likeEscape } from '../../platform/db/paging';
import { withNameKeys } from '../../platform/db/identity-keys';

/** The normalised "first middle last" the trigram index searches (lower case, no accents). */
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
};

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

  async function withOpenVisits<T extends { id: number }>(rows: T[]) {
    const open = await openVisitsOf(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, openVisit: open.get(r.id) ?? null }));
  }

  return {
    openVisitsOf,

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
        })
        .from(visits)
        .where(and(eq(visits.visitorId, visitorId), eq(visits.clientId, clientId)))
        .orderBy(desc(visits.checkIn))
        .limit(1);
      return rows[0] ?? null;
    },

    async hasActiveExclusion(visitorId: number, clientId: number) {
      const rows = await db
        .select({ id: exclusions.id })
        .from(exclusions)
        .where(and(eq(exclusions.visitorId, visitorId), eq(exclusions.clientId, clientId), eq(exclusions.active, true)))
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

    async update(actor: TActor, id: number, fields: Required<TVisitorFields>) {
      const rows = await db
        .update(visitors)
        .set(withNameKeys({ ...fields, searchName: searchNameOf(fields), updatedAt: new Date() }))
        .where(and(eq(visitors.id, id), clientFilter(actor, visitors.clientId)))
        .returning({ id: visitors.id });
      return rows.length > 0;
    },

    async setPhoto(id: number, fileId: string) {
      await db.update(visitors).set({ photoFileId: fileId, updatedAt: new Date() }).where(eq(visitors.id, id));
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
    async search(actor: TActor, clientId: number, text: string, limit = 20) {
      const q = searchNameOf({ firstname: text, lastname: '' });
      if (!q) return [];
      const words = q.split(' ').filter(Boolean);
      const inDistrict = and(eq(visitors.clientId, clientId), clientFilter(actor, visitors.clientId));
      const lastName = sql`lower(${visitors.lastname})`;
      const firstName = sql`lower(${visitors.firstname})`;
      const startsWith = (column: SQL, word: string) => sql`${column} LIKE ${`${likeEscape(word)}%`}`;
      const containsWord = (word: string) => sql`${visitors.searchName} LIKE ${`%${likeEscape(word)}%`}`;
      /** One index range of the district: rows meeting `conditions`, in `order`, at most `limit`. */
      const arm = (conditions: SQL[], order: SQL[]) =>
        db
          .select(matchColumns)
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

      const asTyped = await merged(
        words.length === 1
          ? [arm([startsWith(lastName, w1)], byName), arm([startsWith(firstName, w1)], [firstName, lastName])]
          : [
              arm([startsWith(lastName, wn), startsWith(firstName, w1), ...middle], byName),
              arm([startsWith(lastName, w1), startsWith(firstName, wn), ...middle], byName),
            ],
      );
      if (asTyped.length > 0) return withOpenVisits(asTyped);

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
        .select(matchColumns)
        .from(visitors)
        .where(and(inDistrict, or(sql`${visitors.searchName} % ${q}`, and(...words.map(containsWord)))))
        .orderBy(desc(sql`similarity(${visitors.searchName}, ${q})`), visitors.lastname, visitors.firstname)
        .limit(limit);
      return withOpenVisits(fuzzy);
    },

    async findByLicense(clientId: number, licenseNumber: string) {
      const rows = await db
        .select(matchColumns)
        .from(visitors)
        .where(and(eq(visitors.clientId, clientId), eq(visitors.currentDriversLicenseNumber, licenseNumber)))
        .limit(10);
      return withOpenVisits(rows);
    },

    async findByNameAndDob(clientId: number, firstname: string, lastname: string, dob: string) {
      const rows = await db
        .select(matchColumns)
        .from(visitors)
        .where(
          and(
            eq(visitors.clientId, clientId),
            eq(sql`lower(${visitors.lastname})`, lastname.toLowerCase()),
            eq(sql`lower(${visitors.firstname})`, firstname.toLowerCase()),
            eq(visitors.dob, dob),
          ),
        )
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
