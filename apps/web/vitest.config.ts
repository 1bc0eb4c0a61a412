import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A worker imports React, Mantine and the app once and runs file after file with them, instead of
    // importing them again in a new jsdom for every file (85 files: 240 → 118 s on 2 cores). What a module
    // keeps between renders is emptied after each test (src/test/setup.ts).
    isolate: false,
    // A screen test clicks through Mantine in jsdom: on 2 busy cores (npm test beside a build) one such
    // test took over 5 s, vitest's default; 15 s keeps a slow machine from failing a correct test.
    testTimeout: 15_000,
  },
});
