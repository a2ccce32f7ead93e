import { KIOSK_MESSAGES, MESSAGES } from '@sv/contracts';
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES_ES, serverMessageIn } from './server-messages';

/**
 * Issue 25 (audit 002 U5): every sentence the server can send to the kiosk has its Spanish, and
 * a Spanish speaker never sees an English server sentence (the screen's fallback instead).
 */
describe('server sentences at the kiosk and on public forms', () => {
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
    const missing = [...kiosk, ...shared].filter((m: string) => !SERVER_MESSAGES_ES[m]);
    expect(missing).toEqual([]);
  });

  it('answers the Spanish in Spanish, the sentence as sent in English, and never English in Spanish', () => {
    expect(serverMessageIn('es', KIOSK_MESSAGES.studentNotFound, 'x')).toBe(
      'Ningún estudiante de esta escuela tiene este número y este apellido.',
    );
    expect(serverMessageIn('en', KIOSK_MESSAGES.studentNotFound, 'x')).toBe(KIOSK_MESSAGES.studentNotFound);
    expect(serverMessageIn('es', 'Something new the server says.', 'Pase a la oficina.')).toBe('Pase a la oficina.');
  });
});
