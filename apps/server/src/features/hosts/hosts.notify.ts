import type { ScheduledJob } from '../../platform/jobs/jobs';
import type { AppDeps } from '../../platform/deps';
import type { MessageInput } from '../../platform/messaging/messenger';
import type { ChatKind, ChatMessage, ChatWebhookClient } from '../../integrations/chat-webhook/chat-webhook';
import { createSecretBox } from '../../platform/crypto/secret-box';
import { HOST_NOTIFY_MAX_ATTEMPTS, type HostsRepository } from './hosts.repository';

/** The secret-box context of a district's webhook URL (a sealed value copied elsewhere does not open). */
export const webhookContext = (clientId: number, kind: ChatKind) => `client:${clientId}:host-webhook:${kind}`;

/** Time of day in the building's zone: '3:05 PM' (the arrival notice's form, visits.rules). */
const timeInZone = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(instant);

/** After the n-th failed post: 1, 2, 4, 8 minutes, then 'failed' (the messages' back-off, ADR 0023). */
const backoffSeconds = (attempts: number) => 60 * 2 ** Math.max(0, attempts - 1);

/**
 * What the host is told (issue 28 §4: the visitor's name, a photo link and the building; our
 * wording): "Jamie Rivera has arrived at North High to see you (9:05 AM)."
 */
export function hostNotice(r: {
  firstname: string;
  lastname: string;
  buildingName: string;
  timeZone: string;
  checkIn: Date;
  photoLink: string | null;
}): ChatMessage & { text: string } {
  const name = `${r.firstname} ${r.lastname}`.trim();
  const title = `${name} has arrived at ${r.buildingName} to see you.`;
  const lines = [`Checked in at ${timeInZone(r.checkIn, r.timeZone)}.`];
  const text = [title, ...lines, ...(r.photoLink ? [`Photo (sign in to view): ${r.photoLink}`] : [])].join('\n');
  return {
    title,
    lines,
    ...(r.photoLink ? { link: { label: 'Photo (sign in to view)', url: r.photoLink } } : {}),
    text,
  };
}

/**
 * Delivers the queued host notifications (issue 28 §4): claimed so two instances never send one
 * twice; e-mail and SMS are handed to the one messenger (their status is then the outbox's own:
 * sent, queued for retry, failed, or kept in the outbox with no transport); Teams / Slack are
 * posted to the district's incoming webhook, retried with back-off, then 'failed'. A host whose
 * district has no URL for their chat is told by e-mail (else SMS) instead; with neither, 'skipped'.
 */
export async function deliverHostNotifications(
  deps: AppDeps,
  repo: HostsRepository,
  chat: ChatWebhookClient,
  only?: number[],
) {
  const rows = await repo.claimDue(50, undefined, only);
  const box = createSecretBox(deps.config.APP_SECRET);
  const webhooks = new Map<number, Map<string, string>>();
  const urlOf = async (clientId: number, kind: ChatKind) => {
    if (!webhooks.has(clientId))
      webhooks.set(clientId, new Map((await repo.webhooksOf(clientId)).map((w) => [w.kind, w.urlSealed])));
    const sealed = webhooks.get(clientId)!.get(kind);
    return sealed ? box.open(sealed, webhookContext(clientId, kind)) : null;
  };
  let sent = 0;
  let failed = 0;
  for (const r of rows) {
    const photo = r.photoFileId ?? r.visitorPhotoFileId;
    const notice = hostNotice({
      ...r,
      photoLink: photo ? `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/api/files/${photo}` : null,
    });
    try {
      let channel = r.channel;
      if (channel === 'teams' || channel === 'slack') {
        const url = await urlOf(r.clientId, channel);
        if (url) {
          await chat.post(channel, url, notice);
          await repo.finish(r.id, { status: 'sent' });
          sent++;
          continue;
        }
        channel = r.hostEmail ? 'email' : 'sms';
      }
      const recipient = channel === 'email' ? r.hostEmail : r.hostMobile;
      if (!recipient) {
        await repo.finish(r.id, { status: 'skipped', error: 'The host has no address for their channel.' });
        continue;
      }
      const message: MessageInput = {
        clientId: r.clientId,
        channel: channel as 'email' | 'sms',
        recipient,
        ...(channel === 'email' ? { subject: `${`${r.firstname} ${r.lastname}`.trim()} has arrived` } : {}),
        body: notice.text,
        kind: 'host.visitor_arrived',
      };
      const [messageId] = await deps.messenger.enqueue([message]);
      // from here the message's own status is the honest one (sent / queued / failed / outbox)
      await repo.finish(r.id, { status: 'message', messageId });
      void deps.messenger.deliver([messageId!]).catch(() => {});
      sent++;
    } catch (err) {
      const error = err instanceof Error ? err.message.slice(0, 500) : 'delivery failed';
      const last = r.attempts >= HOST_NOTIFY_MAX_ATTEMPTS;
      await repo.finish(r.id, {
        status: last ? 'failed' : 'queued',
        error,
        ...(last ? {} : { retryInSeconds: backoffSeconds(r.attempts) }),
      });
      failed++;
    }
  }
  return { claimed: rows.length, sent, failed };
}

/** Every 10 s: the host hears of an arrival within seconds (a claimed row is never sent twice). */
export const hostsJobs: ScheduledJob<{ hosts: { deliverNotifications(): Promise<unknown> } }>[] = [
  { name: 'hosts.notify', everyMs: 10_000, run: (_deps, services) => services.hosts.deliverNotifications() },
];
