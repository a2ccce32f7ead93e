import {
  MESSAGES,
  ROLE,
  ROLE_NAMES,
  SSO_MESSAGES,
  type TActor,
  type TLoginRequest,
  type TRoleId,
  type TSessionUser,
} from '@sv/contracts';
import { AppError } from '../../platform/http/app-error';
import type { AppDeps } from '../../platform/deps';
import type { SessionRecord } from '../../platform/auth/session-store';
import { verifyPassword } from '../../platform/auth/passwords';
import { createAuthRepository } from './auth.repository';
import { createLoginThrottle } from './login-throttle';
import { buildNavLinks } from './nav-links';
import { addDeviceEntry, readDeviceCookie } from './trusted-device';

export interface ClientInfo {
  ip: string;
  userAgent: string;
  requestId: string;
}

/** Where logout sends each kind of user (spec 000 §2 "Logout goes to …"). */
export function logoutDestination(roleId: TRoleId, signedInWith: string) {
  if (roleId === ROLE.Kiosk) return '/safe/kiosk/login';
  if (signedInWith === 'microsoft') return '/Account/MicrosoftSignOut';
  return '/Account/Login';
}

export function createAuthService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createAuthRepository> }) {
  const throttle = createLoginThrottle(deps.db);

  async function sessionUser(session: Pick<SessionRecord, 'userId' | 'impersonatorId' | 'signedInWith'>) {
    const profile = await repo.getProfile(session.userId);
    if (!profile) throw new AppError('UNAUTHENTICATED', MESSAGES.sessionExpired);
    const actor: TActor = {
      userId: profile.id,
      roleId: profile.roleId as TRoleId,
      clientId: profile.clientId,
      buildingId: profile.buildingId,
      impersonatorId: session.impersonatorId,
    };
    const impersonator = session.impersonatorId ? await repo.getProfile(session.impersonatorId) : null;
    const user: TSessionUser = {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      roleId: profile.roleId as TSessionUser['roleId'],
      roleName: ROLE_NAMES[profile.roleId as TRoleId] ?? 'Unknown',
      clientId: profile.clientId,
      clientName: profile.clientName,
      buildingId: profile.buildingId,
      buildingName: profile.buildingName,
      buildingTimeZone: profile.buildingTimeZone,
      homepage: profile.homepage || '/',
      elevatedReports: profile.elevatedReports,
      scanWithCamera: profile.scanWithCamera,
      signedInWith:
        session.signedInWith === 'microsoft' || session.signedInWith === 'sso' ? session.signedInWith : 'password',
      links: buildNavLinks(actor),
      impersonatedBy: impersonator ? { id: impersonator.id, name: impersonator.name } : null,
    };
    return user;
  }

  async function requireKioskPassword(session: SessionRecord, client: ClientInfo, password: string | undefined) {
    if (!password)
      throw new AppError('VALIDATION_FAILED', MESSAGES.kioskLogoutPasswordRequired, {
        password: [MESSAGES.kioskLogoutPasswordRequired],
      });
    const now = deps.now();
    const profile = await repo.getProfile(session.userId);
    const email = profile?.email ?? '';
    if (await throttle.isLocked(email, client.ip, now)) {
      await deps.audit.record(
        { requestId: client.requestId, ip: client.ip },
        { action: 'auth.kiosk_logout.locked', targetType: 'user', targetId: session.userId },
      );
      throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
    }
    const account = email ? await repo.findUserForLogin(email) : null;
    if (!account || account.id !== session.userId || !(await verifyPassword(account.passwordHash, password))) {
      await throttle.recordFailure(email, client.ip, now);
      await deps.audit.record(
        { requestId: client.requestId, ip: client.ip },
        { action: 'auth.kiosk_logout.refused', targetType: 'user', targetId: session.userId },
      );
      throw new AppError('VALIDATION_FAILED', MESSAGES.kioskLogoutPasswordWrong, {
        password: [MESSAGES.kioskLogoutPasswordWrong],
      });
    }
    await throttle.recordSuccess(email);
  }

  return {
    sessionUser,

    /**
     * Email + password sign-in. Unknown e-mail, wrong password and a disabled account all
     * answer the same message (security guide), and take the same time. `deviceCookie` is the
     * browser's trusted-device cookie: a valid entry for this user (not itself exhausted) is not
     * bound by the account and address locks a stranger can trigger (issue 10 §4, ADR 0009).
     * Answers the session and the device cookie's new value.
     */
    async login(input: TLoginRequest, client: ClientInfo, deviceCookie?: string) {
      const now = deps.now();
      const user = await repo.findUserForLogin(input.email);
      const entries = readDeviceCookie(deps.config.APP_SECRET, deviceCookie, now);
      const claimed = user ? entries.find((e) => e.userId === user.id) : undefined;
      const device = claimed && (await throttle.deviceUsable(claimed.nonce, now)) ? claimed : undefined;
      if (!device && (await throttle.isLocked(input.email, client.ip, now))) {
        await deps.audit.record(
          { requestId: client.requestId, ip: client.ip },
          { action: 'auth.login.locked', details: { email: input.email } },
        );
        throw new AppError('RATE_LIMITED', MESSAGES.tooManyAttempts);
      }
      const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
      if (!user || !ok || !user.active) {
        if (device) await throttle.recordDeviceFailure(device.nonce, now);
        else await throttle.recordFailure(input.email, client.ip, now);
        await deps.audit.record(
          { requestId: client.requestId, ip: client.ip },
          {
            action: 'auth.login.failed',
            targetType: 'user',
            targetId: user?.id ?? null,
            details: { email: input.email, trustedDevice: Boolean(device) },
          },
        );
        throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
      }
      await throttle.recordSuccess(input.email, device?.nonce);
      // issue 30 §1: a district that requires SSO refuses its staff's passwords, except the named
      // break-glass administrator; said only after the right password (no account probing)
      if (user.ssoRequired && user.id !== user.breakGlassUserId && user.roleId !== ROLE.Kiosk) {
        await deps.audit.record(
          { requestId: client.requestId, ip: client.ip },
          { action: 'auth.login.sso_required', targetType: 'user', targetId: user.id },
        );
        throw new AppError('FORBIDDEN', SSO_MESSAGES.passwordRefused);
      }
      // the kiosk login admits kiosk accounts only, and starts no session for anyone else (issue 14)
      if (input.kiosk && user.roleId !== ROLE.Kiosk) {
        await deps.audit.record(
          { requestId: client.requestId, ip: client.ip },
          { action: 'auth.login.kiosk_refused', targetType: 'user', targetId: user.id },
        );
        throw new AppError('FORBIDDEN', MESSAGES.kioskAccountsOnly);
      }
      const session = await this.startSession(user.id, 'password', client);
      return { ...session, deviceCookie: addDeviceEntry(deps.config.APP_SECRET, entries, user.id, now) };
    },

    /** A new session id on every sign-in (security guide: session fixation). */
    async startSession(userId: number, signedInWith: 'password' | 'microsoft' | 'sso', client: ClientInfo) {
      const { token, csrfToken } = await deps.sessions.create({
        userId,
        signedInWith,
        ip: client.ip,
        userAgent: client.userAgent,
        now: deps.now(),
      });
      const user = await sessionUser({ userId, impersonatorId: null, signedInWith });
      await deps.audit.record(
        {
          actor: {
            userId,
            roleId: user.roleId as TRoleId,
            clientId: user.clientId,
            buildingId: user.buildingId,
            impersonatorId: null,
          },
          requestId: client.requestId,
          ip: client.ip,
        },
        { action: 'auth.login.succeeded', targetType: 'user', targetId: userId, details: { method: signedInWith } },
      );
      return { token, csrfToken, user };
    },

    /**
     * Ends the session. A kiosk session needs the kiosk account's password (issue 25, audit 002
     * U4: the lobby could log the kiosk out with one tap): missing or wrong, the kiosk stays signed
     * in (400, never 401, which would send the kiosk to its login); the wrong guesses count in the
     * sign-in's account and address buckets and a lock answers 429 like the sign-in (ADR 0009).
     * The kiosk's own browser is its trusted device, but the person guessing is a stranger in the
     * lobby: the device exemption does not apply here (ADR 0034).
     */
    async logout(session: SessionRecord, client: ClientInfo, password?: string) {
      if (session.user.roleId === ROLE.Kiosk) await requireKioskPassword(session, client, password);
      await deps.sessions.destroy(session.id);
      await deps.audit.record(
        {
          actor: {
            userId: session.userId,
            roleId: session.user.roleId,
            clientId: session.user.clientId,
            buildingId: session.user.buildingId,
            impersonatorId: session.impersonatorId,
          },
          requestId: client.requestId,
          ip: client.ip,
        },
        { action: 'auth.logout', targetType: 'user', targetId: session.userId },
      );
      return { redirectTo: logoutDestination(session.user.roleId, session.signedInWith) };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
export { ROLE_NAMES };
