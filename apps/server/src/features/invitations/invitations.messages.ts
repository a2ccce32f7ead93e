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
  /**
   * A renewal invitation (issue 25, ADR 0038): the current registration's expiration date,
   * YYYY-MM-DD. Its e-mail and reminders ask the person to renew, not to register.
   */
  renews?: { expDate: string };
}

export const langOf = (language: string): Lang => (language === 'es' ? 'es' : 'en');

export function invitationEmail(lang: Lang, v: InvitationText, reminder: { n: number } | null = null) {
  if (v.renews) return renewalEmail(lang, v, v.renews.expDate, reminder !== null);
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
        // ADR 0038: the renewal invitation brings the personal link
        'Para seguir visitando después de esa fecha, renuévelo con el enlace personal que le enviamos por correo electrónico, o comuníquese con la oficina del distrito.',
      ].join('\n'),
    };
  }
  return {
    subject: `Your ${v.typeName} registration expires on ${exp}`,
    body: [
      `Hello ${v.firstname},`,
      '',
      `Your ${v.typeName} registration with ${v.clientName} expires on ${exp}.`,
      // ADR 0038: the renewal invitation brings the personal link
      'To keep visiting after that date, renew it with the personal link we send you by e-mail, or contact the district office.',
    ].join('\n'),
  };
}

/**
 * The renewal invitation and its reminders (issue 25, ADR 0038; the expiry warning told people to
 * "contact the district office to renew it", which had no way to do so): the personal link opens
 * the type's form filled in from the registration on file, to be checked and signed again.
 */
export function renewalEmail(lang: Lang, v: InvitationText, currentExpDate: string, reminder: boolean) {
  const exp = formatUsDate(currentExpDate) ?? currentExpDate;
  if (lang === 'es') {
    return {
      subject: reminder
        ? `Recordatorio: renueve su registro de ${v.typeName} (${v.clientName})`
        : `Renueve su registro de ${v.typeName} (${v.clientName})`,
      body: [
        `Hola ${v.firstname}:`,
        '',
        `Su registro de ${v.typeName} con ${v.clientName} vence el ${exp}.`,
        'Para renovarlo, abra este enlace personal: el formulario ya tiene los datos de su registro actual. Revíselos, corrija lo que haya cambiado y firme de nuevo.',
        '',
        v.link,
        '',
        ...(reminder ? ['Este enlace reemplaza al de nuestros mensajes anteriores.', ''] : []),
        'La oficina del distrito aprobará la renovación como un registro nuevo. Si no desea renovarlo, puede ignorar este mensaje.',
      ].join('\n'),
    };
  }
  return {
    subject: reminder
      ? `Reminder: renew your ${v.typeName} registration (${v.clientName})`
      : `Renew your ${v.typeName} registration (${v.clientName})`,
    body: [
      `Hello ${v.firstname},`,
      '',
      `Your ${v.typeName} registration with ${v.clientName} expires on ${exp}.`,
      'To renew it, open this personal link: the form is filled in from your current registration. Check it, correct what has changed and sign again.',
      '',
      v.link,
      '',
      ...(reminder ? ['This link replaces the one in our earlier messages.', ''] : []),
      'The district office approves the renewal like a new registration. If you do not want to renew, you can ignore this message.',
    ].join('\n'),
  };
}
