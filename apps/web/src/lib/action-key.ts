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

/**
 * The keys of the creates (issue 23 §4, ADR 0024): one ActionKey per address, so every screen
 * that creates something gets its key the same way (`api.create`), never a key of its own. The
 * key is per user intent: the same body sent again (the client's automatic retry after a network
 * error, or Save pressed again after a failure) reuses it and the server answers the first
 * answer; a changed body, or the next create after a success, gets a new key.
 */
export function createKeyring(newKey?: () => string) {
  const keys = new Map<string, ActionKey>();
  const of = (path: string) => {
    let key = keys.get(path);
    if (!key) {
      key = createActionKey(newKey);
      keys.set(path, key);
    }
    return key;
  };
  return {
    /** the Idempotency-Key for POSTing `body` to `path` */
    for: (path: string, body: unknown) => of(path).for(body),
    /** the create at `path` succeeded: the next one is a new intent */
    done: (path: string) => keys.get(path)?.done(),
  };
}
export const createKeys = createKeyring();
