import { CONSTANTS, personNameError, type TPublicForm, ZClientSettings, type ZPublicSubmission } from '@sv/contracts';
import { loadSharp } from '../../platform/lazy-modules';
import { canonicalName, cleanPersonName, isDobAcceptable, localDateOf } from '@sv/domain';
import type { z } from 'zod';
import { DD_STATUS } from '../../integrations/background-check/background-check';
import { sha256 } from '../../platform/auth/tokens';
import type { AppDeps } from '../../platform/deps';
import { normalizeImage, sniffImageType } from '../../platform/files/files';
import { AppError, badRequest, notFound } from '../../platform/http/app-error';
import { readStored } from '../clients';
import { type InvitationsRepository, langOf } from '../invitations';
import { newBadgeCode } from '../visits';
import { consentTexts } from './consent-texts';
import {
  createMemoryLimit,
  hitConfirmationLimit,
  hitPublicLimit,
  PUBLIC_LIMITS,
  RATE_LIMITED_MESSAGE,
} from '../../platform/http/public-rate-limit';
import type { PublicRegistrationRepository } from './public-registration.repository';

export const FORM_NOT_FOUND = 'This registration form was not found. Check the link you were given.';
export const INVITATION_INVALID =
  'This invitation link is no longer valid. Use the link in the most recent message you received, or ask the district office for a new invitation.';
export const DOB_INVALID = 'Enter a date of birth in the past (mm/dd/yyyy)';
export const STATE_INVALID = 'Choose your state';
export const PHOTO_INVALID = 'The photo must be a JPEG, PNG or WebP image.';
export const PHOTO_TOO_LARGE = 'The photo is larger than 10 MB.';
export const SIGNATURE_INVALID = 'Sign the form again.';

/** The request as the service needs it: never logged, never echoed back. */
export interface PublicClient {
  ip: string;
  userAgent: string;
  requestId: string;
}

/** 'data:image/png;base64,…' → bytes, or null when it is not an image data URL. */
function decodeDataUrl(value: string, types: readonly string[]): Buffer | null {
  const m = /^data:(image\/[a-z]+);base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!m || !types.includes(m[1])) return null;
  return Buffer.from(m[2], 'base64');
}

const reference = (registrationId: number) => `R-${registrationId}`;

function confirmationEmail(
  lang: 'en' | 'es',
  v: { firstname: string; typeName: string; clientName: string; ref: string },
) {
  // issue 23 §5: the mail goes to an address the submitter chose, so it carries nothing of theirs
  // but the cleaned first name, and only a name the person-name rule accepts (the contract already
  // refuses others; this keeps the mail safe whoever calls it)
  const name = personNameError(v.firstname) ? '' : cleanPersonName(v.firstname);
  if (lang === 'es') {
    return {
      subject: `Recibimos su registro (${v.ref})`,
      body: [
        name ? `Hola ${name}:` : 'Hola:',
        '',
        `${v.clientName} recibió su registro como ${v.typeName}. Su número de referencia es ${v.ref}.`,
        'La oficina del distrito revisará su solicitud y se comunicará con usted. Si no envió este registro, responda a la oficina del distrito.',
      ].join('\n'),
    };
  }
  return {
    subject: `We received your registration (${v.ref})`,
    body: [
      name ? `Hello ${name},` : 'Hello,',
      '',
      `${v.clientName} received your registration as ${v.typeName}. Your reference number is ${v.ref}.`,
      'The district office will review your request and contact you. If you did not send this registration, let the district office know.',
    ].join('\n'),
  };
}

/**
 * The public registration form (issue 11): no sign-in. The address (client id + URL code) names
 * one active registration type; an invitation token, when given, must be an open invitation of
 * that very type. Limits per address, a honeypot, checked and re-encoded images, and nothing of
 * what the applicant sends is shown back except their own confirmation reference.
 */
