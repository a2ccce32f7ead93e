import { CONSTANTS, EMERGENCY_CHOOSE_BUILDING, MESSAGES, ROLE_NAMES, type TRoleId } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/http/app-error';
import { createIdempotency } from '../../platform/http/idempotency';
import type { MessageInput } from '../../platform/messaging/messenger';
import type { RequestCtx } from '../../platform/http/request-context';
import { createEmergencyRepository, type EmergencyPlace } from './emergency.repository';

/** 'MM/DD/YYYY, h:mm AM CDT' in the building's zone (spec 000 §9 date format; security guide: building time zones). */
export function formatWhen(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

const EMPTY_REPORT = {
  contacts: 0,
  delivered: 0,
  inOutbox: 0,
  retrying: 0,
  notConfigured: [] as ('email' | 'sms')[],
};

/**
 * Tells security contacts by e-mail and SMS, with the honest delivery report (issue 23 §2): the
 * one path of the emergency button and of emergency states (issue 27 §1, ADR 0037).
 * Each contact counts as notified when at least one of its messages was delivered or, with no
 * transport configured for that channel, landed in the outbox (issue 2 §7); the report says which
 * (a button that reports success while nothing left the building is worse than one that fails).
 */
export async function deliverToContacts(
  deps: AppDeps,
  clientId: number,
  recipients: readonly { email: string | null; mobile: string | null }[],
  message: { subject: string; body: string; sms: string },
) {
  let notified = 0;
  let delivered = 0;
  let inOutbox = 0;
  let retrying = 0;
  for (const c of recipients) {
    const messages: MessageInput[] = [];
    if (c.email) {
      messages.push({
        clientId,
        channel: 'email',
        recipient: c.email,
        subject: message.subject,
        body: message.body,
        kind: 'emergency',
      });
    }
    if (c.mobile) {
      messages.push({ clientId, channel: 'sms', recipient: c.mobile, body: message.sms, kind: 'emergency' });
    }
    if (messages.length === 0) continue;
    const result = await deps.messenger.send(messages);
    const outboxed = result.ids.length - result.sent - result.failed;
    if (result.sent + outboxed > 0) notified++;
    if (result.sent > 0) delivered++;
    inOutbox += outboxed;
    retrying += result.failed;
  }
  const notConfigured = deps.messenger.unconfiguredChannels();
  return { contacts: recipients.length, notified, delivered, inOutbox, retrying, notConfigured };
}

/**
 * The header emergency button (spec 000 §4, §7 POST /api/emergency, §8 messages; issue 2 §6):
 * notifies the security contacts of the sender's building and district by e-mail and SMS,
 * saying who sent it, from where and when.
 */
export function createEmergencyService(
  deps: AppDeps,
  { repo }: { repo: ReturnType<typeof createEmergencyRepository> },
) {
  const idempotency = createIdempotency(deps.db);

  return {
    /**
     * Issue 10 §5: with the Idempotency-Key, repeated presses of one action (double click, a
     * retry after a timeout, a queue of identical requests) send one set of messages. A press that
     * reached nobody is not stored, so retrying it tries again.
     */
    async send(ctx: RequestCtx, idempotencyKey: string, body: { buildingId?: number } = {}) {
      requirePermission(ctx.actor, 'emergency.send');
      const nobody = Symbol('nobody notified');
      try {
        return await idempotency.run(ctx.actor.userId, idempotencyKey, 'emergency.send', body, async () => {
          const result = await this.notifyContacts(ctx, body.buildingId);
          if (result.notified === 0) throw nobody;
          return result;
        });
      } catch (err) {
        if (err === nobody) return { ...EMPTY_REPORT, notified: 0 };
        throw err;
      }
    },

    /**
     * Where the emergency is (issue 23 §2): the sender's own district and building; a building
     * the sender names, when the sender's scope holds it (404 otherwise). The platform
     * administrator belongs to no district, so must name one.
     */
    async placeOf(ctx: RequestCtx, buildingId: number | undefined): Promise<EmergencyPlace> {
      const { actor } = ctx;
      if (buildingId !== undefined) {
        const chosen = await repo.findBuildingPlace(actor, buildingId);
        if (!chosen) throw notFound('Building not found');
        return chosen;
      }
      if (actor.clientId === null)
        throw badRequest(EMERGENCY_CHOOSE_BUILDING, { buildingId: [EMERGENCY_CHOOSE_BUILDING] });
      return { clientId: actor.clientId, buildingId: actor.buildingId };
    },

    async notifyContacts(ctx: RequestCtx, buildingId?: number) {
      requirePermission(ctx.actor, 'emergency.send');
      const { actor } = ctx;
      const place = await this.placeOf(ctx, buildingId);
      const [sender, at] = await Promise.all([repo.findSender(actor), repo.findPlaceDetails(place)]);
      if (!sender || !at) throw badRequest(MESSAGES.emergencyFailed);
      const recipients = await repo.findEmergencyContacts(place);

      const now = deps.now();
      const timeZone = at.timeZone ?? CONSTANTS.defaultTimeZone;
      const when = formatWhen(now, timeZone);
      const role = ROLE_NAMES[actor.roleId as TRoleId] ?? 'User';
      const impersonator = actor.impersonatorId ? await repo.findImpersonatorName(actor.impersonatorId) : null;
      const who = `${sender.name} (${role})${impersonator ? `, acting through administrator ${impersonator}` : ''}`;
      const address = [
        at.street1,
        at.street2,
        [at.city, [at.state, at.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
      ]
        .filter(Boolean)
        .join(', ');
      const where = at.buildingName
        ? `${at.buildingName}${address ? `, ${address}` : ''} (${at.clientName})`
        : `${at.clientName} (no building)`;
      const subject = `EMERGENCY at ${at.buildingName ?? at.clientName}`;
      const body = [
        'EMERGENCY: the emergency button was pressed in SafeVisitor.',
        '',
        `Sent by: ${who}`,
        `From: ${where}`,
        `When: ${when}`,
        '',
        'Respond according to your emergency procedures.',
      ].join('\n');
      const sms = `EMERGENCY from SafeVisitor: ${who} at ${where}, ${when}.`;

      const { notified, delivered, inOutbox, retrying, notConfigured } = await deliverToContacts(
        deps,
        place.clientId,
        recipients,
        { subject, body, sms },
      );

      await deps.audit.record(ctx, {
        action: notified > 0 ? 'emergency.sent' : 'emergency.failed',
        clientId: place.clientId,
        ...(place.buildingId !== null ? { targetType: 'building', targetId: place.buildingId } : {}),
        details: { contacts: recipients.length, notified, delivered, inOutbox, retrying },
      });
      // The route answers 422 with the spec's failure message when nobody could be notified.
      return { notified, contacts: recipients.length, delivered, inOutbox, retrying, notConfigured };
    },
  };
}
export type EmergencyService = ReturnType<typeof createEmergencyService>;
