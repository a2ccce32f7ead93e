import { localDateOf } from '@sv/domain';
import { and, asc, eq, gte, isNull, lte, ne } from 'drizzle-orm';
import { clients, registrations, registrationTypes } from '../../db/schema/index';
import { newToken, sha256 } from '../../platform/auth/tokens';
import type { AppDeps } from '../../platform/deps';
import type { AuditWho } from '../../platform/audit/audit-log';
import type { ScheduledJob } from '../../platform/jobs/jobs';
import { expiryWarningEmail, langOf } from './invitations.messages';
import { type InvitationsRepository, renewalDedupeKey } from './invitations.repository';
import { invitationLink, invitationMessages } from './invitee';

/** At most this many reminders per invitation (issue 11). */
export const MAX_REMINDERS = 3;
/** An approved registration is warned once when it expires within this many days (issue 11). */
export const EXPIRY_WARNING_DAYS = 30;
const BATCH = 200;

const addDaysIso = (iso: string, days: number) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/**
 * Reminder chain (issue 11; ADR 0005 idempotent sweep): an unanswered invitation of a type with
 * reminderDays > 0 gets a reminder when its last message is reminderDays old, at most 3 in all,
 * unless its warnings were cancelled. Each reminder is claimed by a conditional update (count
 * unchanged) in the transaction that stores its message, so concurrent sweeps send it once.
 *
 * Only the token's hash is stored, so a reminder carries a NEW token (the stored hash is
 * replaced): the latest link works, the earlier ones stop, and the e-mail says so.
 */
export async function sendInvitationReminders(deps: AppDeps, repo: InvitationsRepository): Promise<number> {
  const now = deps.now();
  let sent = 0;
  for (const inv of await repo.dueReminders(now, MAX_REMINDERS, BATCH)) {
    const token = newToken();
    const ids = await deps.db.transaction(async (tx) => {
      if (!(await repo.claimReminder(inv.id, inv.remindersSent, now, sha256(token), tx))) return [];
      return deps.messenger.enqueue(
        invitationMessages(
          langOf(inv.language),
          { clientId: inv.clientId, email: inv.email, phone: inv.phone },
          {
            firstname: inv.firstname,
            typeName: inv.typeName,
            clientName: inv.clientName,
            link: invitationLink(deps.config.PUBLIC_URL, inv.clientId, inv.code, token),
            expDate: inv.requestedExpDate,
            ...(inv.renewalExpDate ? { renews: { expDate: inv.renewalExpDate } } : {}),
          },
          { n: inv.remindersSent + 1 },
        ),
        tx,
      );
    });
    if (ids.length > 0) sent++;
    await deps.messenger.deliver(ids).catch(() => undefined);
  }
  return sent;
}

/**
 * Expiry warnings (issue 11; spec 001 §2 "Cancel Email Warnings"): an approved registration with
 * an e-mail whose expiration date falls within the next 30 days (in its district's day) gets one
 * warning, recorded in expiration_email_sent_at, unless its e-mail warnings are off.
 */
