import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import type { Reporter, TestModule } from 'vitest/node';

/** Prints one closing line, "N passed, N failed", that CI and people read at a glance. */
class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }
}

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    // a worker often waits (on the main process's transforms, a database round trip, a page's timers): one
    // and a half workers a core keeps the cores busy (docs/testing.md)
    maxWorkers: Math.max(2, Math.round(availableParallelism() * 1.5)),
    reporters: ['default', new ClosingLineReporter()],
  },
});
