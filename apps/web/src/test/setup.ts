import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { loadShell, SHELL_LOAD_MS } from './utils';

// Route tests wait for lazily loaded pages, which can take over 1 s when the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the browser APIs Radix and the theme code rely on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
window.scrollTo = () => {};

// STYLE.md: a console.error during a test fails it unless the test expects it
// (by spying on console.error itself).
let consoleErrors: unknown[][] = [];
beforeEach(async () => {
  await loadShell();
  // sonner keeps its toasts in module state and shows the active ones to every new Toaster: a toast
  // from an earlier test (or file, as a worker's files share their modules) must not reach this one
  toast.dismiss();
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
}, SHELL_LOAD_MS + 5_000);

afterEach(() => {
  cleanup();
  const errors = consoleErrors;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.className = '';
  expect(errors, 'unexpected console.error').toEqual([]);
});
