import { VisuallyHidden } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/**
 * The one way to announce a change to screen readers (issue 29 §3, WCAG 4.1.3 Status Messages):
 * two live regions mounted once at the root of the app (`<LiveAnnouncer />`, main.tsx), present
 * before anything is said in them, so that screen readers announce what is added later.
 * - `announce.polite(text)`: a change the user should hear when they pause (the live dashboard's
 *   pushed changes);
 * - `announce.assertive(text)`: a result the user must hear at once (the screening verdict).
 * Each message is a new node in its region (the last few are kept), so several changes arriving
 * together are each read, and the same sentence said twice is read twice.
 */
export type Politeness = 'polite' | 'assertive';
type Message = { id: number; text: string };

const KEEP = 5;
let nextId = 1;
const state: Record<Politeness, Message[]> = { polite: [], assertive: [] };
const listeners = new Set<() => void>();

function say(politeness: Politeness, text: string) {
  const trimmed = text.trim();
  if (!trimmed) return;
  state[politeness] = [...state[politeness], { id: nextId++, text: trimmed }].slice(-KEEP);
  for (const l of listeners) l();
}

export const announce = {
  polite: (text: string) => say('polite', text),
  assertive: (text: string) => say('assertive', text),
};

/** Empties both regions (component tests, between tests). */
export function resetAnnouncements() {
  state.polite = [];
  state.assertive = [];
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

function Region({ politeness }: { politeness: Politeness }) {
  const messages = useSyncExternalStore(
    subscribe,
    () => state[politeness],
    () => state[politeness],
  );
  return (
    <div aria-live={politeness} aria-relevant="additions" data-testid={`announcer-${politeness}`}>
      {messages.map((m) => (
        <p key={m.id} style={{ margin: 0 }}>
          {m.text}
        </p>
      ))}
    </div>
  );
}

/** The two regions: mount once, at the root (main.tsx; the component tests' render does too). */
export function LiveAnnouncer() {
  return (
    <VisuallyHidden>
      <Region politeness="polite" />
      <Region politeness="assertive" />
    </VisuallyHidden>
  );
}
