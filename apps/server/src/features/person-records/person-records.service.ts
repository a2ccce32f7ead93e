import type { TPersonErase, TPersonEraseResult, TPersonRecords } from '@sv/contracts';
import { requestedDistrict } from '../../platform/auth/district';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import { buildPersonArchive } from './person-records.archive';
import type { PersonRecordsRepository } from './person-records.repository';

/** Why a person cannot be erased now (ADR 0048), each a sentence the screen shows. */
export const ERASE_BLOCKERS = {
  held: 'A legal hold keeps this person’s records. Release it first.',
  onSite: 'This person is checked in now. Check them out first.',
  excluded:
    'This person is on the exclusion list. Remove the exclusion first: the list must keep naming who may not enter.',
  guardian:
    'This person is a guardian in the student roster, which comes from the student information system. Remove them there first.',
  merged: 'This record was merged into another. Open the person it was merged into.',
} as const;

/**
 * A person's records on request (issue 26 §3, ADR 0048): what the district holds about one person,
 * all of it as one archive, and erasure leaving a tombstone. `personRecords.manage` first; every
 * read and the erasure are audit rows.
 */
export function createPersonRecordsService(deps: AppDeps, { repo }: { repo: PersonRecordsRepository }) {
  async function load(ctx: RequestCtx, visitorId: number, requested: number | undefined) {
    requirePermission(ctx.actor, 'personRecords.manage');
    const clientId = requestedDistrict(ctx.actor, requested, 'Visitor not found');
    const district = await repo.district(ctx.actor, clientId);
    if (!district) throw notFound('Visitor not found');
    const person = await repo.person(clientId, visitorId);
    if (!person) throw notFound('Visitor not found');
    return { clientId, districtName: district.name, person };
  }

  async function blockersOf(
    clientId: number,
    visitorId: number,
    counts: Record<string, number>,
    mergedInto: number | null,
  ) {
    const b = await repo.blockers(clientId, visitorId);
    const out: string[] = [];
    if (mergedInto !== null) out.push(ERASE_BLOCKERS.merged);
    if (b.held || b.registrationHeld) out.push(ERASE_BLOCKERS.held);
    if (b.onSite) out.push(ERASE_BLOCKERS.onSite);
    if ((counts.exclusions ?? 0) > 0) out.push(ERASE_BLOCKERS.excluded);
    if ((counts.guardianLinks ?? 0) > 0) out.push(ERASE_BLOCKERS.guardian);
    return out;
  }

  return {
    async summary(ctx: RequestCtx, visitorId: number, q: { clientId?: number }): Promise<TPersonRecords> {
      const { clientId, person } = await load(ctx, visitorId, q.clientId);
      const counts = await repo.counts(clientId, visitorId);
      const group = await repo.group(clientId, visitorId);
      await deps.audit.record(ctx, {
        action: 'personRecords.read',
        clientId,
        targetType: 'visitor',
        targetId: visitorId,
      });
      return {
        visitorId,
        clientId,
        name: `${person.firstname} ${person.lastname}`.trim(),
        dob: person.dob,
        email: person.email,
        phone: person.phone,
        mergedRecords: group.filter((id) => id !== visitorId),
        counts,
        erased: person.erased_at !== null,
        eraseBlockers:
          person.erased_at !== null ? [] : await blockersOf(clientId, visitorId, counts, person.merged_into_id),
      };
    },

    /** the ZIP: summary.pdf, a CSV per kind, everything.json, photos/ */
    async archive(ctx: RequestCtx, visitorId: number, q: { clientId?: number }) {
      const { clientId, districtName, person } = await load(ctx, visitorId, q.clientId);
      const all = await repo.everything(clientId, visitorId);
      const zip = await buildPersonArchive(
        {
          name: `${person.firstname} ${person.lastname}`.trim(),
          visitorId,
          districtName,
          at: deps.now(),
        },
        all,
        (fileId) => repo.photo(clientId, fileId),
      );
      await deps.audit.record(ctx, {
        action: 'personRecords.export',
        clientId,
        targetType: 'visitor',
        targetId: visitorId,
        details: { rows: Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v.length])) },
      });
      return { zip, fileName: `person-${visitorId}-records.zip` };
    },

    async erase(ctx: RequestCtx, visitorId: number, body: TPersonErase): Promise<TPersonEraseResult> {
      const { clientId, person } = await load(ctx, visitorId, body.clientId);
      if (person.erased_at !== null) throw conflict('This person was already erased.');
      const counts = await repo.counts(clientId, visitorId);
      const blockers = await blockersOf(clientId, visitorId, counts, person.merged_into_id);
      if (blockers.length > 0) throw conflict(blockers.join(' '));
      const { ids, removed } = await repo.erase(clientId, visitorId, deps.now());
      // the audit row names the record, never the person (the erased name must not survive here)
      await deps.audit.record(ctx, {
        action: 'personRecords.erase',
        clientId,
        targetType: 'visitor',
        targetId: visitorId,
        details: { records: ids, removed },
      });
      return { visitorId, removed };
    },
  };
}
export type PersonRecordsService = ReturnType<typeof createPersonRecordsService>;
