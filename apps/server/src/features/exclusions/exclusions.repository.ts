import type { TActor } from '@sv/contracts';
import { and, asc, desc, eq, isNull, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { buildings, clients, exclusions, visitors } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { named, scopedQuery } from '../../platform/db/named';
import { findPage } from '../../platform/db/paging';
import { buildingFilter, buildingInScope, clientFilter, type ScopeSource } from '../../platform/db/scope';
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
  dob: exclusions.dob,
  exclusionType: exclusions.exclusionType,
  reason: exclusions.reason,
  photoFileId: exclusions.photoFileId,
  visitorId: exclusions.visitorId,
};

export type ScreeningCandidate = {
  [K in keyof typeof candidateColumns]: (typeof candidateColumns)[K]['_']['notNull'] extends true
    ? (typeof candidateColumns)[K]['_']['data']
    : (typeof candidateColumns)[K]['_']['data'] | null;
};

/** The rows of `screeningCandidatesJson`'s value (keyed by column name in the JSON). */
export function screeningCandidatesFromJson(value: unknown): ScreeningCandidate[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[];
  const entries = Object.entries(candidateColumns);
  return rows.map(
    (json) =>
      Object.fromEntries(entries.map(([key, column]) => [key, json[column.name] ?? null])) as ScreeningCandidate,
  );
}

export const exclusionColumns = {
  ...candidateColumns,
  clientId: exclusions.clientId,
  clientName: clients.name,
  buildingName: buildings.name,
  created: exclusions.created,
  createdBy: exclusions.createdBy,
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
  /** exclusionNameKey of the visitor's names ('' = unknown) */
  firstname: string;
  lastname: string;
  /** ISO date or null */
  dob: string | null;
  visitorId: number | null;
}

/**
 * The potential-match filter (spec 000 §5, 002 §5), indexed: active exclusions of the building's
 * client that are global or for that building, and whose (first name and dob) or (first and last
 * name) or (last name and dob) agree case-insensitively — plus those linked to the visitor
 * (direct matches). The domain functions then decide direct vs potential. The caller has checked
 * the building is in the actor's scope. Uses exclusions_first_idx / exclusions_last_idx /
 * exclusions_dob_idx / exclusions_visitor_idx. No LIMIT: every arm is an exact equality, so the
 * set is naturally small, and a cap could silently drop a real exclusion (security guide: never
 * fail open). Null when there is nothing to search by.
 */
function candidateWhere(
  actor: ScopeSource,
  building: { id: number | Placeholder; clientId: number | Placeholder },
  q: CandidateFilter,
): SQL | null {
  const first = q.firstname ? sql`lower(${exclusions.firstname}) = ${q.firstname}` : null;
  const last = q.lastname ? sql`lower(${exclusions.lastname}) = ${q.lastname}` : null;
  const dob = q.dob ? eq(exclusions.dob, q.dob) : null;
  const arms: SQL[] = [];
  if (first && dob) arms.push(and(first, dob)!);
  if (first && last) arms.push(and(first, last)!);
  if (last && dob) arms.push(and(last, dob)!);
  if (q.visitorId !== null) arms.push(eq(exclusions.visitorId, q.visitorId));
  if (arms.length === 0) return null;
  return and(
    exclusionScope(actor),
    eq(exclusions.clientId, building.clientId),
    eq(exclusions.active, true),
    or(isNull(exclusions.buildingId), eq(exclusions.buildingId, building.id)),
    or(...arms),
  )!;
}

/** A candidate query whose present fields may be placeholders (a statement built once per variant). */
interface CandidateFilter {
  firstname: string | Placeholder;
  lastname: string | Placeholder;
  dob: string | null | Placeholder;
  visitorId: number | null | Placeholder;
}

/**
 * Which fields a candidate query has: the variant of the statement built for it (the arms of
 * `candidateWhere` depend on which fields are present, never on their values).
 */
export function candidateVariant(q: CandidateQuery): string {
  return `${q.firstname ? 'f' : ''}${q.lastname ? 'l' : ''}${q.dob ? 'd' : ''}${q.visitorId !== null ? 'v' : ''}`;
}

/** The template of a variant: placeholders for the fields it has, the values `candidateValues` fills. */
function candidateTemplate(variant: string): CandidateFilter {
  return {
    firstname: variant.includes('f') ? sql.placeholder('candidateFirst') : '',
    lastname: variant.includes('l') ? sql.placeholder('candidateLast') : '',
    dob: variant.includes('d') ? sql.placeholder('candidateDob') : null,
    visitorId: variant.includes('v') ? sql.placeholder('candidateVisitor') : null,
  };
}

export function candidateValues(building: { id: number; clientId: number }, q: CandidateQuery) {
  return {
    candidateBuildingId: building.id,
    candidateClientId: building.clientId,
    candidateFirst: q.firstname,
    candidateLast: q.lastname,
    candidateDob: q.dob,
    candidateVisitor: q.visitorId,
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
  const where = candidateWhere(scope, CANDIDATE_BUILDING, candidateTemplate(variant));
  if (!where) return null;
  const query = db
    .select(candidateColumns)
    .from(exclusions)
    .where(where)
    .orderBy(...candidateOrder)
    .getSQL();
  return sql`(select coalesce(json_agg(c), '[]'::json) from (${query}) c)`;
}

const candidateOrder = [
  asc(sql`lower(${exclusions.lastname})`),
  asc(sql`lower(${exclusions.firstname})`),
  asc(exclusions.id),
];

export function createExclusionsRepository(db: Db) {
  /** What screening reads of the candidates (no joins), built once per scope shape and variant. */
  const screeningCandidates = scopedQuery(db, (d, scope, variant: string) =>
    d
      .select(candidateColumns)
      .from(exclusions)
      .where(candidateWhere(scope, CANDIDATE_BUILDING, candidateTemplate(variant))!)
      .orderBy(...candidateOrder),
  );
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
      },
    ) {
      const where = and(
        exclusionScope(actor),
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

    async insert(values: typeof exclusions.$inferInsert, tx: Db = db) {
      const [row] = await tx.insert(exclusions).values(withNameKeys(values)).returning({ id: exclusions.id });
      return row.id;
    },

    async update(id: number, values: Partial<typeof exclusions.$inferInsert>, tx: Db = db) {
      await tx
        .update(exclusions)
        .set(withNameKeys({ ...values, updatedAt: new Date() }))
        .where(eq(exclusions.id, id));
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
        .select({ id: visitors.id, clientId: visitors.clientId })
        .from(visitors)
        .where(and(eq(visitors.id, visitorId), clientFilter(actor, visitors.clientId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** The potential-match candidates (`candidateWhere`) with every field of an exclusion row. */
    async findExclusionCandidates(actor: TActor, building: { id: number; clientId: number }, q: CandidateQuery) {
      const where = candidateWhere(actor, building, q);
      if (!where) return [];
      // a named statement (platform/db/named.ts): exact keys only, its plan does not depend on the values
      return named(
        select()
          .where(where)
          .orderBy(...candidateOrder),
      );
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
