import { AUDIT_REFUSED_ACTION_SQL, CONSTANTS, type TActor } from '@sv/contracts';
import { and, asc, desc, eq, gte, ilike, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditEvents, buildings, clients, users } from '../../db/schema/index';
import type { Db } from '../../platform/db/database';
import { findPage } from '../../platform/db/paging';
import { clientFilter } from '../../platform/db/scope';

/** The console's filters (issue 26 §1), as the service hands them over (the district already scoped). */
export interface AuditFilters {
  from?: string;
  to?: string;
  clientId?: number;
  actorUserId?: number;
  action?: string;
  targetType?: string;
  targetId?: string;
  outcome?: 'done' | 'refused';
  q?: string;
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const actorUser = alias(users, 'audit_actor');
const impersonator = alias(users, 'audit_impersonator');

/**
 * Calendar days of the product's default zone as instants, so the range reads the (client, at)
 * index instead of converting every row (administrators have no building zone).
 */
const dayStart = (date: string) => sql`((${date}::date)::timestamp at time zone ${CONSTANTS.defaultTimeZone})`;
const dayAfter = (date: string) => sql`((${date}::date + 1)::timestamp at time zone ${CONSTANTS.defaultTimeZone})`;

/**
 * The audit log read back (issue 26 §1). Every statement is scoped by the actor: a district
 * administrator reads the rows of their district only (rows of no district — the platform
 * administrator's own work — are the platform administrator's); the log is never written here.
 */
export function createAuditRepository(db: Db) {
  function where(actor: TActor, f: AuditFilters): SQL | undefined {
    return and(
      clientFilter(actor, auditEvents.clientId),
      f.clientId !== undefined ? eq(auditEvents.clientId, f.clientId) : undefined,
      f.from ? gte(auditEvents.at, dayStart(f.from)) : undefined,
      f.to ? lt(auditEvents.at, dayAfter(f.to)) : undefined,
      f.actorUserId !== undefined ? eq(auditEvents.actorUserId, f.actorUserId) : undefined,
      // 'exclusions.' is the family of the exclusions' actions; a whole name is one action
      f.action
        ? f.action.endsWith('.')
          ? sql`starts_with(${auditEvents.action}, ${f.action})`
          : eq(auditEvents.action, f.action)
        : undefined,
      f.targetType ? eq(auditEvents.targetType, f.targetType) : undefined,
      f.targetId ? eq(auditEvents.targetId, f.targetId) : undefined,
      f.outcome === 'refused'
        ? sql`${auditEvents.action} ~ ${AUDIT_REFUSED_ACTION_SQL}`
        : f.outcome === 'done'
          ? sql`${auditEvents.action} !~ ${AUDIT_REFUSED_ACTION_SQL}`
          : undefined,
      f.q
        ? or(
            ilike(auditEvents.action, likeOf(f.q)),
            ilike(auditEvents.targetId, likeOf(f.q)),
            ilike(auditEvents.ip, likeOf(f.q)),
            sql`exists (select 1 from ${users} where ${users.id} = ${auditEvents.actorUserId} and (${users.name} ilike ${likeOf(f.q)} or ${users.email} ilike ${likeOf(f.q)}))`,
          )
        : undefined,
    );
  }

  const selection = {
    id: auditEvents.id,
    at: auditEvents.at,
    actorUserId: auditEvents.actorUserId,
    actorName: actorUser.name,
    actorEmail: actorUser.email,
    impersonatorName: impersonator.name,
    clientId: auditEvents.clientId,
    clientName: clients.name,
    buildingId: auditEvents.buildingId,
    buildingName: buildings.name,
    action: auditEvents.action,
    targetType: auditEvents.targetType,
    targetId: auditEvents.targetId,
    ip: auditEvents.ip,
    requestId: auditEvents.requestId,
    details: auditEvents.details,
  };

  const joined = () =>
    db
      .select(selection)
      .from(auditEvents)
      .leftJoin(actorUser, eq(actorUser.id, auditEvents.actorUserId))
      .leftJoin(impersonator, eq(impersonator.id, auditEvents.impersonatorId))
      .leftJoin(clients, eq(clients.id, auditEvents.clientId))
      .leftJoin(buildings, eq(buildings.id, auditEvents.buildingId));

  return {
    /** A page of the actor's audit rows, newest first by default (ties by id). */
    async page(actor: TActor, f: AuditFilters, paging: { page: number; perPage: number; dir: 'asc' | 'desc' }) {
      const w = where(actor, f);
      const order = paging.dir === 'asc' ? asc : desc;
      return findPage(
        paging,
        (limit, offset) =>
          joined().where(w).orderBy(order(auditEvents.at), order(auditEvents.id)).limit(limit).offset(offset),
        async () => {
          const rows = await db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(w);
          return rows[0]?.n ?? 0;
        },
      );
    },

    /** One batch of the export, newest first, after the row `before` (keyset on id). */
    exportBatch(actor: TActor, f: AuditFilters, before: number | null, limit: number) {
      return joined()
        .where(and(where(actor, f), before === null ? undefined : lt(auditEvents.id, before)))
        .orderBy(desc(auditEvents.id))
        .limit(limit);
    },

    /** The actions, record types and people the actor's rows hold: the filters' choices. */
    async facets(actor: TActor, clientId?: number) {
      const w = where(actor, { clientId });
      const [actions, targetTypes, actors] = await Promise.all([
        db.selectDistinct({ v: auditEvents.action }).from(auditEvents).where(w).orderBy(asc(auditEvents.action)),
        db
          .selectDistinct({ v: auditEvents.targetType })
          .from(auditEvents)
          .where(and(w, isNotNull(auditEvents.targetType)))
          .orderBy(asc(auditEvents.targetType)),
        db
          .selectDistinct({ id: users.id, name: users.name })
          .from(auditEvents)
          .innerJoin(users, eq(users.id, auditEvents.actorUserId))
          .where(w)
          .orderBy(asc(users.name), asc(users.id)),
      ]);
      return {
        actions: actions.map((r) => r.v),
        targetTypes: targetTypes.map((r) => r.v).filter((v): v is string => v !== null),
        actors,
      };
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
