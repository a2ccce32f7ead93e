import type { MessageInput } from '../../platform/messaging/messenger';
import { type InvitationText, invitationEmail, invitationSms, type Lang } from './invitations.messages';

/** Digits of a phone number; a number we can text has 10 to 15 (E.164 length, US 10). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');
export const PHONE_INVALID = 'Enter a phone number with 10 to 15 digits';
export const DATE_IN_PAST = 'The expiration date cannot be before today';
export const INVITATION_OPEN =
  'An invitation to this person for this registration type is still open, so nothing was sent again. They can use the link they already received.';
export const TYPE_INACTIVE = 'This registration type is inactive. Choose an active registration type.';

/**
 * The person of an invitation, for "no duplicate while open" (schema registration_invitations
 * dedupe_key): the e-mail address when given, else the phone's last 10 digits (a leading country
 * code 1 or not is the same phone).
 */
export function dedupeKeyOf(email: string, phone: string): string {
  if (email) return `e:${email.trim().toLowerCase()}`;
  return `p:${phoneDigits(phone).slice(-10)}`;
}

/**
 * §5 rules the contract cannot check alone: the expiration date is not before the district's
 * today; a phone, when given, has enough digits to text. Answers field errors (empty = fine).
 */
export function inviteeProblems(
  v: { phone: string; requestedExpDate: string | null },
  today: string,
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (v.phone) {
    const n = phoneDigits(v.phone).length;
    if (n < 10 || n > 15) out.phoneNumber = [PHONE_INVALID];
  }
  if (v.requestedExpDate !== null && v.requestedExpDate < today) out.requestedExpirationDate = [DATE_IN_PAST];
  return out;
}

/**
 * The personal link (issue 11): the public form of the type with the invitation token as a
 * query parameter. The token is a capability, not personal data; no name or address is ever in
 * it. Logs carry route templates only, never this URL (architecture guide).
 */
export function invitationLink(publicUrl: string, clientId: number, code: string, token: string) {
  return `${publicUrl.replace(/\/$/, '')}/register/${clientId}/${encodeURIComponent(code)}?invitation=${token}`;
}

/** E-mail when there is an address; an SMS when only a phone was given (issue 11). */
export function invitationMessages(
  lang: Lang,
  to: { clientId: number; email: string; phone: string },
  text: InvitationText,
  reminder: { n: number } | null,
): MessageInput[] {
  const kind = text.renews
    ? reminder
      ? 'registration-renewal-reminder'
      : 'registration-renewal-invitation'
    : reminder
      ? 'registration-invitation-reminder'
      : 'registration-invitation';
  if (to.email) {
    const mail = invitationEmail(lang, text, reminder);
    return [
      {
        clientId: to.clientId,
        channel: 'email',
        recipient: to.email,
        subject: mail.subject,
        body: mail.body,
        kind,
      },
    ];
  }
  return [
    {
      clientId: to.clientId,
      channel: 'sms',
      recipient: to.phone,
      body: invitationSms(lang, text, reminder !== null),
      kind,
    },
  ];
}
