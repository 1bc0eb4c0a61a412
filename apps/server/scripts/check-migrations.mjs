// Fails when the drizzle schema and the committed migrations disagree: drizzle-kit would write a new one.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const committed = path.join(serverDir, 'migrations');
// drizzle-kit takes --out relative to the working directory.
const scratchName = `.migrations-check-${process.pid}`;
const scratch = path.join(serverDir, scratchName);
mkdirSync(scratch, { recursive: true });
try {
  cpSync(committed, scratch, { recursive: true });
  const before = readdirSync(scratch).filter((f) => f.endsWith('.sql'));
  execFileSync(
    'npx',
    [
      'drizzle-kit',
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      '--out',
      scratchName,
      '--name',
      'pending',
    ],
    { cwd: serverDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // drizzle-kit can fail and still exit 0: the snapshot of a correct run must be there.
  if (!existsSync(path.join(scratch, 'meta', '_journal.json'))) throw new Error('drizzle-kit did not run');
  const added = readdirSync(scratch).filter((f) => f.endsWith('.sql') && !before.includes(f));
  if (added.length > 0) {
    console.error(
      `The schema has changes without a migration (${added.join(', ')}). Run: npm run db:generate`,
    );
    process.exitCode = 1;
  } else {
    console.log(`Migrations match the schema (${before.length} migration(s)).`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
