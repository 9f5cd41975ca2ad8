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
    reporters: ['default', new ClosingLineReporter()],
  },
});
