import { afterEach, beforeEach, expect, vi } from 'vitest';

// A console.error during a test fails it, unless the test replaced the spy itself.
beforeEach(() => {
  vi.spyOn(console, 'error');
});
afterEach(() => {
  const spy = vi.mocked(console.error);
  const calls = spy.mock?.calls ?? [];
  vi.restoreAllMocks();
  expect(calls, 'console.error was called during the test').toEqual([]);
});
