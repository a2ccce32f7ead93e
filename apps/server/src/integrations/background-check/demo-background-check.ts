import { createHash } from 'node:crypto';
import type { BackgroundCheckAnswer, BackgroundCheckProvider, BackgroundCheckSubject } from './background-check';

/**
 * The built-in demo provider (integrations guide: a local provider so demos work offline). It
 * makes NO real check (issue 23 §2): a district uses it only when its Background Settings choose
 * it, and every screen and export that shows one of its results says "Demo provider: no real
 * check was made" (DEMO_CHECK_NOTE in @sv/domain).
 *
 * Deterministic: a subject whose first, middle or last name contains "review" (any case) needs
 * review with state-check issues, "conviction" needs review with a conviction; everyone else is
 * clear with a clear state check. Like a real agency it answers "in progress" when a check is
 * submitted and the verdict on the next status call, so the queue → in progress → verdict path runs.
 *
 * It keeps no store of its own (a restart must not lose checks): the reference carries the
 * verdict, `local-<c|r|v>-<hash of the external id>`. The hash keeps names out of the reference.
 */
export function createDemoBackgroundCheck(): BackgroundCheckProvider {
  return {
    kind: 'demo',
    async submit(subject: BackgroundCheckSubject): Promise<BackgroundCheckAnswer> {
      const names = `${subject.firstName} ${subject.middleName} ${subject.lastName}`.toLowerCase();
      const verdict = names.includes('conviction') ? 'v' : names.includes('review') ? 'r' : 'c';
      const digest = createHash('sha256').update(subject.externalId).digest('hex').slice(0, 16);
      return { reference: `local-${verdict}-${digest}`, status: 'in_progress' };
    },
    async status(reference: string): Promise<BackgroundCheckAnswer> {
      const m = /^local-([crv])-[0-9a-f]{16}$/.exec(reference);
      // a reference we did not issue is something a person must look at, never "clear"
      if (!m) return { reference, status: 'needs_review' };
      if (m[1] === 'c') return { reference, status: 'clear', stateCheck: 'clear', conviction: false };
      if (m[1] === 'r') return { reference, status: 'needs_review', stateCheck: 'issues', conviction: false };
      return { reference, status: 'needs_review', stateCheck: 'clear', conviction: true };
    },
  };
}
