import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API the dev and preview servers forward /api to; CENTRIC_API_URL overrides the default. */
const apiTarget = process.env.CENTRIC_API_URL ?? 'http://localhost:3000';
const apiProxy = { '/api': { target: apiTarget, changeOrigin: false } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
});
