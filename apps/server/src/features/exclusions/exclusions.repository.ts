import type { TActor } from '@sv/contracts';
import { canonicalName, DEFAULT_EXCLUSION_DOB, dobNearVariants } from '@sv/domain';
import {
  and,
  asc,
  desc,
  eq,
  fillPlaceholders,
  inArray,
  isNull,
  ne,
  or,
  type Placeholder,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { buildings, clients, exclusions, visitors } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { atVersion } from '../../platform/db/versions';
import { scopedQuery } from '../../platform/db/named';
import { findPage, listSearch } from '../../platform/db/paging';
import { buildingFilter, buildingInScope, clientFilter, type ScopeSource, scopeParams } from '../../platform/db/scope';
import { withNameKeys } from '../../platform/db/identity-keys';

const SORT_COLUMNS = {
  name: [sql`lower(${exclusions.lastname})`, sql`lower(${exclusions.firstname})`],
  dob: [exclusions.dob],
  type: [exclusions.exclusionType],
  building: [sql`lower(coalesce(${buildings.name}, ''))`],
  client: [sql`lower(${clients.name})`],
  created: [exclusions.created],
  active: [exclusions.active],
} as const;
export type ExclusionSort = keyof typeof SORT_COLUMNS;

/** What screening's matching needs of an exclusion (no joins). */
const candidateColumns = {
  id: exclusions.id,
  buildingId: exclusions.buildingId,
  isGlobal: exclusions.isGlobal,
  active: exclusions.active,
  firstname: exclusions.firstname,
  lastname: exclusions.lastname,
  firstKey: exclusions.firstKey,
  lastKey: exclusions.lastKey,
  dob: exclusions.dob,
  exclusionType: exclusions.exclusionType,
  reason: exclusions.reason,
  photoFileId: exclusions.photoFileId,
  visitorId: exclusions.visitorId,
};

/** The name of the candidate column `linkedToPerson` (see `candidateLinkedToPerson`). */
const LINKED_TO_PERSON = 'linked_to_person';

export type ScreeningCandidate = {
  [K in keyof typeof candidateColumns]: (typeof candidateColumns)[K]['_']['notNull'] extends true
    ? (typeof candidateColumns)[K]['_']['data']
    : (typeof candidateColumns)[K]['_']['data'] | null;
} & {
  /** the exclusion is linked to the person screened: this record or another record of them (issue 22) */
  linkedToPerson: boolean;
};

/** The rows of `screeningCandidatesJson`'s value (keyed by column name in the JSON). */
export function screeningCandidatesFromJson(value: unknown): ScreeningCandidate[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[];
  const entries = Object.entries(candidateColumns);
  return rows.map(
    (json) =>
      ({
        ...Object.fromEntries(entries.map(([key, column]) => [key, json[column.name] ?? null])),
        linkedToPerson: json[LINKED_TO_PERSON] === true,
      }) as ScreeningCandidate,
  );
}

export const exclusionColumns = {
  ...candidateColumns,
  clientId: exclusions.clientId,
  clientName: clients.name,
  buildingName: buildings.name,
  created: exclusions.created,
  createdBy: exclusions.createdBy,
  version: exclusions.version,
  visitorFirstname: visitors.firstname,
  visitorMiddlename: visitors.middlename,
  visitorLastname: visitors.lastname,
  visitorSuffix: visitors.suffix,
  visitorDob: visitors.dob,
};

/**
 * Exclusions visible to the actor: admins all; client admins their client; attendants their
 * client's global exclusions plus those of their own building (spec 000 §6, 002 §5).
 */
export const exclusionScope = (actor: ScopeSource): SQL =>
  buildingFilter(actor, { clientId: exclusions.clientId, buildingId: exclusions.buildingId }, { clientWideRows: true });

export interface CandidateQuery {
  /** canonicalName of the person's names ('' = unknown) */
  firstKey: string;
  lastKey: string;
  /** ISO date or null */
  dob: string | null;
  /** the visitor record screened (null: a person described by name and date of birth only) */
  visitorId: number | null;
  /** that record's licence number and issuing state ('' = none on file) */
  licence: string;
  licenceState: string;
}

/** The person a candidate query is for: names as stored or typed, date of birth, record, licence. */
export function candidateQueryOf(person: {
  id: number | null;
  firstName: string;
  lastName: string;
  dob: string | null;
  licence?: string | null;
  licenceState?: string | null;
}): CandidateQuery {
  return {
    firstKey: canonicalName(person.firstName),
    lastKey: canonicalName(person.lastName),
    dob: person.dob || null,
    visitorId: person.id,
    licence: (person.licence ?? '').trim(),
    licenceState: (person.licenceState ?? '').trim(),
  };
}

/**
 * The dates of birth that make an exclusion a candidate (issue 22): the person's own and its near
 * misses (one digit, day and month swapped), never the 01/01/1970 placeholder (spec 000 §5: it
 * means "unknown" and never agrees; it would otherwise bring every undated exclusion of the
 * district).
 */
export function candidateDobs(dob: string | null): string[] {
  if (!dob) return [];
  return [dob, ...dobNearVariants(dob)].filter((d) => d !== DEFAULT_EXCLUSION_DOB);
}

/** A candidate query whose present fields may be placeholders (a statement built once per variant). */
interface CandidateFilter {
  firstKey: string | Placeholder;
  lastKey: string | Placeholder;
  /** the person's date of birth and its near misses (`candidateDobs`), as an array */
  dobs: string[] | Placeholder | null;
  dob: string | null | Placeholder;
  visitorId: number | null | Placeholder;
  licence: string | Placeholder;
  licenceState: string | Placeholder;
}

/** Another visitor record that may be the same person (the table under another name, so the subquery reads unambiguously). */
const SAME_PERSON = 'same_person';
const samePerson = alias(visitors, SAME_PERSON);

/**
 * The visitor records of the district that are the person of `q` (ADR 0022 "same person", issue 22):
 * the same canonical first and last names and the same known date of birth (not 01/01/1970), or the same
 * non-empty licence number and state. An array, computed once per statement (an InitPlan), so that
 * `visitor_id = any(…)` is an index condition on exclusions_visitor_idx. Uses visitors_identity_idx
 * and visitors_license_idx.
 */
function samePersonRecords(clientId: number | Placeholder, q: CandidateFilter): SQL {
  const byName =
    q.firstKey && q.lastKey && q.dob
      ? and(
          eq(samePerson.lastKey, q.lastKey),
          eq(samePerson.firstKey, q.firstKey),
          eq(samePerson.dob, q.dob),
          // ADR 0022: a known date of birth, not the 01/01/1970 placeholder
          sql`${samePerson.dob} <> ${sql.raw(`'${DEFAULT_EXCLUSION_DOB}'`)}`,
        )
      : undefined;
  // both non-empty: the partial index's predicate is repeated so a generic plan can use it
  const byLicence = and(
    sql`${samePerson.currentDriversLicenseNumber} <> ''`,
    sql`${samePerson.licenseState} <> ''`,
    eq(samePerson.currentDriversLicenseNumber, q.licence),
    // the state as typed or scanned ("il" is "IL"); the number is the index's equality
    sql`upper(${samePerson.licenseState}) = upper(${q.licenceState})`,
  );
  return sql`array(select ${samePerson.id} from ${visitors} ${sql.identifier(SAME_PERSON)} where ${and(
    eq(samePerson.clientId, clientId),
    or(byName, byLicence),
  )})`;
}

/**
 * Whether an exclusion is linked to the person of `q`: to the record screened, or to another record
 * of the same person (`samePersonRecords`). Such an exclusion is a DIRECT match (issue 22).
 */
function linkedArm(clientId: number | Placeholder, q: CandidateFilter): SQL {
  const records = sql`${exclusions.visitorId} = any(${samePersonRecords(clientId, q)})`;
  return q.visitorId !== null ? or(eq(exclusions.visitorId, q.visitorId), records)! : records;
}

/** The candidate column `linkedToPerson` (false for an exclusion linked to no one or to someone else). */
function candidateLinkedToPerson(building: { clientId: number | Placeholder }, q: CandidateFilter) {
  return sql<boolean>`coalesce(${linkedArm(building.clientId, q)}, false)`.as(LINKED_TO_PERSON);
}

/**
 * The candidates of a person's exclusion check (spec 000 §5, 002 §5, widened by issue 22): active
 * exclusions of the building's client that are global or for that building and that may concern
 * the person, a superset of what the domain's `findExclusionMatches` then decides on:
 * - the date of birth the same or near (`candidateDobs`): covers the spec's (first name and dob)
 *   and (last name and dob) pairs and issue 22's nickname / one typo / swapped names with a near
 *   date of birth (exclusions_dob_idx);
 * - both canonical names the same, straight or swapped (exclusions_first_key_idx or
 *   exclusions_last_key_idx, the planner's choice);
 * - linked to the person: the record screened or another record of the same person
 *   (`linkedArm`; exclusions_visitor_idx), whatever the names say.
 * An exclusion linked to someone else stays a candidate when its names or date of birth bring it:
 * the domain makes it a potential match. Names are compared by their stored keys (first_key /
 * last_key, canonicalName computed at write time), so a look-alike letter or a hidden character
 * cannot keep an exclusion out of the set. The caller has checked the building is in the actor's
 * scope. No LIMIT: every arm is an indexed equality, so the set is naturally small, and a cap
 * could silently drop a real exclusion (security guide: never fail open). Null when there is
 * nothing to search by.
 */
function candidateWhere(
  actor: ScopeSource,
  building: { id: number | Placeholder; clientId: number | Placeholder },
  q: CandidateFilter,
): SQL | null {
  const arms: SQL[] = [];
  if (q.dobs !== null) arms.push(sql`${exclusions.dob} = any(cast(${q.dobs} as date[]))`);
  if (q.firstKey && q.lastKey) {
    arms.push(and(eq(exclusions.firstKey, q.firstKey), eq(exclusions.lastKey, q.lastKey))!);
    arms.push(and(eq(exclusions.firstKey, q.lastKey), eq(exclusions.lastKey, q.firstKey))!);
  }
  if (q.visitorId !== null || (q.firstKey && q.lastKey && q.dob)) arms.push(linkedArm(building.clientId, q));
  if (arms.length === 0) return null;
  return and(
    exclusionScope(actor),
    eq(exclusions.clientId, building.clientId),
    eq(exclusions.active, true),
    or(isNull(exclusions.buildingId), eq(exclusions.buildingId, building.id)),
    or(...arms),
  )!;
}

/**
 * Which fields a candidate query has: the variant of the statement built for it (the arms of
 * `candidateWhere` depend on which fields are present, never on their values; the licence is
 * always a placeholder, '' matching nothing).
 */
export function candidateVariant(q: CandidateQuery): string {
  return `${q.firstKey ? 'f' : ''}${q.lastKey ? 'l' : ''}${q.dob ? 'd' : ''}${q.visitorId !== null ? 'v' : ''}`;
}

/** The template of a variant: placeholders for the fields it has, the values `candidateValues` fills. */
function candidateTemplate(variant: string): CandidateFilter {
  return {
    firstKey: variant.includes('f') ? sql.placeholder('candidateFirst') : '',
    lastKey: variant.includes('l') ? sql.placeholder('candidateLast') : '',
    dob: variant.includes('d') ? sql.placeholder('candidateDob') : null,
    dobs: variant.includes('d') ? sql.placeholder('candidateDobs') : null,
    visitorId: variant.includes('v') ? sql.placeholder('candidateVisitor') : null,
    licence: sql.placeholder('candidateLicence'),
    licenceState: sql.placeholder('candidateLicenceState'),
  };
}

export function candidateValues(building: { id: number; clientId: number }, q: CandidateQuery) {
  return {
    candidateBuildingId: building.id,
    candidateClientId: building.clientId,
    candidateFirst: q.firstKey,
    candidateLast: q.lastKey,
    candidateDob: q.dob,
    candidateDobs: candidateDobs(q.dob),
    candidateVisitor: q.visitorId,
    candidateLicence: q.licence,
    candidateLicenceState: q.licenceState,
  };
}

/** The building of a template (see `candidateValues`). */
const CANDIDATE_BUILDING = {
  id: sql.placeholder('candidateBuildingId'),
  clientId: sql.placeholder('candidateClientId'),
};

const ANY_SCOPE = { template: { clientId: null, buildingId: null } };
const searchable = new Map<string, boolean>();
/** Whether a variant has anything to search by: `candidateWhere` itself decides (one rule). */
function searchableVariant(variant: string): boolean {
  let known = searchable.get(variant);
  if (known === undefined) {
    known = candidateWhere(ANY_SCOPE, CANDIDATE_BUILDING, candidateTemplate(variant)) !== null;
    searchable.set(variant, known);
  }
  return known;
}

/**
 * The screening candidates of a template as a JSON scalar subquery, for a statement that reads
 * more (the admission gate reads them with the screening: one round trip, issue 10 §9); parse
 * the value with `screeningCandidatesFromJson`. Null when the variant has nothing to search by.
 */
export function screeningCandidatesJson(db: Db, scope: ScopeSource, variant: string): SQL | null {
  if (!searchableVariant(variant)) return null;
  const query = buildScreeningCandidates(db, scope, variant).getSQL();
  return sql`(select coalesce(json_agg(c), '[]'::json) from (${query}) c)`;
}

const candidateOrder = [
  asc(sql`lower(${exclusions.lastname})`),
  asc(sql`lower(${exclusions.firstname})`),
  asc(exclusions.id),
];

/** Screening's candidates (no joins) of a variant, for a scope (template). */
function buildScreeningCandidates(d: Db, scope: ScopeSource, variant: string) {
  const q = candidateTemplate(variant);
  return d
    .select({ ...candidateColumns, linkedToPerson: candidateLinkedToPerson(CANDIDATE_BUILDING, q) })
    .from(exclusions)
    .where(candidateWhere(scope, CANDIDATE_BUILDING, q)!)
    .orderBy(...candidateOrder);
}

/**
 * The statement screening runs for these candidates, as text and values (to EXPLAIN it: the index
 * test and the bench look at the real statement, not a copy). Null when there is nothing to search by.
 */
export function screeningCandidatesStatement(
  db: Db,
  actor: TActor,
  building: { id: number; clientId: number },
  q: CandidateQuery,
): { sql: string; params: unknown[] } | null {
  const variant = candidateVariant(q);
  if (!searchableVariant(variant)) return null;
  const scope = scopeParams(actor);
  const query = buildScreeningCandidates(db, scope.template, variant).toSQL();
  return {
    sql: query.sql,
    params: fillPlaceholders(query.params, { ...candidateValues(building, q), ...scope.values }),
  };
}

export function createExclusionsRepository(db: Db) {
  /** What screening reads of the candidates (no joins), built once per scope shape and variant. */
  const screeningCandidates = scopedQuery(db, buildScreeningCandidates);
  /** The same candidates with every field of an exclusion row (the joins of `select`). */
  const exclusionCandidates = scopedQuery(db, (d, scope, variant: string) => {
    const q = candidateTemplate(variant);
    return d
      .select({ ...exclusionColumns, linkedToPerson: candidateLinkedToPerson(CANDIDATE_BUILDING, q) })
      .from(exclusions)
      .innerJoin(clients, eq(clients.id, exclusions.clientId))
      .leftJoin(buildings, eq(buildings.id, exclusions.buildingId))
      .leftJoin(visitors, eq(visitors.id, exclusions.visitorId))
      .where(candidateWhere(scope, CANDIDATE_BUILDING, q)!)
      .orderBy(...candidateOrder);
  });
  const select = (tx: Db = db) =>
    tx
      .select(exclusionColumns)
      .from(exclusions)
      .innerJoin(clients, eq(clients.id, exclusions.clientId))
      .leftJoin(buildings, eq(buildings.id, exclusions.buildingId))
      .leftJoin(visitors, eq(visitors.id, exclusions.visitorId));

  return {
    async findPage(
      actor: TActor,
      q: {
        page: number;
        perPage: number;
        sort: ExclusionSort;
        dir: 'asc' | 'desc';
        activeOnly: boolean;
        clientId?: number;
        q?: string;
      },
    ) {
      const where = and(
        exclusionScope(actor),
        listSearch(q.q ?? '', [exclusions.firstname, exclusions.lastname, exclusions.reason, exclusions.exclusionType]),
        q.activeOnly ? eq(exclusions.active, true) : undefined,
        q.clientId !== undefined ? eq(exclusions.clientId, q.clientId) : undefined,
      );
      const order = q.dir === 'desc' ? desc : asc;
      const sortCols = SORT_COLUMNS[q.sort].map((c) => order(c));
      // ties: Name (last, first) ascending, then id, so pages are stable
      const ties = [...SORT_COLUMNS.name.map((c) => asc(c)), asc(exclusions.id)];
      return findPage(
        q,
        (limit, offset) =>
          select()
            .where(where)
            .orderBy(...sortCols, ...ties)
            .limit(limit)
            .offset(offset),
        async () => {
          const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(exclusions).where(where);
          return r.n;
        },
      );
    },

    async findById(actor: TActor, id: number, tx: Db = db) {
      const rows = await select(tx)
        .where(and(eq(exclusions.id, id), exclusionScope(actor)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * An active exclusion of the same person (the same cleaned names but for capitals, the same
     * date of birth) with the same reach (the same building, or district-wide) in a district: saving it
     * again adds nothing (issue 25, audit 000 B6).
     */
    async findActiveTwin(
      p: { clientId: number; buildingId: number | null; firstname: string; lastname: string; dob: string },
      tx: Db = db,
    ) {
      const [row] = await tx
        .select({ id: exclusions.id, firstname: exclusions.firstname, lastname: exclusions.lastname })
        .from(exclusions)
        .where(
          and(
            eq(exclusions.clientId, p.clientId),
            eq(exclusions.active, true),
            // the index's keys narrow; the names as written decide: a look-alike spelling is only a
            // possible match in screening (issue 22), so it is no twin here either
            eq(exclusions.firstKey, canonicalName(p.firstname)),
            eq(exclusions.lastKey, canonicalName(p.lastname)),
            sql`lower(${exclusions.firstname}) = lower(${p.firstname})`,
            sql`lower(${exclusions.lastname}) = lower(${p.lastname})`,
            eq(exclusions.dob, p.dob),
            p.buildingId === null ? isNull(exclusions.buildingId) : eq(exclusions.buildingId, p.buildingId),
          ),
        )
        .orderBy(asc(exclusions.id))
        .limit(1);
      return row ?? null;
    },

    async insert(values: typeof exclusions.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(exclusions).values(withNameKeys(values)).returning({ id: exclusions.id });
      return row.id;
    },

    /**
     * Updates an exclusion within the actor's scope (a write by id takes the actor's scope like the read before it: issue 24 §1); with `version` (an edit,
     * issue 23 §4) only at that version. False when nothing in scope (at that version) was saved.
     */
    /** Sets `active` on the ids of the actor's scope that differ; returns the changed rows and the ids found. */
    async setActiveMany(actor: ScopeSource, ids: number[], active: boolean, tx: Db = db) {
      const found = await tx
        .select({ id: exclusions.id })
        .from(exclusions)
        .where(and(inArray(exclusions.id, ids), exclusionScope(actor)));
      const changed = await tx
        .update(exclusions)
        .set({ active, updatedAt: new Date() })
        .where(and(inArray(exclusions.id, ids), exclusionScope(actor), ne(exclusions.active, active)))
        .returning({
          id: exclusions.id,
          clientId: exclusions.clientId,
          firstname: exclusions.firstname,
          lastname: exclusions.lastname,
          visitorId: exclusions.visitorId,
        });
      return { found: found.length, changed };
    },

    async update(
      actor: ScopeSource,
      id: number,
      values: Partial<typeof exclusions.$inferInsert>,
      tx: Db = db,
      version?: number,
    ): Promise<boolean> {
      const rows = await tx
        .update(exclusions)
        .set(withNameKeys({ ...values, updatedAt: new Date() }))
        .where(
          and(
            eq(exclusions.id, id),
            exclusionScope(actor),
            version === undefined ? undefined : atVersion(exclusions.version, version),
          ),
        )
        .returning({ id: exclusions.id });
      return rows.length > 0;
    },

    /** A building in the actor's scope (any state), or null. */
    async findBuilding(actor: TActor, buildingId: number, tx: Db = db) {
      const rows = await tx
        .select({
          id: buildings.id,
          clientId: buildings.clientId,
          active: buildings.active,
          timeZone: buildings.timeZone,
        })
        .from(buildings)
        .where(buildingInScope(actor, buildingId))
        .limit(1);
      return rows[0] ?? null;
    },

    async clientExists(actor: TActor, clientId: number, tx: Db = db) {
      const rows = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), clientFilter(actor, clients.id)))
        .limit(1);
      return rows.length > 0;
    },

    async findVisitor(actor: TActor, visitorId: number, tx: Db = db) {
      const rows = await tx
        .select({
          id: visitors.id,
          clientId: visitors.clientId,
          licence: visitors.currentDriversLicenseNumber,
          licenceState: visitors.licenseState,
        })
        .from(visitors)
        .where(and(eq(visitors.id, visitorId), clientFilter(actor, visitors.clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * The candidates (`candidateWhere`) with every field of an exclusion row, built once per scope
     * shape and variant like screening's (the same rule, issue 22).
     */
    async findExclusionCandidates(actor: TActor, building: { id: number; clientId: number }, q: CandidateQuery) {
      const variant = candidateVariant(q);
      if (!searchableVariant(variant)) return [];
      return exclusionCandidates(actor, candidateValues(building, q), variant);
    },

    /**
     * The same candidates with only what screening needs (no client, building or visitor
     * names): no joins, so less to plan, send and map on every screening and check-in (issue 10 §9).
     */
    async findScreeningCandidates(actor: TActor, building: { id: number; clientId: number }, q: CandidateQuery) {
      const variant = candidateVariant(q);
      if (!searchableVariant(variant)) return [];
      return screeningCandidates(actor, candidateValues(building, q), variant);
    },

    /** Clients and ACTIVE buildings for the exclusion form (spec 000 §2). */
    async formOptions(actor: TActor) {
      const clientRows = await db
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(clientFilter(actor, clients.id))
        .orderBy(asc(clients.name));
      const buildingRows = await db
        .select({ id: buildings.id, clientId: buildings.clientId, name: buildings.name })
        .from(buildings)
        .where(
          and(
            buildingFilter(actor, { clientId: buildings.clientId, buildingId: buildings.id }),
            eq(buildings.active, true),
          ),
        )
        .orderBy(asc(buildings.name));
      return { clients: clientRows, buildings: buildingRows };
    },
  };
}
export type ExclusionsRepository = ReturnType<typeof createExclusionsRepository>;
export type ExclusionRow = NonNullable<Awaited<ReturnType<ExclusionsRepository['findById']>>>;
