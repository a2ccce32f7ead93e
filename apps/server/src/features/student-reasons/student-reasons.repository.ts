import type { TActor, TPage, TStudentReason, TStudentReasonKind } from '@sv/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { studentReasons } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { findPage } from '../../platform/db/paging';
import { clientFilter } from '../../platform/db/scope';
import { atVersion } from '../../platform/db/versions';

/** Reasons belong to a client: admins see every client's, everyone else their own client's. */
const scoped = (actor: TActor) => clientFilter(actor, studentReasons.clientId);

const rowColumns = {
  id: studentReasons.id,
  clientId: studentReasons.clientId,
  kind: studentReasons.kind,
  name: studentReasons.name,
  nameEs: studentReasons.nameEs,
  isExcused: studentReasons.isExcused,
  active: studentReasons.active,
  sortOrder: studentReasons.sortOrder,
  version: studentReasons.version,
};

const SORT = {
  sortOrder: studentReasons.sortOrder,
  name: sql`lower(${studentReasons.name})`,
  id: studentReasons.id,
} as const;

export interface StudentReasonFilter {
  page: number;
  perPage: number;
  sort: keyof typeof SORT;
  dir: 'asc' | 'desc';
  clientId: number;
  kind: TStudentReasonKind;
  activeOnly: boolean;
}

export interface StudentReasonFields {
  name: string;
  nameEs: string;
  isExcused: boolean;
  active: boolean;
  sortOrder: number;
}

const asRow = (r: { kind: string } & Omit<TStudentReason, 'kind'>) => r as TStudentReason;

export function createStudentReasonsRepository(db: Db) {
  return {
    async list(actor: TActor, f: StudentReasonFilter): Promise<TPage<TStudentReason>> {
      const parts: SQL[] = [scoped(actor), eq(studentReasons.clientId, f.clientId), eq(studentReasons.kind, f.kind)];
      if (f.activeOnly) parts.push(eq(studentReasons.active, true));
      const where = and(...parts);
      const order = f.dir === 'desc' ? desc(SORT[f.sort]) : asc(SORT[f.sort]);
      return findPage(
        f,
        async (limit, offset) =>
          (
            await db
              .select(rowColumns)
              .from(studentReasons)
              .where(where)
              .orderBy(order, asc(sql`lower(${studentReasons.name})`), asc(studentReasons.id))
              .limit(limit)
              .offset(offset)
          ).map(asRow),
        async () => (await db.select({ n: sql<number>`count(*)::int` }).from(studentReasons).where(where))[0].n,
      );
    },

    async findById(actor: TActor, id: number): Promise<TStudentReason | null> {
      const rows = await db
        .select(rowColumns)
        .from(studentReasons)
        .where(and(eq(studentReasons.id, id), scoped(actor)))
        .limit(1);
      return rows[0] ? asRow(rows[0]) : null;
    },

    async create(values: StudentReasonFields & { clientId: number; kind: TStudentReasonKind }) {
      const [row] = await db.insert(studentReasons).values(values).returning(rowColumns);
      return asRow(row);
    },

    /** An edit at `version` (issue 23 §4); null when the reason is not in scope at that version. */
    async update(actor: TActor, id: number, fields: StudentReasonFields, now: Date, version: number) {
      const rows = await db
        .update(studentReasons)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(studentReasons.id, id), scoped(actor), atVersion(studentReasons.version, version)))
        .returning(rowColumns);
      return rows[0] ? asRow(rows[0]) : null;
    },
  };
}
export type StudentReasonsRepository = ReturnType<typeof createStudentReasonsRepository>;
