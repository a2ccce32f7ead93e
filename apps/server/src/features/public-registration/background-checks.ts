import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { clients, registrations } from '../../db/schema/index';
import {
  type BackgroundCheckAnswer,
  type BackgroundCheckKind,
  type BackgroundCheckProvider,
  BackgroundCheckUnavailable,
  DD_STATUS,
  ddStatusOf,
} from '../../integrations/background-check/background-check';
import { createDemoBackgroundCheck } from '../../integrations/background-check/demo-background-check';
import type { AppDeps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/jobs/jobs';
import { createDistrictBackgroundChecks } from '../clients';

const BATCH = 50;

export interface BackgroundCheckSweep {
  /** checks handed to the provider (4 In Queue → 1 In Progress, or straight to a verdict) */
  submitted: number;
  /** verdicts recorded (1 → 2 Approved or 3 Needs Review) */
  decided: number;
  /** provider calls that failed; those rows stay where they were for the next sweep */
  unavailable: number;
}

/** A district whose Background Settings choose a provider ('none' districts' checks wait in the queue). */
const districtHasProvider: SQL = sql`${clients.backgroundSettings}->>'provider' in ('demo', 'http')`;

/** The stored flags a verdict sets (issue 25: the state-check and conviction fields come from the provider). */
function flagsOf(answer: BackgroundCheckAnswer) {
  return {
    ...(answer.stateCheck ? { hasStateCheck: true, hasStateIssues: answer.stateCheck === 'issues' } : {}),
    ...(answer.conviction === undefined ? {} : { hasConviction: answer.conviction }),
  };
}

/**
 * Background checks of public registrations (spec 001 §4 dd_status; issue 11), as a sweep that
 * runs once across instances (ADR 0023). Each registration goes to ITS district's provider
 * (issue 23 §2, ADR 0026): the one its Background Settings choose, with the district's own
 * address, account and password. A district that has none ('not configured') keeps its checks
 * In Queue: no fake approval; the registration screens say why.
 *
 * First the checks in progress are asked for their verdict, by the kind of provider that started
 * them (`dd_provider`): a demo check by the demo provider, an agency check by the district's
 * agency while it is still the district's choice. Then the queued ones are submitted, so a
 * provider that answers at once (the demo one) gives its verdict on the next run:
 * 4 In Queue → 1 In Progress → 2 Approved | 3 Needs Review. Each change is a conditional update on
 * the status it was read with, so concurrent sweeps change a row once; a submit repeated after a
 * crash carries the same external id, and the provider returns the same check. A provider that
 * cannot answer leaves the row as it is: never fail open (security guide).
 */
export async function runBackgroundChecks(deps: AppDeps): Promise<BackgroundCheckSweep> {
  const districts = createDistrictBackgroundChecks(deps);
  const demo = createDemoBackgroundCheck();
  const out: BackgroundCheckSweep = { submitted: 0, decided: 0, unavailable: 0 };
  const audit = (id: number, clientId: number, from: number, to: number, provider: BackgroundCheckKind) =>
    deps.audit.record(
      {},
      {
        action: 'registration.backgroundCheck.status',
        targetType: 'registration',
        targetId: id,
        clientId,
        details: { from, to, provider },
      },
    );

  const inProgress = await deps.db
    .select({
      id: registrations.id,
      clientId: registrations.clientId,
      reference: registrations.ddReference,
      ddProvider: registrations.ddProvider,
    })
    .from(registrations)
    .innerJoin(clients, eq(clients.id, registrations.clientId))
    .where(
      and(eq(registrations.ddStatus, DD_STATUS.inProgress), isNotNull(registrations.ddReference), districtHasProvider),
    )
    .orderBy(asc(registrations.id))
    .limit(BATCH);

  const queued = await deps.db
    .select({
      id: registrations.id,
      clientId: registrations.clientId,
      firstname: registrations.firstname,
      middlename: registrations.middlename,
      lastname: registrations.lastname,
      dob: registrations.dob,
      street1: registrations.street1,
      city: registrations.city,
      state: registrations.state,
      zipcode: registrations.zipcode,
      email: registrations.email,
    })
    .from(registrations)
    .innerJoin(clients, eq(clients.id, registrations.clientId))
    .where(and(eq(registrations.ddStatus, DD_STATUS.inQueue), districtHasProvider))
    .orderBy(asc(registrations.id))
    .limit(BATCH);

  // every district of this batch, read once; its password is opened only here
  const clientIds = [...new Set([...inProgress, ...queued].map((r) => r.clientId))];
  const rows = clientIds.length
    ? await deps.db
        .select({
          id: clients.id,
          backgroundSettings: clients.backgroundSettings,
          backgroundSecret: clients.backgroundSecret,
        })
        .from(clients)
        .where(inArray(clients.id, clientIds))
    : [];
  const providers = new Map(rows.map((row) => [row.id, districts.providerOf(row)]));

  for (const r of inProgress) {
    // rows from before per-district providers (ADR 0026) carry no kind: the demo provider's
    // references say so ('local-…'), anything else was an agency's
    const kind: BackgroundCheckKind =
      r.ddProvider === 'demo' || (r.ddProvider === null && r.reference?.startsWith('local-')) ? 'demo' : 'http';
    const current = providers.get(r.clientId) ?? null;
    const provider: BackgroundCheckProvider | null = kind === 'demo' ? demo : current?.kind === 'http' ? current : null;
    if (!provider) continue; // the agency that has it is no longer the district's: a person decides
    try {
      const answer = await provider.status(r.reference ?? '');
      const to = ddStatusOf(answer.status);
      if (to === DD_STATUS.inProgress) continue;
      const changed = await deps.db
        .update(registrations)
        .set({ ddStatus: to, ddProvider: kind, ...flagsOf(answer), updatedAt: deps.now() })
        .where(and(eq(registrations.id, r.id), eq(registrations.ddStatus, DD_STATUS.inProgress)))
        .returning({ id: registrations.id });
      if (changed.length === 1) {
        out.decided++;
        await audit(r.id, r.clientId, DD_STATUS.inProgress, to, kind);
      }
    } catch (err) {
      if (!(err instanceof BackgroundCheckUnavailable)) throw err;
      out.unavailable++;
    }
  }

  for (const r of queued) {
    const provider = providers.get(r.clientId);
    if (!provider) continue;
    try {
      const answer = await provider.submit({
        externalId: `sv-registration-${r.id}`,
        firstName: r.firstname,
        middleName: r.middlename,
        lastName: r.lastname,
        dob: r.dob ?? '',
        street: r.street1,
        city: r.city,
        state: r.state,
        zip: r.zipcode,
        email: r.email,
      });
      const to = ddStatusOf(answer.status);
      const changed = await deps.db
        .update(registrations)
        .set({
          ddStatus: to,
          ddReference: answer.reference,
          ddProvider: provider.kind,
          ...flagsOf(answer),
          updatedAt: deps.now(),
        })
        .where(and(eq(registrations.id, r.id), eq(registrations.ddStatus, DD_STATUS.inQueue)))
        .returning({ id: registrations.id });
      if (changed.length === 1) {
        out.submitted++;
        await audit(r.id, r.clientId, DD_STATUS.inQueue, to, provider.kind);
      }
    } catch (err) {
      if (!(err instanceof BackgroundCheckUnavailable)) throw err;
      out.unavailable++;
    }
  }
  return out;
}

export const backgroundCheckJobs: ScheduledJob[] = [
  { name: 'registrations.backgroundChecks', everyMs: 60_000, run: runBackgroundChecks },
];
