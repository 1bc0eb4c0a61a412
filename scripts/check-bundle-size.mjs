// The sign-in screen's JavaScript budget (issue 10 §5): the gzipped size of every script the browser loads to
// show `/` to a signed-out user must stay within 150 kB. Those scripts are, from the build's
// .vite/manifest.json, the entry chunk and its static imports (the router imports the sign-in screen
// statically), plus the sign-in route's own chunk and its static imports if it is ever lazy-loaded again. Run after `npm run build`; prints the figure and each chunk, and exits 1 over the budget.
// Usage: node scripts/check-bundle-size.mjs [dist directory] (default apps/web/dist).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1000;
export const SIGN_IN_ROUTE_MODULE = 'src/app/routes/auth/sign-in.tsx';

/** Manifest keys of the chunks loaded by the given chunks and their static imports, transitively. */
export const staticClosure = (manifest, startKeys) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}.`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of startKeys) visit(key);
  return [...seen];
};

/** The chunks the sign-in route loads, each with its gzipped size in bytes (gzip level 9, as served). */
export const signInChunks = (distDir) => {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length === 0) throw new Error('The build manifest has no entry chunk.');
  const signInChunk = manifest[SIGN_IN_ROUTE_MODULE] ? [SIGN_IN_ROUTE_MODULE] : [];
  return staticClosure(manifest, [...entries, ...signInChunk])
    .map((key) => manifest[key].file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({
      file,
      gzipBytes: gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length,
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
};

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  const chunks = signInChunks(distDir);
  const total = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  for (const chunk of chunks) console.log(`  ${kB(chunk.gzipBytes).padStart(9)}  ${chunk.file}`);
  console.log(
    `Sign-in route JavaScript: ${kB(total)} gzipped in ${chunks.length} chunks (budget ${kB(BUDGET_BYTES)}).`,
  );
  if (total > BUDGET_BYTES) {
    console.error(
      `Over budget by ${kB(total - BUDGET_BYTES)}: keep the sign-in screen's imports small (lazy-load the rest).`,
    );
    process.exit(1);
  }
}