export async function sendExpiryWarnings(deps: AppDeps, repo: InvitationsRepository): Promise<number> {
  const now = deps.now();
  const utcToday = now.toISOString().slice(0, 10);
  // a day of slack either side of the UTC date; each district's own day decides below
  const candidates = await deps.db
    .select({
      id: registrations.id,
      clientId: registrations.clientId,
      firstname: registrations.firstname,
      email: registrations.email,
      expDate: registrations.expDate,
      typeName: registrationTypes.name,
      language: registrationTypes.language,
      clientName: clients.name,
    })
    .from(registrations)
    .innerJoin(registrationTypes, eq(registrationTypes.id, registrations.registrationTypeId))
    .innerJoin(clients, eq(clients.id, registrations.clientId))
    .where(
      and(
        eq(registrations.approved, true),
        eq(registrations.emailWarnings, true),
        isNull(registrations.expirationEmailSentAt),
        ne(registrations.email, ''),
        gte(registrations.expDate, addDaysIso(utcToday, -1)),
        lte(registrations.expDate, addDaysIso(utcToday, EXPIRY_WARNING_DAYS + 1)),
      ),
    )
    .orderBy(asc(registrations.expDate), asc(registrations.id))
    .limit(BATCH);
  const todayOf = new Map<number, string>();
  let sent = 0;
  for (const r of candidates) {
    let today = todayOf.get(r.clientId);
    if (!today) {
      today = localDateOf(now, await repo.districtTimeZone(r.clientId));
      todayOf.set(r.clientId, today);
    }
    if (!r.expDate || r.expDate < today || r.expDate > addDaysIso(today, EXPIRY_WARNING_DAYS)) continue;
    const expDate = r.expDate;
    const ids = await deps.db.transaction(async (tx) => {
      const claimed = await tx
        .update(registrations)
        .set({ expirationEmailSentAt: now })
        .where(and(eq(registrations.id, r.id), isNull(registrations.expirationEmailSentAt)))
        .returning({ id: registrations.id });
      if (claimed.length === 0) return [];
      const mail = expiryWarningEmail(langOf(r.language), {
        firstname: r.firstname,
        typeName: r.typeName,
        clientName: r.clientName,
        expDate,
      });
      return deps.messenger.enqueue(
        [
          {
            clientId: r.clientId,
            channel: 'email',
            recipient: r.email,
            subject: mail.subject,
            body: mail.body,
            kind: 'registration-expiry-warning',
          },
        ],
        tx,
      );
    });
    if (ids.length > 0) sent++;
    await deps.messenger.deliver(ids).catch(() => undefined);
  }
  return sent;
}

/** An approved registration is invited to renew when it expires within this many days (issue 25, ADR 0038). */
export const RENEWAL_INVITATION_DAYS = 30;

/**
 * Renewal invitations (issue 25, ADR 0038: "an expiring registration invites its person to
 * renew"): an approved registration (volunteer, or SafeVendor to its company's form) with an e-mail whose expiration date falls within
 * the next 30 days of its district's day gets one invitation to the type's public form, marked
 * `renewal_of_id`. The form opened from it is filled in from the registration; the submission is
 * a pending registration that renews it, approved like a new one.
 *
 * Exactly once per registration: the invitation row and its message are written in one
 * transaction, and the unique `renewal_of_id` (migration 0030) makes a concurrent sweep's insert
 * do nothing, so that sweep queues no message. The job itself runs once per period across
 * instances (runJobOnce); the index is what holds when two runs overlap anyway.
 */
export async function sendRenewalInvitations(deps: AppDeps, repo: InvitationsRepository): Promise<number> {
  const now = deps.now();
  const utcToday = now.toISOString().slice(0, 10);
  // a day of slack either side of the UTC date; each district's own day decides below
  const candidates = await repo.renewalCandidates(
    addDaysIso(utcToday, -1),
    addDaysIso(utcToday, RENEWAL_INVITATION_DAYS + 1),
    BATCH,
  );
  const todayOf = new Map<number, string>();
  let sent = 0;
  for (const r of candidates) {
    let today = todayOf.get(r.clientId);
    if (!today) {
      today = localDateOf(now, await repo.districtTimeZone(r.clientId));
      todayOf.set(r.clientId, today);
    }
    if (!r.expDate || r.expDate < today || r.expDate > addDaysIso(today, RENEWAL_INVITATION_DAYS)) continue;
    const ids = await inviteToRenew(deps, repo, r, r.expDate, now);
    if (ids.length > 0) sent++;
    await deps.messenger.deliver(ids).catch(() => undefined);
  }
  return sent;
}

type RenewalCandidate = Awaited<ReturnType<InvitationsRepository['renewalCandidates']>>[number];

/**
 * Writes one registration's renewal invitation and its e-mail in one transaction (ADR 0038); the
 * unique renewal_of_id makes a concurrent second insert do nothing, and then nothing is queued.
 * Returns the queued message ids, to deliver after the commit.
 */
