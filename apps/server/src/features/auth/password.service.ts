import { MESSAGES, type TRequestPasswordEmail, type TSetPasswordRequest } from '@sv/contracts';
import { requirePermission } from '../../platform/auth/permission';
import { hashPassword, passwordProblem } from '../../platform/auth/passwords';
import { newToken, sha256 } from '../../platform/auth/tokens';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/http/app-error';
import type { RequestCtx } from '../../platform/http/request-context';
import type { ClientInfo } from './auth.service';
import { createLoginThrottle } from './login-throttle';
import { createPasswordRepository, type PasswordPurpose } from './password.repository';

/** Link lifetimes (issue 2 §3: single-use expiring links; security guide: short-lived). */
export const PASSWORD_LINK_HOURS: Record<PasswordPurpose, number> = { activation: 7 * 24, reset: 1 };
/** Quiet limits on the public request (issue 2 §3 "rate-limit quietly"): beyond them nothing is sent. */
export const PASSWORD_EMAILS_PER_ACCOUNT_PER_HOUR = 3;
export const PASSWORD_EMAILS_PER_ADDRESS_PER_HOUR = 20;

function emailText(purpose: PasswordPurpose, name: string, link: string) {
  if (purpose === 'activation') {
    return {
      subject: 'Activate your SafeVisitor account',
      text: [
        `Hello ${name},`,
        '',
        'A SafeVisitor account was created for you. Choose your password with this link within 7 days:',
        '',
        link,
        '',
        'The link works once. If you did not expect this e-mail, you can ignore it.',
      ].join('\n'),
    };
  }
  return {
    subject: 'Reset your SafeVisitor password',
    text: [
      `Hello ${name},`,
      '',
      'Someone asked to reset the password of your SafeVisitor account. Choose a new password with this link within 1 hour:',
      '',
      link,
      '',
      'The link works once. If you did not ask for this, you can ignore this e-mail: your password stays the same.',
    ].join('\n'),
  };
}

/**
 * Activation and reset e-mails and the set-password step (issue 2 §3; spec 000 §7
 * PUT /api/passwords "sends an activation or reset email"). Tokens are 256-bit random values;
 * only their SHA-256 is stored. The link carries the token in the URL fragment
 * (/Account/SetPassword#token=…) so it never reaches a server log or a Referer header.
 */
export function createPasswordService(deps: AppDeps, { repo }: { repo: ReturnType<typeof createPasswordRepository> }) {
  const throttle = createLoginThrottle(deps.db);

  /** Issues a link for the user and stores the e-mail in the outbox. Returns the message ids. */
  async function issue(user: {
    id: number;
    name: string;
    email: string;
    clientId: number | null;
    hasPassword: boolean;
  }) {
    const now = deps.now();
    const purpose: PasswordPurpose = user.hasPassword ? 'reset' : 'activation';
    const token = newToken();
    await repo.insertToken({
      userId: user.id,
      tokenHash: sha256(token),
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_LINK_HOURS[purpose] * 3600_000),
    });
    const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/Account/SetPassword#token=${token}`;
    const mail = emailText(purpose, user.name, link);
    const ids = await deps.messenger.enqueue([
      {
        clientId: user.clientId,
        channel: 'email',
        recipient: user.email,
        subject: mail.subject,
        body: mail.text,
        kind: 'password',
      },
    ]);
    return { ids, purpose };
  }

  return {
    /**
     * Public "forgot password". The answer is the same whether or not the address belongs to
     * an account, and delivery happens after the answer, so neither the body nor the timing
     * tells them apart (security guide: known and unknown e-mails answer the same).
     */
    async requestEmail(input: TRequestPasswordEmail, client: ClientInfo) {
      const now = deps.now();
      const fromAddress = await repo.countAddressRequest(client.ip, now);
      const user = await repo.findUserByEmail(input.email);
      const hourAgo = new Date(now.getTime() - 3600_000);
      const allowed =
        user?.active &&
        fromAddress <= PASSWORD_EMAILS_PER_ADDRESS_PER_HOUR &&
        (await repo.countTokensSince(user.id, hourAgo)) < PASSWORD_EMAILS_PER_ACCOUNT_PER_HOUR;
      if (user && allowed) {
        const { ids, purpose } = await issue(user);
        void deps.messenger.deliver(ids).catch(() => {
          // stays queued; the retry job delivers it later
        });
        await deps.audit.record(
          { requestId: client.requestId, ip: client.ip },
          {
            action: 'auth.password.email_requested',
            targetType: 'user',
            targetId: user.id,
            clientId: user.clientId,
            buildingId: user.buildingId,
            details: { purpose },
          },
        );
      } else {
        await deps.audit.record(
          { requestId: client.requestId, ip: client.ip },
          {
            action: 'auth.password.email_refused',
            targetType: 'user',
            targetId: user?.id ?? null,
            details: { email: input.email, reason: !user ? 'unknown' : !user.active ? 'inactive' : 'rate_limited' },
          },
        );
      }
      return { message: MESSAGES.passwordEmailRequested };
    },

    /** Users screen action (spec 000 §7): activation when the user has no password yet, else reset. */
    async sendForUser(ctx: RequestCtx, userId: number) {
      requirePermission(ctx.actor, 'users.manage');
      const user = await repo.findUserInScope(ctx.actor, userId);
      if (!user) throw notFound('User not found.');
      if (!user.active) throw badRequest(MESSAGES.userInactive);
      const { ids, purpose } = await issue(user);
      await deps.messenger.deliver(ids);
      await deps.audit.record(ctx, {
        action: 'user.password_email.sent',
        targetType: 'user',
        targetId: user.id,
        clientId: user.clientId,
        buildingId: user.buildingId,
        details: { purpose },
      });
      return { message: MESSAGES.emailSent };
    },

    /**
     * Sets the password from a link. Policy first (the token is not spent on a refused
     * password), then the token is consumed, and every session of the user ends.
     */
    async setPassword(input: TSetPasswordRequest, client: ClientInfo) {
      const now = deps.now();
      const token = await repo.findToken(sha256(input.token));
      if (!token || token.usedAt || token.expiresAt <= now || !token.active) {
        await deps.audit.record(
          { requestId: client.requestId, ip: client.ip },
          {
            action: 'auth.password.link_refused',
            targetType: 'user',
            targetId: token?.userId ?? null,
            details: {
              reason: !token ? 'unknown' : token.usedAt ? 'used' : token.expiresAt <= now ? 'expired' : 'inactive',
            },
          },
        );
        throw badRequest(MESSAGES.passwordLinkInvalid);
      }
      const problem = passwordProblem(input.password, token.email);
      if (problem) throw badRequest(problem, { password: [problem] });
      const ok = await repo.consumeTokenAndSetPassword(token.id, token.userId, await hashPassword(input.password), now);
      if (!ok) throw badRequest(MESSAGES.passwordLinkInvalid);
      await deps.sessions.destroyAllForUser(token.userId);
      // issue 10 §4: proving control of the mailbox ends any sign-in lock on the account
      await throttle.clearAccount(token.email);
      await deps.audit.record(
        { requestId: client.requestId, ip: client.ip },
        {
          action: 'auth.password.set',
          targetType: 'user',
          targetId: token.userId,
          clientId: token.clientId,
          buildingId: token.buildingId,
          details: { purpose: token.purpose },
        },
      );
      return { message: MESSAGES.passwordSet };
    },
  };
}
export type PasswordService = ReturnType<typeof createPasswordService>;
