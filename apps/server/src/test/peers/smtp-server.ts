import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the local SMTP peer received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** the decoded text body (quoted-printable and base64 undone; the text/plain part of a multipart mail) */
  text: string;
  /** the parts with a file name (multipart mails), decoded */
  attachments: { filename: string; contentType: string; content: Buffer }[];
  raw: string;
}

export interface SmtpPeer {
  port: number;
  /** smtp://127.0.0.1:port — pass as SMTP_URL */
  url: string;
  messages: ReceivedMail[];
  /** resolves with the first received message matching `match` (waits for it to arrive) */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i];
    if (c === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Encoded-word subjects (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) as nodemailer writes them for non-ASCII text. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=\s*/gi, (_m, _charset, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

interface MailPart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MailPart {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(part: MailPart): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return Buffer.from(decodeQuotedPrintable(part.body), 'utf8');
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  return Buffer.from(part.body, 'utf8');
}

/** The leaf parts of a message (multipart/* split by its boundary, recursively). */
function leafParts(part: MailPart): MailPart[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /^multipart\//i.test(type) ? /boundary="?([^";]+)"?/i.exec(type)?.[1] : undefined;
  if (!boundary) return [part];
  const sections = part.body.split(`--${boundary}`).slice(1);
  return sections
    .filter((sec) => !sec.startsWith('--'))
    .flatMap((sec) => leafParts(splitPart(sec.replace(/^\r?\n/, '').replace(/\r?\n$/, ''))));
}

/** Splits an RFC 5322 message into subject, decoded text and decoded attachments (single or multipart). */
export function parseMail(raw: string): {
  subject: string;
  text: string;
  attachments: ReceivedMail['attachments'];
} {
  const top = splitPart(raw);
  const leaves = leafParts(top);
  const fileName = (p: MailPart) =>
    /filename="?([^";]+)"?/i.exec(
      `${p.headers.get('content-disposition') ?? ''}; ${p.headers.get('content-type') ?? ''}`,
    )?.[1];
  const textPart =
    leaves.find((p) => !fileName(p) && /^text\/plain|^$/i.test(p.headers.get('content-type') ?? '')) ?? leaves[0];
  const text = textPart ? decodeBody(textPart).toString('utf8') : '';
  const attachments = leaves.flatMap((p) => {
    const filename = fileName(p);
    if (!filename) return [];
    return [
      { filename, contentType: (p.headers.get('content-type') ?? '').split(';')[0].trim(), content: decodeBody(p) },
    ];
  });
  return {
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n').trimEnd(),
    attachments,
  };
}

/**
 * A local SMTP server that records what it receives (issue 2 §7: "Tests deliver through a
 * local SMTP server"). No TLS and no authentication: it listens on 127.0.0.1 only. Plain async
 * function so both the API tests and the Playwright suite can use it.
 */
/** `delayMs`: how long the peer takes to accept each message (a slow mail server, issue 23 §3). */
export async function startSmtpServer(opts: { port?: number; delayMs?: number } = {}): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject,
          text: parsed.text,
          attachments: parsed.attachments,
          raw,
        });
        const accept = () => {
          for (const w of waiters) w();
          callback();
        };
        if (opts.delayMs) setTimeout(accept, opts.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(onMessage);
          resolve(found);
          return true;
        };
        const onMessage = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(onMessage);
          reject(new Error(`no matching e-mail within ${timeoutMs} ms (received ${messages.length})`));
        }, timeoutMs);
        waiters.add(onMessage);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
