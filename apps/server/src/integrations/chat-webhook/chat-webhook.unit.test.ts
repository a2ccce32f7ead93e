import { describe, expect, it } from 'vitest';
import { chatBody, chatWebhookUrlProblem } from './chat-webhook';

/** Issue 28 §4 (ADR 0053): only the services' own https hosts; the bodies their webhooks take. */
describe('incoming-webhook URLs', () => {
  it.each([
    ['slack', 'https://hooks.slack.com/services/T1/B1/x'],
    ['teams', 'https://contoso.webhook.office.com/webhookb2/abc'],
    ['teams', 'https://prod-01.westus.logic.azure.com:443/workflows/abc'],
  ] as const)('%s %s is accepted', (kind, url) => expect(chatWebhookUrlProblem(kind, url)).toBeNull());
  it.each([
    ['slack', 'http://hooks.slack.com/services/x'],
    ['slack', 'https://hooks.slack.com.evil.test/x'],
    ['slack', 'https://user:pw@hooks.slack.com/x'],
    ['teams', 'https://169.254.169.254/latest'],
    ['teams', 'http://127.0.0.1:8080/hook'],
    ['slack', 'not a url'],
  ] as const)('%s %s is refused', (kind, url) => expect(chatWebhookUrlProblem(kind, url)).not.toBeNull());
  it('loopback only when allowed (tests)', () => {
    expect(chatWebhookUrlProblem('teams', 'http://127.0.0.1:8080/hook', true)).toBeNull();
  });
  it('Slack gets text, Teams an Adaptive Card', () => {
    const m = { title: 'A has arrived', lines: ['at 9:05 AM'], link: { label: 'Photo', url: 'https://x.test/p' } };
    expect(chatBody('slack', m)).toEqual({ text: '*A has arrived*\nat 9:05 AM\n<https://x.test/p|Photo>' });
    expect(JSON.stringify(chatBody('teams', m))).toContain('"type":"AdaptiveCard"');
  });
});
