import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { registrations } from '../../db/schema/index';
import {
  type BackgroundCheckProvider,
  BackgroundCheckUnavailable,
  DD_STATUS,
  ddStatusOf,
} from '../../integrations/background-check/background-check';
import { createBackgroundCheckFromConfig } from '../../integrations/background-check/background-check-provider';
import type { AppDeps } from '../../platform/deps';
import type { ScheduledJob } from '../../platform/jobs/jobs';

const BATCH = 50;

export interface BackgroundCheckSweep {
  /** checks handed to the provider (4 In Queue → 1 In Progress, or straight to a verdict) */
  submitted: number;
  /** verdicts recorded (1 → 2 Approved or 3 Needs Review) */
  decided: number;
  /** provider calls that failed; those rows stay where they were for the next sweep */
  unavailable: number;
}

/**
 * Background checks of public registrations (spec 001 §4 dd_status; issue 11), as an idempotent
 * sweep (ADR 0005). First the checks in progress are asked for their verdict, then the queued
 * ones are submitted, so a provider that answers at once (the local one) gives its verdict on the
 * next run: 4 In Queue → 1 In Progress → 2 Approved | 3 Needs Review. Each change is a conditional
 * update on the status it was read with, so concurrent sweeps change a row once; a submit repeated
 * after a crash carries the same external id, and the provider returns the same check.
 * A provider that cannot answer leaves the row as it is: never fail open (security guide).
 */
export async function runBackgroundChecks(deps: AppDeps): Promise<BackgroundCheckSweep> {
  const provider: BackgroundCheckProvider = deps.backgroundCheck ?? createBackgroundCheckFromConfig(deps.config);
  const out: BackgroundCheckSweep = { submitted: 0, decided: 0, unavailable: 0 };
  const audit = (id: number, clientId: number, from: number, to: number) =>
    deps.audit.record(
      {},
      {
        action: 'registration.backgroundCheck.status',
        targetType: 'registration',
        targetId: id,
        clientId,
        details: { from, to, provider: provider.kind },
      },
    );

  const inProgress = await deps.db
    .select({ id: registrations.id, clientId: registrations.clientId, reference: registrations.ddReference })
    .from(registrations)
    .where(and(eq(registrations.ddStatus, DD_STATUS.inProgress), isNotNull(registrations.ddReference)))
    .orderBy(asc(registrations.id))
    .limit(BATCH);
  for (const r of inProgress) {
    try {
      const answer = await provider.status(r.reference ?? '');
      const to = ddStatusOf(answer.status);
      if (to === DD_STATUS.inProgress) continue;
      const changed = await deps.db
        .update(registrations)
        .set({ ddStatus: to, updatedAt: deps.now() })
        .where(and(eq(registrations.id, r.id), eq(registrations.ddStatus, DD_STATUS.inProgress)))
        .returning({ id: registrations.id });
      if (changed.length === 1) {
        out.decided++;
        await audit(r.id, r.clientId, DD_STATUS.inProgress, to);
      }
    } catch (err) {
      if (!(err instanceof BackgroundCheckUnavailable)) throw err;
      out.unavailable++;
    }
  }

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
    .where(eq(registrations.ddStatus, DD_STATUS.inQueue))
    .orderBy(asc(registrations.id))
    .limit(BATCH);
  for (const r of queued) {
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
        .set({ ddStatus: to, ddReference: answer.reference, updatedAt: deps.now() })
        .where(and(eq(registrations.id, r.id), eq(registrations.ddStatus, DD_STATUS.inQueue)))
        .returning({ id: registrations.id });
      if (changed.length === 1) {
        out.submitted++;
        await audit(r.id, r.clientId, DD_STATUS.inQueue, to);
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