export function createPublicRegistrationService(
  deps: AppDeps,
  { repo, invitations }: { repo: PublicRegistrationRepository; invitations: InvitationsRepository },
) {
  const loads = createMemoryLimit(PUBLIC_LIMITS.load, deps.now);
  const rateLimited = () => new AppError('RATE_LIMITED', RATE_LIMITED_MESSAGE);

  /**
   * What the address names: an active registration type, or an active SafeVendor company (issue
   * 15; the company has no questions and an English form; ADR 0014).
   */
  async function typeOf(clientId: number, code: string) {
    const type = await repo.findActiveType(clientId, code);
    if (type) return { ...type, vendorCompanyId: null as number | null };
    const company = await repo.findActiveCompany(clientId, code);
    if (!company) throw notFound(FORM_NOT_FOUND);
    return {
      id: null as number | null,
      vendorCompanyId: company.id as number | null,
      clientId: company.clientId,
      name: company.name,
      language: 'en',
      attributes: [] as { name: string; value: string }[],
      clientName: company.clientName,
      clientSettings: company.clientSettings,
    };
  }

  return {
    async form(clientId: number, code: string, token: string | undefined, client: PublicClient): Promise<TPublicForm> {
      if (!loads(client.ip)) throw rateLimited();
      const type = await typeOf(clientId, code);
      // invitations are to registration types, and a SafeVendor renewal's to its company (ADR 0038)
      const owner = { typeId: type.id, companyId: type.vendorCompanyId };
      const invitation = token ? await repo.findOpenInvitation(owner, sha256(token)) : null;
      if (token && !invitation) throw notFound(INVITATION_INVALID);
      const language = langOf(type.language);
      // ADR 0038: a renewal link opens the form filled in from the registration it renews
      const renews = invitation?.renewalOfId ? await repo.renewalSource(invitation.renewalOfId, owner) : undefined;
      const asked = new Set(type.attributes.map((a) => a.name));
      return {
        clientName: type.clientName,
        registrationType: type.name,
        language,
        questions: type.attributes.map((a) => ({ name: a.name, hint: a.value })),
        ...consentTexts(language, {
          clientName: type.clientName,
          typeName: type.name,
          vendor: type.vendorCompanyId !== null,
        }),
        prefill: invitation
          ? {
              firstname: invitation.firstname,
              lastname: invitation.lastname,
              email: invitation.email,
              phone: invitation.phone,
              ...(renews
                ? {
                    // what the office may have corrected since the invitation went out
                    firstname: renews.firstname,
                    lastname: renews.lastname,
                    middlename: renews.middlename,
                    street1: renews.street1,
                    street2: renews.street2,
                    city: renews.city,
                    state: renews.state,
                    zipcode: renews.zipcode,
                    // the type's questions as they are asked today
                    answers: renews.answers.filter((a) => asked.has(a.name)),
                  }
                : { middlename: '', street1: '', street2: '', city: '', state: '', zipcode: '', answers: [] }),
            }
          : null,
        renewal: renews ? { expDate: renews.expDate, hasPhoto: renews.photoFileId !== null } : null,
        photoMaxBytes: CONSTANTS.photoMaxBytes,
        states: await repo.listStates(),
      };
    },

    async submit(
      clientId: number,
      code: string,
      body: z.output<typeof ZPublicSubmission>,
      client: PublicClient,
    ): Promise<{ ok: true; reference: string }> {
      if (!(await hitPublicLimit(deps.db, 'submit', client.ip, deps.now()))) throw rateLimited();
      // honeypot (issue 11): a filled hidden field is a robot. It gets the same answer as a
      // person, so it learns nothing, and nothing is stored or sent.
      if (body.website.trim() !== '') {
        return { ok: true, reference: reference(100_000 + Math.floor(Math.random() * 900_000)) };
      }
      const type = await typeOf(clientId, code);
      const owner = { typeId: type.id, companyId: type.vendorCompanyId };
      const invitation = body.invitation ? await repo.findOpenInvitation(owner, sha256(body.invitation)) : null;
      if (body.invitation && !invitation) throw notFound(INVITATION_INVALID);
      // ADR 0038: a renewal link renews its registration only for the same person (canonical
      // first and last name and date of birth, as ADR 0035 tells people apart); a forwarded link
      // filled in for someone else is an ordinary application, which supersedes nothing
      const original = invitation?.renewalOfId ? await repo.renewalSource(invitation.renewalOfId, owner) : undefined;
      const renews =
        original &&
        original.dob === body.dob &&
        canonicalName(original.firstname) === canonicalName(body.firstname) &&
        canonicalName(original.lastname) === canonicalName(body.lastname)
          ? original
          : null;

      const now = deps.now();
      const today = localDateOf(now, await invitations.districtTimeZone(type.clientId));
      const fieldErrors: Record<string, string[]> = {};
      // spec 001 §5: date of birth up to yesterday
      if (!isDobAcceptable(body.dob, today)) fieldErrors.dob = [DOB_INVALID];
      const stateList = await repo.listStates();
      if (!stateList.some((s) => s.abbreviation === body.state.toUpperCase())) fieldErrors.state = [STATE_INVALID];

      let photo: Buffer | null = null;
      if (body.photo) {
        const raw = decodeDataUrl(body.photo, ['image/jpeg', 'image/png', 'image/webp']);
        if (!raw || !sniffImageType(raw)) fieldErrors.photo = [PHOTO_INVALID];
        else if (raw.length > CONSTANTS.photoMaxBytes) fieldErrors.photo = [PHOTO_TOO_LARGE];
        else {
          try {
            photo = await normalizeImage(raw);
          } catch {
            fieldErrors.photo = [PHOTO_INVALID];
          }
        }
      }

      let signatureValue = body.signature.value.trim();
      if (body.signature.kind === 'typed') {
        if (signatureValue.length < 2 || signatureValue.length > 200) fieldErrors.signature = [SIGNATURE_INVALID];
      } else {
        const png = decodeDataUrl(signatureValue, ['image/png']);
        if (!png || sniffImageType(png) !== 'image/png') fieldErrors.signature = [SIGNATURE_INVALID];
        else {
          try {
            // re-encoded like every image we keep: what is stored is a plain PNG we produced
            const sharp = await loadSharp();
            const clean = await sharp(png, { limitInputPixels: 4_000_000, failOn: 'error' }).png().toBuffer();
            signatureValue = `data:image/png;base64,${clean.toString('base64')}`;
          } catch {
            fieldErrors.signature = [SIGNATURE_INVALID];
          }
        }
      }
      if (Object.keys(fieldErrors).length > 0) throw badRequest(Object.values(fieldErrors)[0][0], fieldErrors);

      const language = langOf(type.language);
      const texts = consentTexts(language, {
        clientName: type.clientName,
        typeName: type.name,
        vendor: type.vendorCompanyId !== null,
      });
      // only the type's own questions are kept, each once
      const asked = new Set(type.attributes.map((a) => a.name));
      const answers = [...new Map(body.answers.filter((a) => asked.has(a.name)).map((a) => [a.name, a])).values()];
      const backgroundCheck = readStored(ZClientSettings, type.clientSettings).backgroundCheck;
      const source = invitation ? 'invitation' : 'public';
      // issue 23 §5: at most CONFIRMATION_LIMIT confirmations per recipient; over it the
      // registration is saved and answered as usual, only the mail is not sent again
      const confirm = await hitConfirmationLimit(deps.db, body.email, now);

      const { id, messageIds } = await deps.db.transaction(async (tx) => {
        // a renewal keeps the photo on file unless a new one was chosen (ADR 0038)
        const photoFileId = photo ? await repo.insertPhoto(tx, type.clientId, photo) : (renews?.photoFileId ?? null);
        const registrationId = await repo.insertRegistration(tx, {
          clientId: type.clientId,
          registrationTypeId: type.id,
          vendor: type.vendorCompanyId !== null,
          vendorCompanyId: type.vendorCompanyId,
          firstname: body.firstname,
          middlename: body.middlename,
          lastname: body.lastname,
          email: body.email,
          phone: body.phone,
          dob: body.dob,
          street1: body.street1,
          street2: body.street2,
          city: body.city,
          state: body.state.toUpperCase(),
          zipcode: body.zipcode,
          photoFileId,
          // the inviter's requested expiration travels with the registration (§3 requestedExpirationDate)
          expDate: invitation?.requestedExpDate ?? null,
          // spec 001 §4: 4 In Queue until the sweep hands it to the provider
          ddStatus: backgroundCheck ? DD_STATUS.inQueue : null,
          answers,
          signature: {
            kind: body.signature.kind,
            value: signatureValue,
            signedAt: now.toISOString(),
            ip: client.ip,
            userAgent: client.userAgent.slice(0, 500),
            disclosureText: texts.disclosureText,
            authorizationText: texts.authorizationText,
            language,
          },
          source,
          invitationId: invitation?.id ?? null,
          renewalOfId: renews?.id ?? null,
          badgeCode: newBadgeCode(),
          createdAt: now,
        });
        if (renews) await repo.copyBuildings(tx, renews.id, registrationId);
        if (invitation && !(await repo.answerInvitation(tx, invitation.id, registrationId, now))) {
          throw notFound(INVITATION_INVALID); // answered by a concurrent submit: roll this one back
        }
        const mail = confirmationEmail(language, {
          firstname: body.firstname,
          typeName: type.name,
          clientName: type.clientName,
          ref: reference(registrationId),
        });
        const ids = confirm
          ? await deps.messenger.enqueue(
              [
                {
                  clientId: type.clientId,
                  channel: 'email',
                  recipient: body.email,
                  subject: mail.subject,
                  body: mail.body,
                  kind: 'registration-confirmation',
                },
              ],
              tx,
            )
          : [];
        await deps.audit.record(
          { requestId: client.requestId, ip: client.ip },
          {
            action: 'registration.public.submit',
            targetType: 'registration',
            targetId: registrationId,
            clientId: type.clientId,
            details: {
              registrationTypeId: type.id,
              vendorCompanyId: type.vendorCompanyId,
              source,
              invitationId: invitation?.id ?? null,
              renewalOfId: renews?.id ?? null,
              backgroundCheck,
              confirmation: confirm ? 'sent' : 'limited',
            },
          },
          tx,
        );
        return { id: registrationId, messageIds: ids };
      });
      await deps.messenger.deliver(messageIds).catch(() => undefined);
      return { ok: true, reference: reference(id) };
    },
  };
}
export type PublicRegistrationService = ReturnType<typeof createPublicRegistrationService>;
