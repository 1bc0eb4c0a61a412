import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetSsoConfig } from '../features/auth/hooks/use-sso-config.ts';
import { clearSession } from '../lib/session.ts';

// findBy… and waitFor wait up to 5 s (default 1 s): a lazy route or a query answer can take longer than
// a second on 2 busy cores, and a correct screen must not fail for it.
configure({ asyncUtilTimeout: 5000 });

// Mantine reads these browser APIs, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = () => {};

// The test files share a worker's modules (vitest.config.ts, isolate: false): whatever a module keeps between
// renders (Mantine's toasts, the single sign-on answer) is emptied after each test, as a new page would be.
afterEach(() => {
  cleanup();
  notifications.clean();
  forgetSsoConfig();
  document.body.innerHTML = '';
  clearSession();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});
