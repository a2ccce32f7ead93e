import { createHash } from 'node:crypto';
import type { BackgroundCheckAnswer, BackgroundCheckProvider, BackgroundCheckSubject } from './background-check';

/**
 * Built-in provider for demos, offline installs and tests (integrations guide). Deterministic:
 * a subject whose first, middle or last name contains "review" (any case) needs review, everyone
 * else is clear. Like a real agency it answers "in progress" when a check is submitted and the
 * verdict on the next status call, so the product's queue → in progress → verdict path runs.
 *
 * It keeps no store of its own (a restart must not lose checks): the reference carries the
 * verdict, `local-<c|r>-<hash of the external id>`. The hash keeps names out of the reference.
 */
export function createLocalBackgroundCheck(): BackgroundCheckProvider {
  return {
    kind: 'local',
    async submit(subject: BackgroundCheckSubject): Promise<BackgroundCheckAnswer> {
      const names = `${subject.firstName} ${subject.middleName} ${subject.lastName}`.toLowerCase();
      const verdict = names.includes('review') ? 'r' : 'c';
      const digest = createHash('sha256').update(subject.externalId).digest('hex').slice(0, 16);
      return { reference: `local-${verdict}-${digest}`, status: 'in_progress' };
    },
    async status(reference: string): Promise<BackgroundCheckAnswer> {
      const m = /^local-([cr])-[0-9a-f]{16}$/.exec(reference);
      // a reference we did not issue is something a person must look at, never "clear"
      if (!m) return { reference, status: 'needs_review' };
      return { reference, status: m[1] === 'r' ? 'needs_review' : 'clear' };
    },
  };
}
