import { KIOSK_MESSAGES, MESSAGES } from '@sv/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from './index';
import { VISITOR_LANGUAGES } from './languages';
import { serverMessageIn } from './server-messages';
import { serverMessagesEs } from './server-messages.es';

const OTHERS = VISITOR_LANGUAGES.filter((l) => l !== 'en');

/**
 * Issue 25 (audit 002 U5), issue 29 §2: every sentence the server can send to the kiosk or a public
 * form has its translation in every visitor language, and a visitor never sees an English server
 * sentence in another language (the screen's own sentence instead).
 */
describe('server sentences at the kiosk and on public forms', () => {
  beforeAll(async () => {
    for (const lng of OTHERS) await loadLanguage(lng);
  });

  it('every kiosk constant of the contracts has its Spanish', () => {
    const kiosk = Object.values(KIOSK_MESSAGES).flatMap((m) => (typeof m === 'string' ? [m] : []));
    const shared = [
      MESSAGES.registrationNotFound,
      MESSAGES.registrationPending,
      MESSAGES.registrationDenied,
      MESSAGES.registrationExpired,
      MESSAGES.registrationUnderReview,
      MESSAGES.registrationSuspended,
      MESSAGES.registrationNotThisBuilding,
      MESSAGES.skywardFailed,
      MESSAGES.guardiansSisError,
      MESSAGES.invalidCredentials,
      MESSAGES.tooManyAttempts,
      MESSAGES.kioskAccountsOnly,
      MESSAGES.kioskLogoutPasswordRequired,
      MESSAGES.kioskLogoutPasswordWrong,
    ];
    const missing = [...kiosk, ...shared].filter((m: string) => !serverMessagesEs[m]);
    expect(missing).toEqual([]);
  });

  for (const lng of OTHERS.filter((l) => l !== 'es')) {
    it(`${lng} translates every sentence Spanish does`, () => {
      const missing = Object.keys(serverMessagesEs).filter((m) => serverMessageIn(lng, m, '∅') === '∅');
      expect(missing).toEqual([]);
      const leftEnglish = Object.keys(serverMessagesEs).filter((m) => serverMessageIn(lng, m, '∅') === m);
      expect(leftEnglish).toEqual([]);
    });
  }

  it('answers in the visitor’s language, the sentence as sent in English, and never English in another language', () => {
    expect(serverMessageIn('es', KIOSK_MESSAGES.studentNotFound, 'x')).toBe(
      'Ningún estudiante de esta escuela tiene este número y este apellido.',
    );
    expect(serverMessageIn('en', KIOSK_MESSAGES.studentNotFound, 'x')).toBe(KIOSK_MESSAGES.studentNotFound);
    expect(serverMessageIn('es', 'Something new the server says.', 'Pase a la oficina.')).toBe('Pase a la oficina.');
    expect(serverMessageIn('ar', 'Something new the server says.', 'يرجى التوجه إلى المكتب.')).toBe(
      'يرجى التوجه إلى المكتب.',
    );
  });

  it('the public form’s photo refusals are in Spanish (issue 25, audit 001 U16)', () => {
    expect(serverMessageIn('es', 'The photo must be a JPEG, PNG or WebP image.', 'x')).toBe(
      'La foto debe ser una imagen JPEG, PNG o WebP.',
    );
    expect(serverMessageIn('es', 'The photo is larger than 10 MB.', 'x')).toContain('10 MB');
  });
});
