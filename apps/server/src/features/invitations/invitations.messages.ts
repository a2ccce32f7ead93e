import { formatUsDate } from '@sv/domain';

/**
 * Texts of the invitation e-mail and SMS, the reminders and the expiry warning (spec 001 §2 "Send
 * registration", issue 11 reminder chain). Written in the registration type's language (§3
 * regLanguageType: English or Spanish), since the person invited answers the form in it.
 * Plain text only (the messenger sends text): no HTML to escape, nothing remote to load.
 */
export type Lang = 'en' | 'es';

export interface InvitationText {
  firstname: string;
  typeName: string;
  clientName: string;
  link: string;
  /** requested expiration date, YYYY-MM-DD, or null */
  expDate: string | null;
}

export const langOf = (language: string): Lang => (language === 'es' ? 'es' : 'en');

export function invitationEmail(lang: Lang, v: InvitationText, reminder: { n: number } | null = null) {
  const exp = v.expDate ? formatUsDate(v.expDate) : null;
  if (lang === 'es') {
    return {
      subject: reminder
        ? `Recordatorio: complete su registro de ${v.typeName} (${v.clientName})`
        : `Invitación para registrarse: ${v.typeName} (${v.clientName})`,
      body: [
        `Hola ${v.firstname}:`,
        '',
        reminder
          ? `Todavía no hemos recibido su registro de ${v.typeName} para ${v.clientName}.`
          : `${v.clientName} le invita a registrarse como ${v.typeName}.`,
        'Complete el formulario con este enlace personal (funciona en el teléfono):',
        '',
        v.link,
        '',
        ...(reminder ? ['Este enlace reemplaza al de nuestros mensajes anteriores.', ''] : []),
        ...(exp ? [`El registro solicitado vence el ${exp}.`, ''] : []),
        'El formulario pide su consentimiento para una verificación de antecedentes. Si no esperaba este mensaje, puede ignorarlo.',
      ].join('\n'),
    };
  }
  return {
    subject: reminder
      ? `Reminder: complete your ${v.typeName} registration (${v.clientName})`
      : `You are invited to register: ${v.typeName} (${v.clientName})`,
    body: [
      `Hello ${v.firstname},`,
      '',
      reminder
        ? `We have not yet received your ${v.typeName} registration for ${v.clientName}.`
        : `${v.clientName} invites you to register as ${v.typeName}.`,
      'Please fill in the form with this personal link (it works on a phone):',
      '',
      v.link,
      '',
      ...(reminder ? ['This link replaces the one in our earlier messages.', ''] : []),
      ...(exp ? [`The requested registration expires on ${exp}.`, ''] : []),
      'The form asks for your consent to a background check. If you did not expect this message, you can ignore it.',
    ].join('\n'),
  };
}

/** SMS (only when no e-mail address was given): short, the link on its own. */
export function invitationSms(lang: Lang, v: InvitationText, reminder = false) {
  if (lang === 'es') {
    return `${v.clientName}: ${reminder ? 'recordatorio, ' : ''}regístrese como ${v.typeName} aquí: ${v.link}`;
  }
  return `${v.clientName}: ${reminder ? 'reminder, ' : ''}please register as ${v.typeName} here: ${v.link}`;
}

/** One warning before an approved registration expires (issue 11 expiry chain). */
export function expiryWarningEmail(
  lang: Lang,
  v: { firstname: string; typeName: string; clientName: string; expDate: string },
) {
  const exp = formatUsDate(v.expDate) ?? v.expDate;
  if (lang === 'es') {
    return {
      subject: `Su registro de ${v.typeName} vence el ${exp}`,
      body: [
        `Hola ${v.firstname}:`,
        '',
        `Su registro de ${v.typeName} con ${v.clientName} vence el ${exp}.`,
        'Para seguir visitando después de esa fecha, comuníquese con la oficina del distrito para renovarlo.',
      ].join('\n'),
    };
  }
  return {
    subject: `Your ${v.typeName} registration expires on ${exp}`,
    body: [
      `Hello ${v.firstname},`,
      '',
      `Your ${v.typeName} registration with ${v.clientName} expires on ${exp}.`,
      'To keep visiting after that date, contact the district office to renew it.',
    ].join('\n'),
  };
}
