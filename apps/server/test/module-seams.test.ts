import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The seams between server modules are lint rules (eslint.config.js); this runs the project's own ESLint
 * configuration on small texts placed inside the tree, so a rule that stopped catching its case fails here.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

beforeAll(() => {
  // The texts are not files on disk, which import/no-cycle needs (it reads the importing file's exports).
  eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
});

/** The import-boundary complaints about `text` as if it were the file at `file` (relative to the root). */
const boundaryErrors = async (file: string, text: string) => {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import/no-restricted-paths')
    .map((m) => m.message);
};

describe('server module seams (lint)', () => {
  it("refuses a module importing another module's repository", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/teams/seam-fixture.ts',
      "import { listUsers } from '../users/users.repository.ts';\n\nexport const fixture = listUsers;\n",
    );
    expect(errors).toEqual([expect.stringContaining("never imports another module's repository or routes")]);
  });

  it("refuses another module's routes, from a module's tests as well", async () => {
    const errors = await boundaryErrors(
      'apps/server/src/modules/clients/__tests__/seam-fixture.test.ts',
      "import { registerTeamsModule } from '../../teams/teams.routes.ts';\n\nexport const fixture = registerTeamsModule;\n",
    );
    expect(errors).toEqual([expect.stringContaining("never imports another module's repository or routes")]);
  });

  it('refuses app.ts in module code, and platform code importing any module', async () => {
    const fromModule = await boundaryErrors(
      'apps/server/src/modules/teams/seam-fixture.ts',
      "import { buildApp } from '../../app.ts';\n\nexport const fixture = buildApp;\n",
    );
    expect(fromModule).toEqual([expect.stringContaining('a module never imports app.ts')]);
    const fromPlatform = await boundaryErrors(
      'apps/server/src/platform/seam-fixture.ts',
      "import { createTeamsService } from '../modules/teams/teams.service.ts';\n\nexport const fixture = createTeamsService;\n",
    );
    expect(fromPlatform).toEqual([expect.stringContaining('platform/ serves every module')]);
  });

  it("allows a module's own repository, another module's service, platform, and app.ts in tests", async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/modules/teams/seam-fixture.ts',
        [
          "import { listTeams } from './teams.repository.ts';",
          "import type { AuthService } from '../auth/auth.service.ts';",
          "import { likePattern } from '../../platform/sql-like.ts';",
          '',
          'export const fixture = (auth: AuthService) => [listTeams, likePattern, auth];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/sso/__tests__/seam-fixture.test.ts',
        "import { buildApp } from '../../../app.ts';\n\nexport const fixture = buildApp;\n",
      ),
    ).toEqual([]);
  });
});
