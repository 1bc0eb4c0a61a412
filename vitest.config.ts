import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, root: './apps/server', env: { TEST_DB: db } },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine. One per core
    // is faster here (measured in docs/performance.md, "Test suite").
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'contracts', root: './packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'billing', root: './packages/billing', include: ['src/**/*.test.ts'] } },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
