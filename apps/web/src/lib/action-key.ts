/**
 * One Idempotency-Key per user action (security guide; issue 10 §5): a retry of the same request
 * (after a timeout, a network drop, a double click) reuses the key, so the server answers the
 * first result instead of acting twice; a changed request, or the next action after a success,
 * gets a new key (the server refuses a key reused for a different request).
 */
export function createActionKey(newKey: () => string = () => crypto.randomUUID()) {
  let current: { key: string; request: string } | null = null;
  return {
    /** the key for this request */
    for(request: unknown): string {
      const text = JSON.stringify(request ?? null);
      if (!current || current.request !== text) current = { key: newKey(), request: text };
      return current.key;
    },
    /** the action succeeded: the next request is a new action */
    done() {
      current = null;
    },
  };
}
export type ActionKey = ReturnType<typeof createActionKey>;
