import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API the dev and preview servers forward /api to; CENTRIC_API_URL overrides the default. */
const apiTarget = process.env.CENTRIC_API_URL ?? 'http://localhost:3000';
const apiProxy = { '/api': { target: apiTarget, changeOrigin: false } };
const outDir = fileURLToPath(new URL('./dist', import.meta.url));
/** The entry: index.html and the module it loads. */
const entryModules = ['./index.html', './src/main.tsx'].map((file) =>
  fileURLToPath(new URL(file, import.meta.url)),
);

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes `x.br` (brotli, best) and `x.gz` (gzip, best) beside every text file of the build, once, so that the
 * server sends them as they are (@fastify/static `preCompressed`) without compressing on each request.
 */
const precompress = (): Plugin => {
  let builtDir = outDir;
  return {
    name: 'centric-precompress',
    apply: 'build',
    configResolved(config) {
      builtDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : walk(full);
          return COMPRESSIBLE.test(entry.name) ? [full] : [];
        });
      for (const file of walk(builtDir)) {
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which chunks each route loads, for the sign-in screen's size budget
    // (scripts/check-bundle-size.mjs). The server does not serve it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // Everything the entry imports statically (React, the router, Mantine's core, the layouts, the
              // session) runs before any screen, on every route: one chunk for it, instead of some twenty small
              // ones that each screen shares, saves requests and about 10 kB of gzip (one dictionary). The entry
              // modules stay out of it: the entry chunk (which the manifest names) would be left empty.
              name: 'initial',
              tags: ['$initial'],
              test: (id: string) => !entryModules.includes(id),
            },
          ],
        },
      },
    },
  },
});
