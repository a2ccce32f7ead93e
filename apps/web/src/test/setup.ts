// Setup of the web component tests (vitest project 'web', happy-dom): the DOM matchers, the
// browser APIs Mantine reads that happy-dom lacks, the app's i18n, and a clean page per test.
import '@testing-library/jest-dom/vitest';
import '../lib/i18n/index';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAnnouncements } from '../components/announcer';
import { expectEveryRequestAnswered } from './fake-api';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { value: NoResizeObserver });
globalThis.ResizeObserver ??= NoResizeObserver as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
// Mantine's autosize Textarea listens for web fonts loading
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
  });
}

// findBy…/waitFor: a loaded 2-core machine may take more than the default second to answer
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // the toasts' store outlives the rendered host: a toast of one test must not show in the next
  notifications.clean();
  // the live regions' messages likewise (components/announcer)
  resetAnnouncements();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  expectEveryRequestAnswered();
});