async function inviteToRenew(
  deps: AppDeps,
  repo: InvitationsRepository,
  r: RenewalCandidate,
  expDate: string,
  now: Date,
  by: AuditWho = {},
): Promise<number[]> {
  const token = newToken();
  const dedupeKey = renewalDedupeKey(r.id);
  return deps.db.transaction(async (tx) => {
    const inserted = await repo.insert(
      [
        {
          clientId: r.clientId,
          registrationTypeId: r.registrationTypeId,
          vendorCompanyId: r.vendorCompanyId,
          firstname: r.firstname,
          lastname: r.lastname,
          email: r.email,
          phone: r.phone,
          // the renewal is approved like a new one: its expiry is the type's default then (§9)
          requestedExpDate: null,
          tokenHash: sha256(token),
          dedupeKey,
          sentAt: now,
          createdBy: by.actor?.userId ?? null,
          renewalOfId: r.id,
        },
      ],
      tx,
    );
    const invitationId = inserted.get(dedupeKey);
    if (invitationId === undefined) return []; // another sweep invited it first
    const messageIds = await deps.messenger.enqueue(renewalMessages(deps, r, token, expDate, null), tx);
    await deps.audit.record(
      by,
      {
        action: 'registration.renewal.invite',
        targetType: 'registration',
        targetId: r.id,
        clientId: r.clientId,
        details: { invitationId, expDate },
      },
      tx,
    );
    return messageIds;
  });
}

function renewalMessages(
  deps: AppDeps,
  r: RenewalCandidate,
  token: string,
  expDate: string,
  again: { n: number } | null,
) {
  return invitationMessages(
    langOf(r.language),
    { clientId: r.clientId, email: r.email, phone: '' },
    {
      firstname: r.firstname,
      typeName: r.typeName,
      clientName: r.clientName,
      link: invitationLink(deps.config.PUBLIC_URL, r.clientId, r.code, token),
      expDate: null,
      renews: { expDate },
    },
    again,
  );
}

/**
 * The office's "Send Expiration Email" on a registration that can be renewed (issue 25, audit 001
 * B4: the e-mail told people to contact the office, which had no renewal action): the person gets
 * the renewal invitation now, whatever the 30-day window — a first one, or the unanswered one again
 * with a new link (the old link stops working). False when the registration cannot be renewed by
 * invitation (not approved, no e-mail, already renewed, its invitation already answered): the
 * caller sends the plain expiration e-mail then.
 */
export async function inviteToRenewNow(
  deps: AppDeps,
  repo: InvitationsRepository,
  ctx: AuditWho,
  registrationId: number,
): Promise<boolean> {
  const r = await repo.renewalCandidate(registrationId);
  if (!r?.expDate) return false;
  const expDate = r.expDate;
  const now = deps.now();
  let ids: number[];
  if (!r.invitation) {
    ids = await inviteToRenew(deps, repo, r, expDate, now, ctx);
  } else {
    if (r.invitation.answeredAt) return false;
    const invitationId = r.invitation.id;
    const token = newToken();
    ids = await deps.db.transaction(async (tx) => {
      if (!(await repo.reissueRenewal(invitationId, now, sha256(token), tx))) return [];
      const messageIds = await deps.messenger.enqueue(renewalMessages(deps, r, token, expDate, { n: 0 }), tx);
      await deps.audit.record(
        ctx,
        {
          action: 'registration.renewal.reinvite',
          targetType: 'registration',
          targetId: r.id,
          clientId: r.clientId,
          details: { invitationId, expDate },
        },
        tx,
      );
      return messageIds;
    });
  }
  if (ids.length === 0) return false;
  await deps.messenger.deliver(ids).catch(() => undefined);
  return true;
}

export const invitationsJobs: ScheduledJob<{ repositories: { invitations: InvitationsRepository } }>[] = [
  {
    name: 'invitations.reminders',
    everyMs: 15 * 60_000,
    run: (deps, services) => sendInvitationReminders(deps, services.repositories.invitations),
  },
  {
    name: 'registrations.expiryWarnings',
    everyMs: 60 * 60_000,
    run: (deps, services) => sendExpiryWarnings(deps, services.repositories.invitations),
  },
  {
    name: 'registrations.renewalInvitations',
    everyMs: 60 * 60_000,
    run: (deps, services) => sendRenewalInvitations(deps, services.repositories.invitations),
  },
];
