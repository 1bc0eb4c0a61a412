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
    // A screen test clicks through Mantine in jsdom: on 2 busy cores (npm test beside a build) one such
    // test took over 5 s, vitest's default; 15 s keeps a slow machine from failing a correct test.
    testTimeout: 15_000,
  },
});
