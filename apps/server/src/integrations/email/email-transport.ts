import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Small interface so tests and demos can swap the transport from outside (integrations guide). */
export interface EmailTransport {
  send(message: OutgoingEmail): Promise<void>;
}

/** Real SMTP delivery through nodemailer. `url` like smtp://user:pass@host:587 or smtps://… */
export function createSmtpTransport(url: string, from: string): EmailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments,
      });
    },
  };
}
