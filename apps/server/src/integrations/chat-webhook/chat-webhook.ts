/**
 * Microsoft Teams and Slack incoming webhooks (issue 28 §4, ADR 0053): the host told a visitor
 * arrived in the district's channel. One small interface, a real HTTP client for both services'
 * incoming-webhook protocol, and a local provider that keeps the messages in memory (demos, and a
 * district that has not set a URL). Nothing here knows a feature.
 */
export type ChatKind = 'teams' | 'slack';

export interface ChatMessage {
  /** one line: "Jamie Rivera has arrived at North High to see you." */
  title: string;
  /** further lines (building, time, the photo link) */
  lines: string[];
  /** a link the host may open (the visitor's photo, behind sign-in) */
  link?: { label: string; url: string };
}

export interface ChatWebhookClient {
  /** Posts the message to the incoming-webhook URL; throws with the service's status when refused. */
  post(kind: ChatKind, url: string, message: ChatMessage): Promise<void>;
}

/** Hosts of the services' incoming-webhook URLs (a district's URL must be one: no request to anywhere else). */
const ALLOWED_HOSTS: Record<ChatKind, RegExp> = {
  slack: /^hooks\.slack\.com$/i,
  // classic connectors (*.webhook.office.com) and Workflows (*.logic.azure.com, *.environment.api.powerplatform.com)
  teams: /(^|\.)(webhook\.office\.com|logic\.azure\.com|environment\.api\.powerplatform\.com)$/i,
};

/** Why a URL cannot be a district's incoming webhook, or null. `allowLoopback` for tests' local peer only. */
export function chatWebhookUrlProblem(kind: ChatKind, raw: string, allowLoopback = false): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter the incoming-webhook URL (https://…)';
  }
  if (allowLoopback && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname))
    return null;
  if (url.protocol !== 'https:') return 'The incoming-webhook URL must start with https://';
  if (url.username || url.password) return 'The incoming-webhook URL cannot hold a user name or password';
  if (!ALLOWED_HOSTS[kind].test(url.hostname))
    return kind === 'slack'
      ? 'Enter a Slack incoming-webhook URL (https://hooks.slack.com/…)'
      : 'Enter a Microsoft Teams incoming-webhook or Workflows URL';
  return null;
}

/** The bodies each service's incoming webhook takes. */
export function chatBody(kind: ChatKind, m: ChatMessage): unknown {
  if (kind === 'slack') {
    const link = m.link ? `\n<${m.link.url}|${m.link.label}>` : '';
    return { text: `*${m.title}*\n${m.lines.join('\n')}${link}` };
  }
  // Teams: an Adaptive Card in a message (both connectors and Workflows accept it)
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: {
          type: 'AdaptiveCard',
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: m.title, weight: 'Bolder', wrap: true },
            ...m.lines.map((text) => ({ type: 'TextBlock', text, wrap: true })),
          ],
          ...(m.link ? { actions: [{ type: 'Action.OpenUrl', title: m.link.label, url: m.link.url }] } : {}),
        },
      },
    ],
  };
}

/** The real client: POST JSON, 10 s time-out, no redirects followed (a redirect is a refusal). */
export function createHttpChatWebhookClient(opts: { allowLoopback?: boolean } = {}): ChatWebhookClient {
  return {
    async post(kind, url, message) {
      const problem = chatWebhookUrlProblem(kind, url, opts.allowLoopback);
      if (problem) throw new Error(problem);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(chatBody(kind, message)),
        redirect: 'manual',
        signal: AbortSignal.timeout(10_000),
      });
      // drain the body so the connection is reused
      await res.arrayBuffer().catch(() => undefined);
      if (res.status < 200 || res.status >= 300)
        throw new Error(`${kind === 'slack' ? 'Slack' : 'Teams'} answered ${res.status}`);
    },
  };
}

/** The local provider: keeps what would have been posted (the last 500), for demos and tests. */
export function createLocalChatWebhookClient(): ChatWebhookClient & {
  sent: { kind: ChatKind; url: string; message: ChatMessage }[];
} {
  const sent: { kind: ChatKind; url: string; message: ChatMessage }[] = [];
  return {
    sent,
    async post(kind, url, message) {
      sent.push({ kind, url, message });
      if (sent.length > 500) sent.shift();
    },
  };
}
