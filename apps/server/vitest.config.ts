import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker imports the app once and runs file after file with it, instead of importing it again for
    // every file (about 2 s each). Each file still builds its own app on its own database copy
    // (test/harness.ts), and no server test mocks a module, so nothing leaks from one file into the next.
    isolate: false,
  },
});
